import {
  dataOf,
  pageOf,
  ZFaultCodeItem,
  ZFaultCount,
  ZFaultItem,
  ZFaultListQuery,
  ZFaultProcessRequest,
  ZFaultSettingItem,
  ZFaultSettingsUpdate,
  ZPageQuery,
  ZTiringItem,
} from '@liftguard/contract';
import { z } from 'zod';
import { scopeOf } from '../../platform/auth.ts';
import type { Module } from '../../platform/context.ts';
import * as repo from './repo.ts';
import * as service from './service.ts';

const tags = ['fault'];

export const faultModule: Module = {
  name: 'fault',
  register(api, ctx) {
    api.get(
      '/fault/list',
      {
        schema: {
          tags,
          summary: 'Faults of the scope (latest three years) with filters',
          querystring: ZFaultListQuery,
          response: { 200: dataOf(pageOf(ZFaultItem)) },
        },
      },
      async (req) => ({ data: await service.listFaults(ctx, scopeOf(req), req.query, req.locale) }),
    );

    api.put(
      '/fault/process',
      {
        schema: {
          tags,
          summary: 'Mark an untreated fault processed, with a note',
          body: ZFaultProcessRequest,
          response: { 200: dataOf(z.object({ id: z.number().int(), state: z.literal('processed'), processed_at: z.string() })) },
        },
      },
      async (req) => ({ data: await service.processFault(ctx, scopeOf(req), req.body.id, req.body.note, req.ip) }),
    );

    api.get(
      '/fault/count',
      {
        schema: {
          tags,
          summary: 'Open faults of the scope (header badge) and how many trap passengers',
          response: { 200: dataOf(ZFaultCount) },
        },
      },
      async (req) => ({ data: await repo.countOpen(ctx.db, scopeOf(req)) }),
    );

    api.get(
      '/fault/tiringlist',
      {
        schema: {
          tags,
          summary: 'Open faults with passengers trapped',
          querystring: ZPageQuery,
          response: { 200: dataOf(pageOf(ZTiringItem)) },
        },
      },
      async (req) => ({ data: await service.trapped(ctx, scopeOf(req), req.query, req.locale) }),
    );

    api.get(
      '/fault/codes',
      { schema: { tags, summary: 'The fault-code catalogue in the caller language', response: { 200: dataOf(z.array(ZFaultCodeItem)) } } },
      async (req) => ({ data: service.codeCatalogue(req.locale) }),
    );

    api.get(
      '/fault/settings',
      {
        schema: {
          tags,
          summary: 'Which codes alert on screen and by SMS for the current company',
          response: { 200: dataOf(z.array(ZFaultSettingItem)) },
        },
      },
      async (req) => ({ data: await service.settings(ctx, scopeOf(req), req.locale) }),
    );

    api.put(
      '/fault/settings',
      {
        schema: {
          tags,
          summary: 'Change which codes alert on screen and by SMS',
          body: ZFaultSettingsUpdate,
          response: { 200: dataOf(z.literal(true)) },
        },
      },
      async (req) => {
        await service.saveSettings(ctx, scopeOf(req), req.body, req.ip);
        return { data: true as const };
      },
    );
  },
};
