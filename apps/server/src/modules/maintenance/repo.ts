import { MAINTENANCE_ORDER_KEYS, type TMaintenanceListQuery } from '@liftguard/contract';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { Database } from '../../platform/db.ts';
import type { MaintenanceRecordTable } from '../../platform/db-schema.ts';
import { companyInScope, type DataScope, escapeLike, liftInScope } from '../../platform/scope.ts';

/**
 * The only SQL of maintenance records. A record has no company of its own: it is in scope when
 * its lift is (the lift's company in the caller's subtree and, for a membership narrowed to
 * communities, the lift's community granted), and the lift is not deleted.
 */

const ORDER_COLUMN = { id: 'm.id', date: 'm.done_on', type: 'm.type' } as const satisfies Record<
  (typeof MAINTENANCE_ORDER_KEYS)[number],
  string
>;

const inScope = (db: Database, scope: DataScope) =>
  db
    .selectFrom('maintenance_record as m')
    .innerJoin('lift as l', 'l.id', 'm.lift_id')
    .innerJoin('company as u', 'u.id', 'm.unit_company_id')
    .where((eb) => liftInScope(eb, scope, 'l'))
    .where('l.deleted_at', 'is', null);

const columns = [
  'm.id',
  'm.lift_id',
  'l.name as lift_name',
  'l.code as lift_code',
  'm.unit_company_id',
  'u.name as unit_name',
  'm.person',
  sql<string>`m.done_on::text`.as('date'),
  'm.type',
  'm.content',
  'm.remark',
  'm.created_by',
  'm.created_at',
  'm.updated_at',
] as const;

export async function listRecords(db: Database, scope: DataScope, q: TMaintenanceListQuery) {
  let base = inScope(db, scope);
  if (q.lift_id !== undefined) base = base.where('m.lift_id', '=', q.lift_id);
  if (q.type !== undefined) base = base.where('m.type', '=', q.type);
  if (q.date_from !== undefined) base = base.where('m.done_on', '>=', q.date_from);
  if (q.date_to !== undefined) base = base.where('m.done_on', '<=', q.date_to);
  if (q.keyword?.trim()) {
    const kw = `%${escapeLike(q.keyword.trim())}%`;
    base = base.where((eb) => eb.or([eb('m.person', 'ilike', kw), eb('m.content', 'ilike', kw), eb('m.remark', 'ilike', kw)]));
  }
  const key = (MAINTENANCE_ORDER_KEYS as readonly string[]).includes(q.orderKey ?? '')
    ? (q.orderKey as (typeof MAINTENANCE_ORDER_KEYS)[number])
    : 'id';
  const [rows, count] = await Promise.all([
    base
      .select(columns)
      .orderBy(ORDER_COLUMN[key], q.orderMethod ?? 'desc')
      .orderBy('m.id', 'desc')
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export type RecordRow = Awaited<ReturnType<typeof findRecord>> & {};

export async function findRecord(db: Database, scope: DataScope, id: number) {
  return inScope(db, scope).select(columns).where('m.id', '=', id).executeTakeFirst();
}

/** A live lift of the scope, with what a record needs from it (the company path decides who sees live events). */
export async function findLift(db: Database, scope: DataScope, id: number) {
  return db
    .selectFrom('lift as l')
    .innerJoin('company as c', 'c.id', 'l.company_id')
    .select(['l.id', 'l.name', 'l.terminal_id', 'l.mt_company_id', 'c.path as company_path'])
    .where('l.id', '=', id)
    .where('l.deleted_at', 'is', null)
    .where((eb) => liftInScope(eb, scope, 'l'))
    .executeTakeFirst();
}

/** Is `id` a company or department of the subtree `scopePath`? */
export async function unitInScope(db: Database, scopePath: string, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('company')
    .select('id')
    .where('id', '=', id)
    .where((eb) => companyInScope(eb, 'company.id', scopePath))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertRecord(db: Database, row: Insertable<MaintenanceRecordTable>): Promise<number> {
  const r = await db.insertInto('maintenance_record').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function updateRecord(db: Database, id: number, set: Updateable<MaintenanceRecordTable>): Promise<void> {
  await db
    .updateTable('maintenance_record')
    .set({ ...set, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deleteRecord(db: Database, id: number): Promise<void> {
  await db.deleteFrom('maintenance_record').where('id', '=', id).execute();
}

/**
 * Dashboard counters (SPEC.md §2 maintenanceCount, repairsCount): records of type `maintenance`,
 * resp. `repair`, dated in the current calendar month (the database's current_date, UTC on the
 * embedded engine), on live lifts of the scope (granted communities included).
 */
export async function monthCounters(db: Database, scope: DataScope): Promise<{ maintenance: number; repair: number }> {
  const r = await db
    .selectFrom('maintenance_record as m')
    .innerJoin('lift as l', 'l.id', 'm.lift_id')
    .where((eb) => liftInScope(eb, scope, 'l'))
    .where('l.deleted_at', 'is', null)
    .where('m.done_on', '>=', sql<string>`date_trunc('month', current_date)::date`)
    .where('m.done_on', '<', sql<string>`(date_trunc('month', current_date) + interval '1 month')::date`)
    .where('m.type', 'in', ['maintenance', 'repair'])
    .select([
      sql<number>`count(*) filter (where m.type = 'maintenance')`.as('maintenance'),
      sql<number>`count(*) filter (where m.type = 'repair')`.as('repair'),
    ])
    .executeTakeFirstOrThrow();
  return { maintenance: Number(r.maintenance), repair: Number(r.repair) };
}

/** Is `date` (YYYY-MM-DD) in the current calendar month, as monthCounters counts it? */
export async function inCurrentMonth(db: Database, date: string): Promise<boolean> {
  const r = await sql<{ yes: boolean }>`select date_trunc('month', ${date}::date) = date_trunc('month', current_date) as yes`.execute(db);
  return r.rows[0]?.yes === true;
}
