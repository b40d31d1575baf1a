import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../platform/db-schema.ts';
import { communityInGrant, companyInScope, type DataScope, escapeLike, sql } from '../../platform/scope.ts';

type Db = Kysely<DB> | Transaction<DB>;

export const NODE_COLUMNS = [
  'id',
  'pid',
  'path',
  'node_type',
  'name',
  'j_region',
  'j_community_ids',
  'j_auth_list',
  'j_auth_uris',
  'j_extra_auth',
  'sms_count',
  'sms_limit',
  'sms_enable',
  'pay_permission',
  'logo',
] as const;

export type NodeRow = Awaited<ReturnType<typeof findNode>> & {};

/** Which of `ids` are live communities in the scope (company subtree and granted communities). */
export async function communitiesInScope(db: Db, scope: DataScope, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('community')
    .select('community.id')
    .where('community.id', 'in', ids)
    .where('community.deleted_at', 'is', null)
    .where((eb) => companyInScope(eb, 'community.company_id', scope.scopePath))
    .where(communityInGrant('community.id', scope))
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** A node by id, only when its path lies inside `scopePath`. */
export async function findNode(db: Db, id: number, scopePath: string) {
  return db
    .selectFrom('company')
    .select(NODE_COLUMNS)
    .where('id', '=', id)
    .where('path', 'like', `${escapeLike(scopePath)}%`)
    .executeTakeFirst();
}

export async function findByPath(db: Db, path: string) {
  return db.selectFrom('company').select(NODE_COLUMNS).where('path', '=', path).executeTakeFirst();
}

export async function listSubtree(db: Db, scopePath: string) {
  return db
    .selectFrom('company')
    .select(NODE_COLUMNS)
    .where('path', 'like', `${escapeLike(scopePath)}%`)
    .orderBy('path')
    .execute();
}

const TREE_COLUMNS = NODE_COLUMNS.filter((c) => c !== 'j_auth_list' && c !== 'j_auth_uris' && c !== 'j_extra_auth') as Array<
  Exclude<(typeof NODE_COLUMNS)[number], 'j_auth_list' | 'j_auth_uris' | 'j_extra_auth'>
>;

/** The subtree without the permission lists (the tree screen; details load one node at a time). */
export async function listTree(db: Db, scopePath: string) {
  return db
    .selectFrom('company')
    .select(TREE_COLUMNS)
    .where('path', 'like', `${escapeLike(scopePath)}%`)
    .orderBy('path')
    .execute();
}

export type NodeInsert = {
  pid: number;
  node_type: 'company' | 'department';
  name: string;
  j_region: string[];
  j_community_ids: number[];
  j_auth_list: string[];
  j_auth_uris: string[];
  j_extra_auth: string[];
  sms_limit: number;
  sms_enable: number;
  pay_permission: boolean;
  logo: string | null;
};

export async function insertNode(db: Db, v: NodeInsert, pathOf: (id: number) => string): Promise<number> {
  const row = await db
    .insertInto('company')
    .values({
      pid: v.pid,
      path: '',
      node_type: v.node_type,
      name: v.name,
      j_region: JSON.stringify(v.j_region),
      j_community_ids: JSON.stringify(v.j_community_ids),
      j_auth_list: JSON.stringify(v.j_auth_list),
      j_auth_uris: JSON.stringify(v.j_auth_uris),
      j_extra_auth: JSON.stringify(v.j_extra_auth),
      sms_limit: v.sms_limit,
      sms_enable: v.sms_enable,
      pay_permission: v.pay_permission,
      logo: v.logo,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('company')
    .set({ path: pathOf(row.id) })
    .where('id', '=', row.id)
    .execute();
  return row.id;
}

export type NodePatch = Partial<Omit<NodeInsert, 'pid' | 'node_type'>>;

export async function updateNode(db: Db, id: number, p: NodePatch): Promise<void> {
  const set: Record<string, unknown> = { updated_at: new Date() };
  for (const [k, v] of Object.entries(p)) {
    if (v === undefined) continue;
    set[k] = k.startsWith('j_') ? JSON.stringify(v) : v;
  }
  await db.updateTable('company').set(set).where('id', '=', id).execute();
}

/** Re-root a subtree: every path under `oldPrefix` now starts with `newPrefix`. */
export async function movePaths(db: Db, id: number, pid: number, oldPrefix: string, newPrefix: string): Promise<void> {
  await db.updateTable('company').set({ pid }).where('id', '=', id).execute();
  await db
    .updateTable('company')
    .set({ path: sql<string>`${newPrefix} || substr(path, ${oldPrefix.length + 1})` })
    .where('path', 'like', `${escapeLike(oldPrefix)}%`)
    .execute();
}

export async function countChildren(db: Db, id: number): Promise<number> {
  const r = await db
    .selectFrom('company')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('pid', '=', id)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Members of the node: memberships of accounts that are not deleted. */
export async function countMembers(db: Db, id: number): Promise<number> {
  const r = await db
    .selectFrom('membership as m')
    .innerJoin('app_user as u', 'u.id', 'm.user_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('m.company_id', '=', id)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Remove a node that has no children and no members: its roles, stale memberships and current-company marks go with it. */
export async function deleteNode(db: Db, id: number): Promise<void> {
  await db.updateTable('app_user').set({ current_company_id: null }).where('current_company_id', '=', id).execute();
  await db.deleteFrom('membership').where('company_id', '=', id).execute();
  await db
    .updateTable('membership')
    .set({ role_id: null })
    .where('role_id', 'in', (eb) => eb.selectFrom('role').select('id').where('company_id', '=', id))
    .execute();
  await db.deleteFrom('role').where('company_id', '=', id).execute();
  await db.deleteFrom('company').where('id', '=', id).execute();
}

/** Roles of the companies in a subtree (to trim them when the subtree loses permissions). */
export async function rolesInSubtree(db: Db, path: string) {
  return db
    .selectFrom('role as r')
    .innerJoin('company as c', 'c.id', 'r.company_id')
    .select(['r.id', 'c.path', 'r.j_auth_list', 'r.j_app_auth', 'r.j_expert_auth', 'r.j_extra_auth', 'r.j_auth_uris'])
    .where('c.path', 'like', `${escapeLike(path)}%`)
    .execute();
}

export async function setRoleGrants(
  db: Db,
  id: number,
  g: { j_auth_list: string[]; j_app_auth: string[]; j_expert_auth: string[]; j_extra_auth: string[]; j_auth_uris: string[] },
): Promise<void> {
  await db
    .updateTable('role')
    .set({
      j_auth_list: JSON.stringify(g.j_auth_list),
      j_app_auth: JSON.stringify(g.j_app_auth),
      j_expert_auth: JSON.stringify(g.j_expert_auth),
      j_extra_auth: JSON.stringify(g.j_extra_auth),
      j_auth_uris: JSON.stringify(g.j_auth_uris),
    })
    .where('id', '=', id)
    .execute();
}

/** Department members keep a role only while it belongs to the company that owns their department. */
export async function dropForeignRoles(db: Db, subtreePath: string): Promise<void> {
  await sql`
    update membership m set role_id = null
    from company c, role r
    where m.company_id = c.id and r.id = m.role_id
      and c.path like ${`${escapeLike(subtreePath)}%`} and c.node_type = 'department'
      and r.company_id <> (select o.id from company o where c.path like o.path || '%' and o.node_type = 'company'
                           order by length(o.path) desc limit 1)`.execute(db);
}
