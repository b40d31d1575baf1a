import { dataOf, ZIndexTree } from '@liftguard/contract';
import { scopeOf } from '../../platform/auth.ts';
import type { Module } from '../../platform/context.ts';
import { indexTree } from './repo.ts';

export const dashboardModule: Module = {
  name: 'dashboard',
  register(api, ctx) {
    api.get(
      '/indextree',
      {
        schema: {
          tags: ['dashboard'],
          summary: 'Home dashboard counters of the current scope (SPEC.md §2)',
          response: { 200: dataOf(ZIndexTree) },
        },
      },
      async (req) => ({ data: await indexTree(ctx.db, scopeOf(req)) }),
    );
  },
};
