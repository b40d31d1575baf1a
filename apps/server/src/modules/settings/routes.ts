import { dataOf, ZLiftStateSettings, ZLiftStateSettingsUpdate } from '@liftguard/contract';
import { scopeOf } from '../../platform/auth.ts';
import type { Module } from '../../platform/context.ts';
import { getSettings } from './repo.ts';
import { updateSettings } from './service.ts';

const tags = ['settings'];

export const settingsModule: Module = {
  name: 'settings',
  register(api, ctx) {
    api.get(
      '/settings/get',
      { schema: { tags, summary: 'Lift-state parameter settings of the current company', response: { 200: dataOf(ZLiftStateSettings) } } },
      async (req) => ({ data: await getSettings(ctx.db, scopeOf(req).companyId) }),
    );
    api.put(
      '/settings/update',
      {
        schema: {
          tags,
          summary: 'Change lift-state parameter settings of the current company',
          body: ZLiftStateSettingsUpdate,
          response: { 200: dataOf(ZLiftStateSettings) },
        },
      },
      async (req) => ({ data: await updateSettings(ctx.db, scopeOf(req), req.body, req.ip) }),
    );
  },
};
