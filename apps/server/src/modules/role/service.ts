import {
  APP_AUTH_KEYS,
  ErrorCodes,
  EXPERT_AUTH_KEYS,
  EXTRA_AUTH_KEYS,
  type TRole,
  type TRoleCreateRequest,
  type TRoleUpdateRequest,
} from '@liftguard/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../platform/db-schema.ts';
import { AppError } from '../../platform/errors.ts';
import { grantsOf, nodeInScope, ownerOf, type Scope } from '../company/service.ts';
import { baseUri, exceeding } from '../company/tree.ts';
import * as repo from './repo.ts';

type Db = Kysely<DB> | Transaction<DB>;
type Lists = Pick<TRoleCreateRequest, 'j_auth_list' | 'j_app_auth' | 'j_expert_auth' | 'j_extra_auth' | 'j_auth_uris'>;

const isAdmin = (s: Scope) => s.isRoot || s.roleType === 'ADMIN';

/** Unknown keys or URIs are a parameter error: a role holds only what the resource tree names. */
async function checkKnown(db: Db, l: Lists): Promise<void> {
  const routes = await repo.resourceNames(db, 'route');
  const uris = await repo.resourceNames(db, 'uri');
  const bad = [
    ...l.j_auth_list.filter((k) => !routes.has(k)),
    ...l.j_app_auth.filter((k) => !(APP_AUTH_KEYS as readonly string[]).includes(k)),
    ...l.j_expert_auth.filter((k) => !(EXPERT_AUTH_KEYS as readonly string[]).includes(k)),
    ...l.j_extra_auth.filter((k) => !(EXTRA_AUTH_KEYS as readonly string[]).includes(k)),
    ...l.j_auth_uris.filter((u) => !uris.has(baseUri(u))),
  ];
  if (bad.length) throw new AppError(ErrorCodes.PARAMETER, { unknown: bad.slice(0, 20) });
}

/**
 * A role holds only what its company holds (app and expert keys come from the company's key list
 * too), and a caller who is not an administrator cannot hand out more than they hold themselves.
 */
async function checkGrant(db: Db, scope: Scope, companyId: number, l: Lists, roleType: string): Promise<void> {
  const company = await nodeInScope(db, companyId, scope);
  const g = await grantsOf(db, company);
  const over = [
    ...exceeding([...l.j_auth_list, ...l.j_app_auth, ...l.j_expert_auth], g.keys),
    ...exceeding(l.j_extra_auth, g.extra),
    ...exceeding(l.j_auth_uris, g.uris, true),
  ];
  if (!isAdmin(scope)) {
    if (roleType === 'ADMIN') throw new AppError(ErrorCodes.NO_PERMISSION);
    over.push(...exceeding([...l.j_auth_list, ...l.j_extra_auth], scope.keys), ...exceeding(l.j_auth_uris, scope.uris, true));
  }
  if (over.length) throw new AppError(4120, { exceeding: [...new Set(over)].slice(0, 20) });
}

export async function list(db: Db, scope: Scope, companyId?: number): Promise<TRole[]> {
  if (companyId !== undefined) {
    const owner = await ownerOf(db, await nodeInScope(db, companyId, scope));
    return repo.list(db, scope.scopePath, owner.id);
  }
  return repo.list(db, scope.scopePath);
}

export async function roleInScope(db: Db, scope: Scope, id: number): Promise<TRole> {
  const r = await repo.find(db, scope.scopePath, id);
  if (!r) throw new AppError(ErrorCodes.NOT_FOUND);
  return r;
}

export async function create(db: Kysely<DB>, scope: Scope, input: TRoleCreateRequest): Promise<TRole> {
  return db.transaction().execute(async (tx) => {
    // roles belong to companies: naming a department means its company
    const company = await ownerOf(tx, await nodeInScope(tx, input.company_id ?? scope.companyId, scope));
    await checkKnown(tx, input);
    await checkGrant(tx, scope, company.id, input, input.role_type);
    const { company_id: _c, ...values } = input;
    const id = await repo.insert(tx, company.id, values);
    return roleInScope(tx, scope, id);
  });
}

export async function update(db: Kysely<DB>, scope: Scope, input: TRoleUpdateRequest): Promise<TRole> {
  return db.transaction().execute(async (tx) => {
    const cur = await roleInScope(tx, scope, input.id);
    if (!isAdmin(scope) && cur.role_type === 'ADMIN') throw new AppError(ErrorCodes.NO_PERMISSION);
    const next = {
      name: input.name ?? cur.name,
      role_type: input.role_type ?? cur.role_type,
      j_auth_list: input.j_auth_list ?? cur.j_auth_list,
      j_app_auth: input.j_app_auth ?? cur.j_app_auth,
      j_expert_auth: input.j_expert_auth ?? cur.j_expert_auth,
      j_extra_auth: input.j_extra_auth ?? cur.j_extra_auth,
      j_auth_uris: input.j_auth_uris ?? cur.j_auth_uris,
      is_private: input.is_private ?? cur.is_private,
    };
    await checkKnown(tx, next);
    await checkGrant(tx, scope, cur.company_id, next, next.role_type);
    await repo.update(tx, cur.id, next);
    return roleInScope(tx, scope, cur.id);
  });
}

export async function remove(db: Kysely<DB>, scope: Scope, id: number): Promise<TRole> {
  return db.transaction().execute(async (tx) => {
    const cur = await roleInScope(tx, scope, id);
    if (!isAdmin(scope) && cur.role_type === 'ADMIN') throw new AppError(ErrorCodes.NO_PERMISSION);
    if (cur.member_count > 0) throw new AppError(4126);
    await repo.remove(tx, cur.id);
    return cur;
  });
}
