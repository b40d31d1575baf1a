import {
  dataOf,
  pageOf,
  ZIdBody,
  ZMaintenanceForm,
  ZMaintenanceListQuery,
  ZMaintenanceRecord,
  ZMaintenanceUpdateRequest,
  ZOk,
} from '@liftguard/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { writeAudit } from '../../platform/audit.ts';
import { scopeOf } from '../../platform/auth.ts';
import { clockFor } from '../../platform/clock.ts';
import type { Module } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import * as repo from './repo.ts';
import { announce, announceUpdate, createRecord, deleteRecord, type MaintenanceCaller, updateRecord } from './service.ts';

const tags = ['maintenance'];
const iso = (v: unknown) => new Date(v as string).toISOString();
const present = (r: repo.RecordRow) => ({ ...r, created_at: iso(r.created_at), updated_at: iso(r.updated_at) });

function callerOf(req: FastifyRequest): MaintenanceCaller {
  const s = scopeOf(req);
  return { scopePath: s.scopePath, communityIds: s.communityIds, isRoot: s.isRoot, userId: s.userId };
}

function audit(db: Database, req: FastifyRequest, action: string, target: string, detail?: Record<string, unknown>) {
  const s = scopeOf(req);
  return writeAudit(db, {
    action,
    result: 'ok',
    userId: s.userId,
    username: s.username,
    companyId: s.companyId,
    target,
    ip: req.ip,
    detail: detail ?? null,
  });
}

/**
 * Maintenance records of lifts (SPEC.md §3). The write URIs sit under /device, so the resource
 * tree files them under the lift list and roles grant them like the other lift writes.
 */
export const maintenanceModule: Module = {
  name: 'maintenance',
  register(api, ctx) {
    const { db } = ctx;

    api.get(
      '/device/maintenance/list',
      {
        schema: {
          tags,
          summary: 'Maintenance records in scope (filters lift_id, type, date_from, date_to, keyword)',
          querystring: ZMaintenanceListQuery,
          response: { 200: dataOf(pageOf(ZMaintenanceRecord)) },
        },
      },
      async (req) => {
        const { rows, total } = await repo.listRecords(db, callerOf(req), req.query);
        return { data: { list: rows.map(present), pageNumber: req.query.page, totalRow: total } };
      },
    );

    api.post(
      '/device/maintenance/add',
      {
        schema: {
          tags,
          summary: 'Add a maintenance record to a lift',
          body: ZMaintenanceForm,
          response: { 200: dataOf(z.object({ id: z.number() })) },
        },
      },
      async (req) => {
        const { id, added } = await createRecord(db, callerOf(req), req.body, clockFor(ctx).now());
        await audit(db, req, 'maintenance.create', `maintenance_record:${id}`, {
          lift_id: added.lift.id,
          type: added.type,
          date: added.date,
        });
        await announce(ctx, 'addM', added);
        return { data: { id } };
      },
    );

    api.put(
      '/device/maintenance/update',
      { schema: { tags, summary: 'Update a maintenance record', body: ZMaintenanceUpdateRequest, response: { 200: ZOk } } },
      async (req) => {
        const { removed, added, fields } = await updateRecord(db, callerOf(req), req.body, clockFor(ctx).now());
        await audit(db, req, 'maintenance.update', `maintenance_record:${req.body.id}`, { lift_id: added.lift.id, fields });
        await announceUpdate(ctx, removed, added);
        return { data: true as const };
      },
    );

    api.post(
      '/device/maintenance/delete',
      { schema: { tags, summary: 'Delete a maintenance record', body: ZIdBody, response: { 200: ZOk } } },
      async (req) => {
        const { removed } = await deleteRecord(db, callerOf(req), req.body.id);
        await audit(db, req, 'maintenance.delete', `maintenance_record:${req.body.id}`, {
          lift_id: removed.lift.id,
          type: removed.type,
          date: removed.date,
        });
        await announce(ctx, 'delM', removed);
        return { data: true as const };
      },
    );
  },
};
