import { dataOf, ErrorCodes, pageOf, ZSignatureRequest, ZSmsListQuery, ZSmsRecordItem, ZSmsUsage } from '@liftguard/contract';
import { z } from 'zod';
import { scopeOf } from '../../platform/auth.ts';
import { Channels } from '../../platform/bus.ts';
import type { Module } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import * as taskService from '../task/service.ts';
import * as repo from './repo.ts';
import { startSmsAlerts } from './service.ts';

const tags = ['sms'];
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export const smsModule: Module = {
  name: 'sms',
  register(api, ctx) {
    startSmsAlerts(
      ctx,
      (handler) => ctx.bus.subscribe(Channels.faultRaised, handler),
      (err) => api.log.error({ err }, 'alert sweeper failed'),
    );

    api.get(
      '/sms/list',
      {
        schema: {
          tags,
          summary: 'Every fault SMS of the scope, sent or not, with the reason',
          querystring: ZSmsListQuery,
          response: { 200: dataOf(pageOf(ZSmsRecordItem)) },
        },
      },
      async (req) => {
        const q = req.query;
        const { rows, total } = await repo.listRecords(ctx.db, scopeOf(req), q);
        return {
          data: {
            list: rows.map((r) => ({
              ...r,
              id: Number(r.id),
              fault_id: r.fault_id === null ? null : Number(r.fault_id),
              insert_time: new Date(r.created_at).toISOString(),
              sent_at: iso(r.sent_at),
            })),
            pageNumber: q.page,
            totalRow: total,
          },
        };
      },
    );

    api.get(
      '/sms/usage',
      {
        schema: {
          tags,
          summary: 'SMS setting, count, limit and signature state of the current company',
          response: { 200: dataOf(ZSmsUsage) },
        },
      },
      async (req) => {
        const c = await repo.findCompanySms(ctx.db, scopeOf(req).companyId);
        if (!c) throw new AppError(ErrorCodes.NOT_FOUND);
        const state = taskService.signatureState(c);
        return {
          data: {
            sms_enable: c.sms_enable,
            sms_count: c.sms_count,
            sms_limit: c.sms_limit,
            sms_signature: c.sms_signature,
            sms_signature_enabled: state === 'none' ? null : c.sms_signature_enabled,
            signature_state: state,
          },
        };
      },
    );

    api.put(
      '/sms/signature',
      {
        schema: {
          tags,
          summary: 'Ask for (or after a rejection, edit and ask again for) the company SMS signature',
          body: ZSignatureRequest.extend({ sms_signature: z.string().max(100) }),
          response: {
            200: dataOf(
              z.object({ sms_signature: z.string(), sms_signature_enabled: z.number(), signature_state: z.string(), task_id: z.number() }),
            ),
          },
        },
      },
      async (req) => ({ data: await taskService.requestSignature(ctx, scopeOf(req), req.body.sms_signature, req.ip) }),
    );
  },
};
