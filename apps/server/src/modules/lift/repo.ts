import { LIFT_ORDER_KEYS, type TLiftListQuery } from '@liftguard/contract';
import { type Expression, type ExpressionBuilder, type Insertable, type SqlBool, sql, type Updateable } from 'kysely';
import type { Database } from '../../platform/db.ts';
import type { DB, LiftTable } from '../../platform/db-schema.ts';
import { keywordMatch } from '../../platform/keyword.ts';
import { communityInGrant, companyInScope, type DataScope, escapeLike, liftInScope } from '../../platform/scope.ts';

/** The only SQL of lifts. Every read and write of tenant data takes the caller's scope (company subtree + granted communities). */

export type LiftListMode = 'active' | 'deleted' | 'expired';
type LiftEb = ExpressionBuilder<DB & { t: DB['terminal'] }, 'lift' | 't'>;

const onlineExpr = sql<boolean>`(coalesce(t.online, false) and lift.expire_at > now())`;

function liftColumns(userId: number) {
  return [
    'lift.id',
    'lift.company_id',
    'lift.community_id',
    'lift.building_id',
    'lift.unit_id',
    'lift.name',
    'lift.code',
    'lift.variety',
    'lift.model',
    'lift.factory_number',
    'lift.equipment_code',
    'lift.yd_unique_code',
    'lift.register_number',
    'lift.brand',
    'lift.speed',
    'lift.load',
    'lift.j_floors',
    'lift.positive_floors',
    'lift.negative_floors',
    'lift.is_through_door',
    'lift.manual_door',
    'lift.main_lift_id',
    'lift.latitude',
    'lift.longitude',
    'lift.address',
    'lift.remark',
    'lift.mt_company_id',
    'lift.j_mt_workers',
    'lift.j_responsible',
    'lift.ad_company',
    'lift.j_alarm_charger',
    'lift.alarm_charger_set_at',
    'lift.terminal_id',
    'lift.face_terminal_id',
    'lift.m3u8_url',
    'lift.sms_switch',
    'lift.sms_limit',
    'lift.imsi',
    'lift.bs_number',
    'lift.insurance_company',
    'lift.insurance_no',
    sql<string | null>`lift.insurance_expire::text`.as('insurance_expire'),
    'lift.is_virtual',
    'lift.expire_at',
    'lift.deleted_at',
    'lift.created_at',
    'lift.updated_at',
    sql<string | null>`(select c.name from company c where c.id = lift.company_id)`.as('company_name'),
    sql<string | null>`(select cm.name from community cm where cm.id = lift.community_id)`.as('community_name'),
    sql<boolean>`coalesce(t.online, false)`.as('terminal_online'),
    sql<boolean>`exists (select 1 from fault f where f.lift_id = lift.id and f.state = 'untreated' and f.solved_at is null)`.as(
      'open_fault',
    ),
    sql<boolean>`exists (select 1 from lift_favourite lf where lf.lift_id = lift.id and lf.user_id = ${userId})`.as('favourite'),
  ] as const;
}

function baseQuery(db: Database, scope: DataScope) {
  return db
    .selectFrom('lift')
    .leftJoin('terminal as t', 't.terminal_id', 'lift.terminal_id')
    .where((eb) => liftInScope(eb, scope));
}

export type LiftRow = Awaited<ReturnType<typeof findLift>> & {};

export async function findLift(db: Database, scope: DataScope, userId: number, id: number) {
  return baseQuery(db, scope).select(liftColumns(userId)).where('lift.id', '=', id).executeTakeFirst();
}

function listFilters(eb: LiftEb, q: Partial<TLiftListQuery>, mode: LiftListMode, userId: number): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  if (mode === 'deleted') parts.push(eb('lift.deleted_at', 'is not', null));
  else parts.push(eb('lift.deleted_at', 'is', null));
  if (mode === 'expired') parts.push(sql<SqlBool>`lift.expire_at <= now()`);
  if (q.keyword?.trim()) {
    const kw = `%${escapeLike(q.keyword.trim())}%`;
    parts.push(keywordMatch('lift', 'lift', kw));
  }
  if (q.community_id !== undefined) parts.push(eb('lift.community_id', '=', q.community_id));
  if (q.company_id !== undefined) parts.push(eb('lift.company_id', '=', q.company_id));
  if (q.variety !== undefined) parts.push(eb('lift.variety', '=', q.variety));
  if (q.is_virtual !== undefined) parts.push(eb('lift.is_virtual', '=', q.is_virtual));
  if (q.bound !== undefined) parts.push(eb('lift.terminal_id', q.bound ? 'is not' : 'is', null));
  if (q.online !== undefined) parts.push(q.online ? sql<SqlBool>`${onlineExpr}` : sql<SqlBool>`not ${onlineExpr}`);
  if (q.favourite) parts.push(sql<SqlBool>`exists (select 1 from lift_favourite lf where lf.lift_id = lift.id and lf.user_id = ${userId})`);
  return eb.and(parts);
}

