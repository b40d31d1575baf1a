import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../platform/db-schema.ts';
import { companyInScope } from '../../platform/scope.ts';

type Db = Kysely<DB> | Transaction<DB>;

function base(db: Db, scopePath: string) {
  return db
    .selectFrom('role as r')
    .innerJoin('company as c', 'c.id', 'r.company_id')
    .select([
      'r.id',
      'r.company_id',
      'c.name as company_name',
      'r.name',
      'r.role_type',
      'r.j_auth_list',
      'r.j_app_auth',
      'r.j_expert_auth',
      'r.j_extra_auth',
      'r.j_auth_uris',
      'r.is_private',
    ])
    .select((eb) =>
      eb
        .selectFrom('membership as m')
        .innerJoin('app_user as u', 'u.id', 'm.user_id')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('m.role_id', '=', 'r.id')
        .where('u.deleted_at', 'is', null)
        .as('member_count'),
    )
    .where((eb) => companyInScope(eb, 'r.company_id', scopePath))
    .where('r.role_type', '<>', 'ROOT');
}

export async function list(db: Db, scopePath: string, companyId?: number) {
  let q = base(db, scopePath);
  if (companyId !== undefined) q = q.where('r.company_id', '=', companyId);
  const rows = await q.orderBy('r.id', 'desc').execute();
  return rows.map((r) => ({ ...r, member_count: Number(r.member_count ?? 0) }));
}

export async function find(db: Db, scopePath: string, id: number) {
  const r = await base(db, scopePath).where('r.id', '=', id).executeTakeFirst();
  return r ? { ...r, member_count: Number(r.member_count ?? 0) } : undefined;
}

export type RoleValues = {
  name: string;
  role_type: string;
  j_auth_list: string[];
  j_app_auth: string[];
  j_expert_auth: string[];
  j_extra_auth: string[];
  j_auth_uris: string[];
  is_private: boolean;
};

const json = (v: RoleValues) => ({
  name: v.name,
  role_type: v.role_type,
  j_auth_list: JSON.stringify(v.j_auth_list),
  j_app_auth: JSON.stringify(v.j_app_auth),
  j_expert_auth: JSON.stringify(v.j_expert_auth),
  j_extra_auth: JSON.stringify(v.j_extra_auth),
  j_auth_uris: JSON.stringify(v.j_auth_uris),
  is_private: v.is_private,
});

export async function insert(db: Db, companyId: number, v: RoleValues): Promise<number> {
  const r = await db
    .insertInto('role')
    .values({ company_id: companyId, ...json(v) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function update(db: Db, id: number, v: RoleValues): Promise<void> {
  await db.updateTable('role').set(json(v)).where('id', '=', id).execute();
}

export async function remove(db: Db, id: number): Promise<void> {
  // memberships of deleted accounts may still point at it
  await db.updateTable('membership').set({ role_id: null }).where('role_id', '=', id).execute();
  await db.deleteFrom('role').where('id', '=', id).execute();
}

/** Names of known resources of a kind (route keys, write URIs). */
export async function resourceNames(db: Db, kind: 'route' | 'uri'): Promise<Set<string>> {
  const rows = await db.selectFrom('resource').select('name').where('kind', '=', kind).execute();
  return new Set(rows.map((r) => r.name));
}
