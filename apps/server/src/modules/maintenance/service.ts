import {
  MAINTENANCE_FUTURE_DAYS,
  type TLiveEvent,
  type TMaintenanceForm,
  type TMaintenanceType,
  type TMaintenanceUpdateRequest,
} from '@liftguard/contract';
import type { Updateable } from 'kysely';
import { Channels } from '../../platform/bus.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db.ts';
import type { MaintenanceRecordTable } from '../../platform/db-schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { DataScope } from '../../platform/scope.ts';
import * as repo from './repo.ts';

/** Who writes: the data scope plus the acting user. */
export type MaintenanceCaller = DataScope & { userId: number };
type Lift = NonNullable<Awaited<ReturnType<typeof repo.findLift>>>;

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' of a real calendar day, else null. */
export function parseDay(text: string): Date | null {
  const m = YMD.exec(text);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text ? d : null;
}

/**
 * Field rules of a record (create: `existing` null, every field present; update: only the fields
 * sent). Person and content must not be empty (4148); the date must be given (4144), a real day
 * (4001) and not later than MAINTENANCE_FUTURE_DAYS after today, UTC (4171).
 */
export function checkFields(form: Partial<Omit<TMaintenanceForm, 'lift_id'>>, now: Date): Updateable<MaintenanceRecordTable> {
  const out: Updateable<MaintenanceRecordTable> = {};
  if (form.person !== undefined) {
    if (!form.person.trim()) throw new AppError(4148);
    out.person = form.person.trim();
  }
  if (form.content !== undefined) {
    if (!form.content.trim()) throw new AppError(4148);
    out.content = form.content.trim();
  }
  if (form.date !== undefined) {
    const text = form.date.trim();
    if (!text) throw new AppError(4144);
    const day = parseDay(text);
    if (!day || day.getUTCFullYear() < 1970) throw new AppError(4001);
    const latest = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + MAINTENANCE_FUTURE_DAYS);
    if (day.getTime() > latest) throw new AppError(4171);
    out.done_on = text;
  }
  if (form.type !== undefined) out.type = form.type;
  if (form.remark !== undefined) out.remark = form.remark?.trim() || null;
  return out;
}

/** The maintenance company must be a node of the caller's subtree, or the company the lift names as its maintainer (4170). */
async function checkUnit(db: Database, caller: MaintenanceCaller, lift: Lift, unitId: number): Promise<void> {
  if (unitId === lift.mt_company_id) return;
  if (!(await repo.unitInScope(db, caller.scopePath, unitId))) throw new AppError(4170);
}

export type Change = { lift: Lift; type: TMaintenanceType; date: string };

export async function createRecord(db: Database, caller: MaintenanceCaller, form: TMaintenanceForm, now: Date) {
  const lift = await repo.findLift(db, caller, form.lift_id);
  if (!lift) throw new AppError(4064);
  const values = checkFields(form, now);
  await checkUnit(db, caller, lift, form.unit_company_id);
  const id = await repo.insertRecord(db, {
    lift_id: lift.id,
    unit_company_id: form.unit_company_id,
    person: values.person as string,
    done_on: values.done_on as string,
    type: form.type,
    content: values.content as string,
    remark: (values.remark as string | null | undefined) ?? null,
    created_by: caller.userId,
  });
  return { id, added: { lift, type: form.type, date: values.done_on as string } satisfies Change };
}

export async function updateRecord(db: Database, caller: MaintenanceCaller, req: TMaintenanceUpdateRequest, now: Date) {
  const { id, unit_company_id, ...form } = req;
  const row = await repo.findRecord(db, caller, id);
  if (!row) throw new AppError(4064);
  const lift = await repo.findLift(db, caller, row.lift_id);
  if (!lift) throw new AppError(4064);
  const values = checkFields(form, now);
  if (unit_company_id !== undefined && unit_company_id !== row.unit_company_id) {
    await checkUnit(db, caller, lift, unit_company_id);
    values.unit_company_id = unit_company_id;
  }
  await repo.updateRecord(db, id, values);
  const removed: Change = { lift, type: row.type, date: row.date };
  const added: Change = {
    lift,
    type: (values.type as TMaintenanceType | undefined) ?? row.type,
    date: (values.done_on as string | undefined) ?? row.date,
  };
  return { removed, added, fields: Object.keys(values) };
}

export async function deleteRecord(db: Database, caller: MaintenanceCaller, id: number) {
  const row = await repo.findRecord(db, caller, id);
  if (!row) throw new AppError(4064);
  const lift = await repo.findLift(db, caller, row.lift_id);
  if (!lift) throw new AppError(4064);
  await repo.deleteRecord(db, id);
  return { removed: { lift, type: row.type, date: row.date } satisfies Change };
}

/**
 * Live dashboard change (addM / delM) to every browser whose scope holds the lift: the type and
 * whether the record counts this month, so the dashboard can move maintenanceCount / repairsCount
 * at once (it settles with /api/indextree afterwards). Never throws.
 */
export async function announce(ctx: AppContext, action: 'addM' | 'delM', c: Change): Promise<void> {
  try {
    const event: TLiveEvent & { scope: string } = {
      action,
      terminal_id: c.lift.terminal_id,
      lift_id: c.lift.id,
      deviceName: c.lift.name,
      timestamp: Date.now(),
      data: { type: c.type, date: c.date, this_month: await repo.inCurrentMonth(ctx.db, c.date) },
      scope: c.lift.company_path,
    };
    await ctx.bus.publish(Channels.live, event);
  } catch {
    // a lost live change only delays the dashboard until its next reload
  }
}

/** Announce an update as the removal of the old record and the addition of the new one, when a counted field changed. */
export async function announceUpdate(ctx: AppContext, removed: Change, added: Change): Promise<void> {
  if (removed.type === added.type && removed.date === added.date) return;
  await announce(ctx, 'delM', removed);
  await announce(ctx, 'addM', added);
}
