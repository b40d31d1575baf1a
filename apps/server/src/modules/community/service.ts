import {
  COMMUNITY_ORDER_KEYS,
  ErrorCodes,
  type TBuilding,
  type TBuildingBatchRequest,
  type TCommunity,
  type TCommunityCreateRequest,
  type TCommunityUpdateRequest,
  type TUnitBatchRequest,
} from '@liftguard/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../platform/db-schema.ts';
import { AppError } from '../../platform/errors.ts';
import { nodeInScope, type Scope } from '../company/service.ts';
import { batchNames } from './batch.ts';
import * as repo from './repo.ts';

type Db = Kysely<DB> | Transaction<DB>;
const NOT_FOUND = () => new AppError(ErrorCodes.NOT_FOUND);

export async function page(
  db: Db,
  scope: Scope,
  q: { page: number; size: number; keyword?: string; company_id?: number; orderKey?: string; orderMethod?: 'asc' | 'desc' },
) {
  if (q.company_id !== undefined) await nodeInScope(db, q.company_id, scope);
  const orderKey = (COMMUNITY_ORDER_KEYS as readonly string[]).includes(q.orderKey ?? '') ? (q.orderKey as string) : 'id';
  const { rows, total } = await repo.page(db, scope, q, orderKey);
  return { list: rows, pageNumber: q.page, totalRow: total };
}

export async function communityInScope(db: Db, scope: Scope, id: number): Promise<TCommunity> {
  const c = await repo.find(db, scope, id);
  if (!c) throw NOT_FOUND();
  return c;
}

export async function create(db: Kysely<DB>, scope: Scope, input: TCommunityCreateRequest): Promise<TCommunity> {
  // a member restricted to some communities would not see a new one: only unrestricted members create
  if (scope.communityIds.length > 0 && !scope.isRoot) throw new AppError(ErrorCodes.NO_PERMISSION);
  return db.transaction().execute(async (tx) => {
    const node = await nodeInScope(tx, input.company_id ?? scope.companyId, scope);
    if (await repo.nameTaken(tx, node.id, input.name)) throw new AppError(4125);
    const id = await repo.insert(tx, { company_id: node.id, name: input.name, j_region: input.j_region, address: input.address });
    return communityInScope(tx, scope, id);
  });
}

export async function update(db: Kysely<DB>, scope: Scope, input: TCommunityUpdateRequest): Promise<TCommunity> {
  return db.transaction().execute(async (tx) => {
    const cur = await communityInScope(tx, scope, input.id);
    if (input.name !== undefined && (await repo.nameTaken(tx, cur.company_id, input.name, cur.id))) throw new AppError(4125);
    await repo.update(tx, cur.id, input);
    return communityInScope(tx, scope, cur.id);
  });
}

export async function remove(db: Kysely<DB>, scope: Scope, id: number): Promise<TCommunity> {
  return db.transaction().execute(async (tx) => {
    const cur = await communityInScope(tx, scope, id);
    if (cur.building_count > 0 || (await repo.countLifts(tx, 'community_id', cur.id)) > 0) throw new AppError(4129);
    await repo.softDelete(tx, cur.id);
    return cur;
  });
}

export async function buildings(db: Db, scope: Scope, communityId: number): Promise<TBuilding[]> {
  const c = await communityInScope(db, scope, communityId);
  return repo.buildings(db, c.id);
}

export async function addBuildings(db: Kysely<DB>, scope: Scope, input: TBuildingBatchRequest): Promise<TBuilding[]> {
  return db.transaction().execute(async (tx) => {
    const c = await communityInScope(tx, scope, input.community_id);
    const names = batchNames(input, await repo.existingNames(tx, 'building', c.id));
    await repo.insertBuildings(tx, c.id, names);
    return repo.buildings(tx, c.id);
  });
}

export async function addUnits(db: Kysely<DB>, scope: Scope, input: TUnitBatchRequest): Promise<TBuilding[]> {
  return db.transaction().execute(async (tx) => {
    const b = await repo.findBuilding(tx, scope, input.building_id);
    if (!b) throw NOT_FOUND();
    const names = batchNames(input, await repo.existingNames(tx, 'unit', b.id));
    await repo.insertUnits(tx, b.id, names);
    return repo.buildings(tx, b.community_id);
  });
}

export async function removeBuilding(db: Kysely<DB>, scope: Scope, id: number) {
  return db.transaction().execute(async (tx) => {
    const b = await repo.findBuilding(tx, scope, id);
    if (!b) throw NOT_FOUND();
    if ((await repo.countUnits(tx, b.id)) > 0 || (await repo.countLifts(tx, 'building_id', b.id)) > 0) throw new AppError(4132);
    await repo.deleteBuilding(tx, b.id);
    return b;
  });
}

export async function removeUnit(db: Kysely<DB>, scope: Scope, id: number) {
  return db.transaction().execute(async (tx) => {
    const u = await repo.findUnit(tx, scope, id);
    if (!u) throw NOT_FOUND();
    if ((await repo.liftsOnUnit(tx, u.id)) > 0) throw new AppError(4022);
    await repo.deleteUnit(tx, u.id);
    return u;
  });
}
