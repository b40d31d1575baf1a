import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../platform/db-schema.ts';
import { keywordMatch } from '../../platform/keyword.ts';
import { communityInGrant, companyInScope, type DataScope, escapeLike, sql } from '../../platform/scope.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** Where a caller may look: communities of companies in scope, narrowed to granted ones when the membership restricts them (ROOT never is). */
export type CommunityScope = DataScope;

function visible(db: Db, s: CommunityScope) {
  return db
    .selectFrom('community as cm')
    .innerJoin('company as c', 'c.id', 'cm.company_id')
    .where('cm.deleted_at', 'is', null)
    .where((eb) => companyInScope(eb, 'cm.company_id', s.scopePath))
    .where(communityInGrant('cm.id', s));
}

const COLUMNS = ['cm.id', 'cm.company_id', 'c.name as company_name', 'cm.name', 'cm.j_region', 'cm.address'] as const;

const withBuildingCount = <T extends ReturnType<typeof visible>>(q: T) =>
  q.select(COLUMNS).select((eb) =>
    eb
      .selectFrom('building as b')
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('b.community_id', '=', 'cm.id')
      .as('building_count'),
  );

export async function page(
  db: Db,
  s: CommunityScope,
  q: { page: number; size: number; keyword?: string; company_id?: number; orderMethod?: 'asc' | 'desc' },
  orderKey: string,
) {
  let base = visible(db, s);
  if (q.company_id !== undefined) base = base.where('cm.company_id', '=', q.company_id);
  if (q.keyword) {
    const k = `%${escapeLike(q.keyword)}%`;
    base = base.where(keywordMatch('community', 'cm', k));
  }
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await withBuildingCount(base)
    .orderBy(sql.ref(`cm.${orderKey}`), q.orderMethod ?? 'desc')
    .orderBy('cm.id', 'desc')
    .limit(q.size)
    .offset((q.page - 1) * q.size)
    .execute();
  return { rows: rows.map((r) => ({ ...r, building_count: Number(r.building_count ?? 0) })), total: Number(total.n) };
}

export async function find(db: Db, s: CommunityScope, id: number) {
  const r = await withBuildingCount(visible(db, s)).where('cm.id', '=', id).executeTakeFirst();
  return r ? { ...r, building_count: Number(r.building_count ?? 0) } : undefined;
}

export async function nameTaken(db: Db, companyId: number, name: string, exceptId?: number): Promise<boolean> {
  const r = await db
    .selectFrom('community')
    .select('id')
    .where('company_id', '=', companyId)
    .where('name', '=', name)
    .where('deleted_at', 'is', null)
    .$if(exceptId !== undefined, (q) => q.where('id', '<>', exceptId as number))
    .executeTakeFirst();
  return r !== undefined;
}

export async function insert(db: Db, v: { company_id: number; name: string; j_region: string[]; address: string }): Promise<number> {
  const r = await db
    .insertInto('community')
    .values({ ...v, j_region: JSON.stringify(v.j_region) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function update(db: Db, id: number, v: { name?: string; j_region?: string[]; address?: string }): Promise<void> {
  const set: Record<string, unknown> = {};
  if (v.name !== undefined) set.name = v.name;
  if (v.address !== undefined) set.address = v.address;
  if (v.j_region !== undefined) set.j_region = JSON.stringify(v.j_region);
  if (Object.keys(set).length) await db.updateTable('community').set(set).where('id', '=', id).execute();
}

export async function softDelete(db: Db, id: number): Promise<void> {
  await db
    .updateTable('community')
    .set({ deleted_at: sql<Date>`now()` } as never)
    .where('id', '=', id)
    .execute();
}

export async function countLifts(db: Db, column: 'community_id' | 'building_id', id: number): Promise<number> {
  const r = await db
    .selectFrom('lift')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(column, '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function buildings(db: Db, communityId: number) {
  const bs = await db
    .selectFrom('building')
    .select(['id', 'community_id', 'name'])
    .where('community_id', '=', communityId)
    .orderBy('id')
    .execute();
  const us = bs.length
    ? await db
        .selectFrom('unit')
        .select(['id', 'building_id', 'name'])
        .where(
          'building_id',
          'in',
          bs.map((b) => b.id),
        )
        .orderBy('id')
        .execute()
    : [];
  return bs.map((b) => ({ ...b, units: us.filter((u) => u.building_id === b.id).map(({ id, name }) => ({ id, name })) }));
}

/** A building inside a visible community. */
export async function findBuilding(db: Db, s: CommunityScope, id: number) {
  return visible(db, s)
    .innerJoin('building as b', 'b.community_id', 'cm.id')
    .select(['b.id', 'b.name', 'b.community_id'])
    .where('b.id', '=', id)
    .executeTakeFirst();
}

/** A unit inside a visible community. */
export async function findUnit(db: Db, s: CommunityScope, id: number) {
  return visible(db, s)
    .innerJoin('building as b', 'b.community_id', 'cm.id')
    .innerJoin('unit as un', 'un.building_id', 'b.id')
    .select(['un.id', 'un.name', 'b.id as building_id', 'b.community_id'])
    .where('un.id', '=', id)
    .executeTakeFirst();
}

export async function existingNames(db: Db, table: 'building' | 'unit', parentId: number): Promise<Set<string>> {
  const rows =
    table === 'building'
      ? await db.selectFrom('building').select('name').where('community_id', '=', parentId).execute()
      : await db.selectFrom('unit').select('name').where('building_id', '=', parentId).execute();
  return new Set(rows.map((r) => r.name));
}

export async function insertBuildings(db: Db, communityId: number, names: string[]): Promise<void> {
  if (names.length)
    await db
      .insertInto('building')
      .values(names.map((name) => ({ community_id: communityId, name })))
      .execute();
}

export async function insertUnits(db: Db, buildingId: number, names: string[]): Promise<void> {
  if (names.length)
    await db
      .insertInto('unit')
      .values(names.map((name) => ({ building_id: buildingId, name })))
      .execute();
}

export async function countUnits(db: Db, buildingId: number): Promise<number> {
  const r = await db
    .selectFrom('unit')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('building_id', '=', buildingId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function deleteBuilding(db: Db, id: number): Promise<void> {
  await db.deleteFrom('building').where('id', '=', id).execute();
}

export async function deleteUnit(db: Db, id: number): Promise<void> {
  await db.deleteFrom('unit').where('id', '=', id).execute();
}

export async function liftsOnUnit(db: Db, id: number): Promise<number> {
  const r = await db
    .selectFrom('lift')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('unit_id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