export async function listLifts(db: Database, scope: DataScope, userId: number, q: TLiftListQuery, mode: LiftListMode) {
  const filtered = baseQuery(db, scope).where((eb) => listFilters(eb as unknown as LiftEb, q, mode, userId));
  const key = (LIFT_ORDER_KEYS as readonly string[]).includes(q.orderKey ?? '') ? (q.orderKey as (typeof LIFT_ORDER_KEYS)[number]) : 'id';
  const dir = q.orderMethod ?? 'desc';
  // page of ids first, so the per-row subqueries run for the page only, not for skipped rows
  const [page, count] = await Promise.all([
    filtered
      .select('lift.id')
      .orderBy(`lift.${key}`, dir)
      .orderBy('lift.id', dir)
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const ids = page.map((r) => r.id);
  const found = ids.length ? await baseQuery(db, scope).select(liftColumns(userId)).where('lift.id', 'in', ids).execute() : [];
  const byId = new Map(found.map((r) => [r.id, r]));
  const rows = ids.map((id) => byId.get(id)).filter((r): r is (typeof found)[number] => r !== undefined);
  return { rows, total: Number(count.n) };
}

/** Rows for the export: same filters, no paging, read in pages of `batch` by id. */
export async function* iterateLifts(db: Database, scope: DataScope, userId: number, q: TLiftListQuery, batch = 1000) {
  let lastId = 2_147_483_647; // integer column max
  for (;;) {
    const rows = await baseQuery(db, scope)
      .where((eb) => listFilters(eb as unknown as LiftEb, q, 'active', userId))
      .where('lift.id', '<', lastId)
      .select(liftColumns(userId))
      .orderBy('lift.id', 'desc')
      .limit(batch)
      .execute();
    if (rows.length === 0) return;
    yield rows;
    lastId = rows[rows.length - 1]?.id ?? 0;
    if (rows.length < batch) return;
  }
}

export async function mapPoints(db: Database, scope: DataScope) {
  return baseQuery(db, scope)
    .where('lift.deleted_at', 'is', null)
    .where('lift.latitude', 'is not', null)
    .where('lift.longitude', 'is not', null)
    .select([
      'lift.id',
      'lift.name',
      'lift.code',
      'lift.latitude',
      'lift.longitude',
      'lift.terminal_id',
      'lift.expire_at',
      sql<string | null>`(select cm.name from community cm where cm.id = lift.community_id)`.as('community_name'),
      sql<boolean>`coalesce(t.online, false)`.as('terminal_online'),
      sql<boolean>`exists (select 1 from fault f where f.lift_id = lift.id and f.state = 'untreated' and f.solved_at is null)`.as(
        'open_fault',
      ),
    ])
    .orderBy('lift.id')
    .limit(20_000)
    .execute();
}

/** A lift row for the rules (no presentation columns). */
export async function findLiftRaw(db: Database, scope: DataScope, id: number) {
  return db
    .selectFrom('lift')
    .selectAll()
    .where('id', '=', id)
    .where((eb) => liftInScope(eb, scope))
    .executeTakeFirst();
}

export async function liftsByIds(db: Database, scope: DataScope, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('lift')
    .select(['id', 'company_id', 'deleted_at', 'is_virtual'])
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .where((eb) => liftInScope(eb, scope))
    .execute();
}

/** Largest floor count among the live secondaries of a main lift (0 when none). */
export async function maxSecondaryFloors(db: Database, mainId: number): Promise<number> {
  const row = await db
    .selectFrom('lift')
    .select(sql<number>`coalesce(max(positive_floors + negative_floors), 0)`.as('n'))
    .where('main_lift_id', '=', mainId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Which of these codes are taken by live lifts (other than `exceptId`). Codes are unique platform-wide. */
export async function takenCodes(db: Database, codes: string[], exceptId?: number): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  let q = db.selectFrom('lift').select('code').where('code', 'in', codes).where('deleted_at', 'is', null);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return new Set((await q.execute()).map((r) => r.code));
}

export type TerminalInfo = {
  terminal_id: string;
  type: string;
  company_id: number | null;
  in_scope: boolean;
  lift_id: number | null;
  face_lift_id: number | null;
};

/** Terminals by id with their scope and binding (as main terminal and as face terminal of live lifts). */
export async function terminalsInfo(db: Database, scopePath: string, ids: string[]): Promise<Map<string, TerminalInfo>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('terminal as t')
    .select([
      't.terminal_id',
      't.type',
      't.company_id',
      sql<boolean>`(t.company_id is null or t.company_id in (select id from company where path like ${`${escapeLike(scopePath)}%`}))`.as(
        'in_scope',
      ),
      sql<number | null>`(select l.id from lift l where l.terminal_id = t.terminal_id and l.deleted_at is null limit 1)`.as('lift_id'),
      sql<number | null>`(select l.id from lift l where l.face_terminal_id = t.terminal_id and l.deleted_at is null limit 1)`.as(
        'face_lift_id',
      ),
    ])
    .where('t.terminal_id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.terminal_id, r]));
}

/** A live community of the caller's company subtree and granted communities. */
export async function communityInScope(db: Database, scope: DataScope, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('community')
    .select('id')
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where((eb) => companyInScope(eb, 'community.company_id', scope.scopePath))
    .where(communityInGrant('community.id', scope))
    .executeTakeFirst();
  return !!row;
}

export async function communitiesInScope(db: Database, scope: DataScope, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('community')
    .select('id')
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .where((eb) => companyInScope(eb, 'community.company_id', scope.scopePath))
    .where(communityInGrant('community.id', scope))
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function nodeInScope(db: Database, scopePath: string, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('company')
    .select('id')
    .where('id', '=', id)
    .where('path', 'like', `${escapeLike(scopePath)}%`)
    .executeTakeFirst();
  return !!row;
}

export async function companiesExist(db: Database, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('company').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

export async function unitBelongs(db: Database, communityId: number, buildingId: number, unitId: number | null): Promise<boolean> {
  const b = await db
    .selectFrom('building')
    .select('id')
    .where('id', '=', buildingId)
    .where('community_id', '=', communityId)
    .executeTakeFirst();
  if (!b) return false;
  if (unitId === null) return true;
  return !!(await db.selectFrom('unit').select('id').where('id', '=', unitId).where('building_id', '=', buildingId).executeTakeFirst());
}

export async function insertLift(db: Database, row: Insertable<LiftTable>): Promise<number> {
  const r = await db.insertInto('lift').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function insertLifts(db: Database, rows: Insertable<LiftTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('lift').values(rows).execute();
}

export async function updateLift(db: Database, id: number, set: Updateable<LiftTable>): Promise<void> {
  await db
    .updateTable('lift')
    .set({ ...set, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function updateLifts(db: Database, scope: DataScope, ids: number[], set: Updateable<LiftTable>): Promise<number> {
  const r = await db
    .updateTable('lift')
    .set({ ...set, updated_at: sql`now()` })
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .where((eb) => liftInScope(eb, scope))
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Give unassigned terminals to the company of the lift they are bound to. */
export async function claimTerminals(db: Database, companyId: number, ids: string[]): Promise<void> {
  if (ids.length)
    await db
      .updateTable('terminal')
      .set({ company_id: companyId })
      .where('terminal_id', 'in', ids)
      .where('company_id', 'is', null)
      .execute();
}

export async function addFavourite(db: Database, userId: number, liftId: number): Promise<boolean> {
  const r = await db
    .insertInto('lift_favourite')
    .values({ user_id: userId, lift_id: liftId })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function removeFavourite(db: Database, userId: number, liftId: number): Promise<boolean> {
  const r = await db.deleteFrom('lift_favourite').where('user_id', '=', userId).where('lift_id', '=', liftId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
