import { dataOf, pageOf, SIM_IMPORT_COLUMNS, ZIdBody, ZOk, ZSim, ZSimForm, ZSimListQuery, ZSimUpdateRequest } from '@liftguard/contract';
import { z } from 'zod';
import type { Module } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { auditWrite, callerOf } from '../lift/caller.ts';
import { importStarter } from '../lift/import-route.ts';
import { xlsxBuffer } from '../lift/spreadsheet.ts';
import { simChunkHandler } from './import.ts';
import * as repo from './repo.ts';
import { createSim, deleteSim, updateSim } from './service.ts';

const tags = ['sim'];
type Row = NonNullable<Awaited<ReturnType<typeof repo.findSim>>>;
const present = (r: Row) => ({
  ...r,
  traffic_total_mb: r.traffic_total_mb === null ? null : Number(r.traffic_total_mb),
  traffic_used_mb: Number(r.traffic_used_mb),
  created_at: new Date(r.created_at as unknown as string).toISOString(),
});

export const simModule: Module = {
  name: 'sim',
  register(api, ctx) {
    const { db } = ctx;
    const startImport = importStarter(ctx);

    api.get(
      '/device/sim/list',
      { schema: { tags, summary: 'SIM cards in scope', querystring: ZSimListQuery, response: { 200: dataOf(pageOf(ZSim)) } } },
      async (req) => {
        const caller = callerOf(req);
        const { rows, total } = await repo.listSims(db, caller, req.query);
        return { data: { list: rows.map(present), pageNumber: req.query.page, totalRow: total } };
      },
    );

    api.get(
      '/device/sim/detail',
      {
        schema: {
          tags,
          summary: 'One SIM card',
          querystring: z.object({ id: z.coerce.number().int().positive() }),
          response: { 200: dataOf(ZSim) },
        },
      },
      async (req) => {
        const row = await repo.findSim(db, callerOf(req), req.query.id);
        if (!row) throw new AppError(4064);
        return { data: present(row) };
      },
    );

    api.post(
      '/device/sim/add',
      { schema: { tags, summary: 'Add a SIM card', body: ZSimForm, response: { 200: dataOf(z.object({ id: z.number() })) } } },
      async (req) => {
        const caller = callerOf(req);
        const id = await createSim(db, caller, req.body);
        await auditWrite(db, req, caller, 'sim.create', `sim:${id}`, { imsi: req.body.imsi });
        return { data: { id } };
      },
    );

    api.put(
      '/device/sim/update',
      { schema: { tags, summary: 'Update a SIM card', body: ZSimUpdateRequest, response: { 200: ZOk } } },
      async (req) => {
        const caller = callerOf(req);
        const { id, ...form } = req.body;
        await updateSim(db, caller, id, form);
        await auditWrite(db, req, caller, 'sim.update', `sim:${id}`, { fields: Object.keys(form) });
        return { data: true as const };
      },
    );

    api.post(
      '/device/sim/delete',
      { schema: { tags, summary: 'Delete a SIM card', body: ZIdBody, response: { 200: ZOk } } },
      async (req) => {
        const caller = callerOf(req);
        await deleteSim(db, caller, req.body.id);
        await auditWrite(db, req, caller, 'sim.delete', `sim:${req.body.id}`);
        return { data: true as const };
      },
    );

    api.get('/device/sim/import/template', { schema: { tags, summary: 'SIM import template (xlsx)' } }, async (_req, reply) => {
      const buf = await xlsxBuffer('sims', SIM_IMPORT_COLUMNS);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="sim-import-template.xlsx"')
        .send(buf);
    });

    api.post(
      '/device/sim/import',
      {
        schema: {
          tags,
          summary: 'Start a SIM import from csv/xlsx/xls; progress at /device/import/progress',
          consumes: ['multipart/form-data'],
          response: { 200: dataOf(z.object({ id: z.number() })) },
        },
      },
      async (req) => {
        const id = await startImport(req, {
          kind: 'sim',
          columns: SIM_IMPORT_COLUMNS,
          required: ['imsi'],
          handler: (caller) => simChunkHandler(db, caller),
        });
        return { data: { id } };
      },
    );
  },
};
