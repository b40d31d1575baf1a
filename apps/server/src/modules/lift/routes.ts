import {
  dataOf,
  LIFT_IMPORT_COLUMNS,
  LIFT_VARIETY_IDS,
  pageOf,
  varietyName,
  ZIdBody,
  ZImportJob,
  ZLift,
  ZLiftBatchEditRequest,
  ZLiftCreateRequest,
  ZLiftListQuery,
  ZLiftMapPoint,
  ZLiftRenewRequest,
  ZLiftUpdateRequest,
  ZOk,
} from '@liftguard/contract';
import { z } from 'zod';
import type { Module } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { auditWrite, callerOf } from './caller.ts';
import { exportLifts } from './export.ts';
import { liftChunkHandler } from './import.ts';
import { readJob } from './import-job.ts';
import { importStarter } from './import-route.ts';
import { LIFT_IMPORT_REQUIRED } from './import-row.ts';
import { presentLift, presentPoint } from './present.ts';
import * as repo from './repo.ts';
import { batchEdit, createLift, deleteLift, renewLift, restoreLift, updateLift } from './service.ts';
import { xlsxBuffer } from './spreadsheet.ts';

const tags = ['lift'];
const ZPage = dataOf(pageOf(ZLift));
const ZIdQuery = z.object({ id: z.coerce.number().int().positive() });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const liftModule: Module = {
  name: 'lift',
  register(api, ctx) {
    const { db } = ctx;
    const startImport = importStarter(ctx);

    const list = (mode: repo.LiftListMode) => async (req: { query: z.infer<typeof ZLiftListQuery> } & Parameters<typeof callerOf>[0]) => {
      const caller = callerOf(req);
      const { rows, total } = await repo.listLifts(db, caller, caller.userId, req.query, mode);
      const now = new Date();
      return { data: { list: rows.map((r) => presentLift(r, req.locale, now)), pageNumber: req.query.page, totalRow: total } };
    };
    api.get(
      '/device/list',
      { schema: { tags, summary: 'Lifts in scope (paged, filtered)', querystring: ZLiftListQuery, response: { 200: ZPage } } },
      list('active'),
    );
    api.get(
      '/device/remove_list',
      { schema: { tags, summary: 'Deleted lifts', querystring: ZLiftListQuery, response: { 200: ZPage } } },
      list('deleted'),
    );
    api.get(
      '/device/end_time_list',
      { schema: { tags, summary: 'Lifts past their monitor expiry', querystring: ZLiftListQuery, response: { 200: ZPage } } },
      list('expired'),
    );
    api.get(
      '/device/favourite_list',
      { schema: { tags, summary: "The caller's favourite lifts", querystring: ZLiftListQuery, response: { 200: ZPage } } },
      async (req) => list('active')({ ...req, query: { ...req.query, favourite: true } } as never),
    );

    api.get(
      '/device/detail',
      { schema: { tags, summary: 'One lift', querystring: ZIdQuery, response: { 200: dataOf(ZLift) } } },
      async (req) => {
        const caller = callerOf(req);
        const row = await repo.findLift(db, caller, caller.userId, req.query.id);
        if (!row) throw new AppError(4064);
        return { data: presentLift(row, req.locale) };
      },
    );

    api.get(
      '/device/varieties',
      {
        schema: {
          tags,
          summary: 'Lift varieties 1–14 in the caller language',
          response: { 200: dataOf(z.array(z.object({ id: z.number(), name: z.string() }))) },
        },
      },
      async (req) => ({ data: LIFT_VARIETY_IDS.map((id) => ({ id, name: varietyName(id, req.locale) })) }),
    );

    api.get(
      '/device/map',
      { schema: { tags, summary: 'Lifts with coordinates and state', response: { 200: dataOf(z.array(ZLiftMapPoint)) } } },
      async (req) => {
        const caller = callerOf(req);
        const now = new Date();
        return { data: (await repo.mapPoints(db, caller)).map((p) => presentPoint(p, now)) };
      },
    );

    api.post(
      '/device/add',
      { schema: { tags, summary: 'Create a lift', body: ZLiftCreateRequest, response: { 200: dataOf(z.object({ id: z.number() })) } } },
      async (req) => {
        const caller = callerOf(req);
        const id = await createLift(db, caller, req.body);
        await auditWrite(db, req, caller, 'lift.create', `lift:${id}`, { code: req.body.code, terminal_id: req.body.terminal_id ?? null });
        return { data: { id } };
      },
    );

    api.put(
      '/device/update',
      { schema: { tags, summary: 'Update a lift', body: ZLiftUpdateRequest, response: { 200: ZOk } } },
      async (req) => {
        const caller = callerOf(req);
        const { id, ...form } = req.body;
        const values = await updateLift(db, caller, id, form);
        await auditWrite(db, req, caller, 'lift.update', `lift:${id}`, { fields: Object.keys(values) });
        return { data: true as const };
      },
    );

    api.post(
      '/device/batch_update',
      {
        schema: {
          tags,
          summary: 'Change a safe subset of fields of selected lifts',
          body: ZLiftBatchEditRequest,
          response: { 200: dataOf(z.object({ updated: z.number() })) },
        },
      },
      async (req) => {
        const caller = callerOf(req);
        const updated = await batchEdit(db, caller, req.body);
        await auditWrite(db, req, caller, 'lift.batch_update', `lifts:${req.body.ids.length}`, {
          ids: req.body.ids,
          fields: Object.keys(req.body.set),
        });
        return { data: { updated } };
      },
    );

    api.post(
      '/device/delete',
      { schema: { tags, summary: 'Move a lift to the deleted list', body: ZIdBody, response: { 200: ZOk } } },
      async (req) => {
        const caller = callerOf(req);
        await deleteLift(db, caller, req.body.id);
        await auditWrite(db, req, caller, 'lift.delete', `lift:${req.body.id}`);
        return { data: true as const };
      },
    );

    api.post(
      '/device/restore',
      { schema: { tags, summary: 'Restore a deleted lift', body: ZIdBody, response: { 200: ZOk } } },
      async (req) => {
        const caller = callerOf(req);
        await restoreLift(db, caller, req.body.id);
        await auditWrite(db, req, caller, 'lift.restore', `lift:${req.body.id}`);
        return { data: true as const };
      },
    );

    api.post(
      '/device/renew',
      {
        schema: {
          tags,
          summary: 'Extend the monitor expiry',
          body: ZLiftRenewRequest,
          response: { 200: dataOf(z.object({ expire_at: z.string() })) },
        },
      },
      async (req) => {
        const caller = callerOf(req);
        const expireAt = await renewLift(db, caller, req.body.id, req.body.months);
        await auditWrite(db, req, caller, 'lift.renew', `lift:${req.body.id}`, {
          months: req.body.months,
          expire_at: expireAt.toISOString(),
        });
        return { data: { expire_at: expireAt.toISOString() } };
      },
    );

    api.post(
      '/device/collect',
      {
        config: { auth: 'self' },
        schema: { tags, summary: 'Add a lift to favourites (4041 when already there)', body: ZIdBody, response: { 200: ZOk } },
      },
      async (req) => {
        const caller = callerOf(req);
        const lift = await repo.findLiftRaw(db, caller, req.body.id);
        if (!lift || lift.deleted_at) throw new AppError(4064);
        if (!(await repo.addFavourite(db, caller.userId, lift.id))) throw new AppError(4041);
        return { data: true as const };
      },
    );
    api.post(
      '/device/uncollect',
      {
        config: { auth: 'self' },
        schema: { tags, summary: 'Remove a lift from favourites (4042 when not there)', body: ZIdBody, response: { 200: ZOk } },
      },
      async (req) => {
        const caller = callerOf(req);
        const lift = await repo.findLiftRaw(db, caller, req.body.id);
        if (!lift) throw new AppError(4064);
        if (!(await repo.removeFavourite(db, caller.userId, lift.id))) throw new AppError(4042);
        return { data: true as const };
      },
    );

    api.get('/device/import/template', { schema: { tags, summary: 'Lift import template (xlsx)' } }, async (_req, reply) => {
      const example = [
        '1号梯',
        'LG-0001',
        'GeN2',
        'T0001001',
        'EC-1',
        'YD-1',
        '',
        '-1,1,2,3,4,5',
        'OTIS',
        '张三:13800000000',
        '0',
        '',
        '李四:13900000000',
        '1.75',
        '1000',
        '深圳市福田区',
        '',
      ];
      const buf = await xlsxBuffer('lifts', LIFT_IMPORT_COLUMNS, [], { name: 'example', rows: [[...LIFT_IMPORT_COLUMNS], example] });
      return reply.header('content-type', XLSX).header('content-disposition', 'attachment; filename="lift-import-template.xlsx"').send(buf);
    });

    api.post(
      '/device/import',
      {
        schema: {
          tags,
          summary: 'Start a lift import from csv/xlsx/xls; answers the job id',
          consumes: ['multipart/form-data'],
          response: { 200: dataOf(z.object({ id: z.number() })) },
        },
      },
      async (req) => {
        const id = await startImport(req, {
          kind: 'lift',
          columns: LIFT_IMPORT_COLUMNS,
          required: LIFT_IMPORT_REQUIRED,
          handler: (caller) => liftChunkHandler(db, caller, new Date()),
        });
        return { data: { id } };
      },
    );

    api.get(
      '/device/import/progress',
      {
        schema: {
          tags,
          summary: 'Progress and per-row report of an import job',
          querystring: ZIdQuery,
          response: { 200: dataOf(ZImportJob) },
        },
      },
      async (req) => {
        const caller = callerOf(req);
        return { data: await readJob(db, caller.scopePath, caller.userId, req.query.id, req.locale) };
      },
    );

    api.get(
      '/device/export',
      { schema: { tags, summary: 'Export the filtered lift list (xlsx)', querystring: ZLiftListQuery } },
      async (req, reply) => {
        const caller = callerOf(req);
        const stream = exportLifts(db, caller, req.query, req.locale);
        await auditWrite(db, req, caller, 'lift.export', 'lifts', { filters: req.query });
        return reply.header('content-type', XLSX).header('content-disposition', 'attachment; filename="lifts.xlsx"').send(stream);
      },
    );
  },
};
