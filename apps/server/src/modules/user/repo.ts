import type { TUserListQuery } from '@liftguard/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../platform/db-schema.ts';
import { keywordMatch } from '../../platform/keyword.ts';
import { companyInScope, escapeLike, sql } from '../../platform/scope.ts';

type Db = Kysely<DB> | Transaction<DB>;

const USER_COLUMNS = [
  'u.id',
  'u.username',
  'u.realname',
  'u.mobile',
  'u.email',
  'u.job_num',
  'u.job',
  'u.created_at',
  'u.deleted_at',
] as const;

/** Accounts with at least one membership inside the scope. */
function visible(db: Db, scopePath: string, companyId?: number) {
  return db.selectFrom('app_user as u').where((eb) =>
    eb.exists(
      eb
        .selectFrom('membership as vm')
        .select('vm.id')
        .whereRef('vm.user_id', '=', 'u.id')
        .where((e) => companyInScope(e, 'vm.company_id', scopePath))
        .$if(companyId !== undefined, (q) => q.where('vm.company_id', '=', companyId as number)),
    ),
  );
}

export async function page(db: Db, scopePath: string, q: TUserListQuery, orderKey: string) {
  let base = visible(db, scopePath, q.company_id).where('u.deleted_at', 'is', null);
  if (q.keyword) {
    const k = `%${escapeLike(q.keyword)}%`;
    base = base.where(keywordMatch('app_user', 'u', k));
  }
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(USER_COLUMNS)
    .orderBy(sql.ref(`u.${orderKey}`), q.orderMethod ?? 'desc')
    .orderBy('u.id', 'desc')
    .limit(q.size)
    .offset((q.page - 1) * q.size)
    .execute();
  return { rows, total: Number(total.n) };
}

/** Every visible account (export), newest first, capped. */
export async function all(db: Db, scopePath: string, limit: number) {
  return visible(db, scopePath).where('u.deleted_at', 'is', null).select(USER_COLUMNS).orderBy('u.id', 'desc').limit(limit).execute();
}

export async function find(db: Db, scopePath: string, id: number) {
  return visible(db, scopePath).select(USER_COLUMNS).select('u.is_root').where('u.id', '=', id).executeTakeFirst();
}

/** Memberships of the given users; only those inside `scopePath` when it is given. */
export async function memberships(db: Db, userIds: number[], scopePath?: string) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('membership as m')
    .innerJoin('company as c', 'c.id', 'm.company_id')
    .leftJoin('role as r', 'r.id', 'm.role_id')
    .select([
      'm.id',
      'm.user_id',
      'm.company_id',
      'c.name as company_name',
      'c.node_type',
      'c.path',
      'm.role_id',
      'r.name as role_name',
      'r.role_type',
      'm.j_community_ids',
      'm.j_region',
    ])
    .where('m.user_id', 'in', userIds)
    .$if(scopePath !== undefined, (q) => q.where((eb) => companyInScope(eb, 'm.company_id', scopePath as string)))
    .orderBy('m.id')
    .execute();
}

export type Duplicate = 'username' | 'mobile' | 'email';

/** Which unique field of a live account already holds the value, if any. */
export async function duplicateOf(
  db: Db,
  v: { username?: string; mobile?: string | null; email?: string | null },
  exceptId?: number,
): Promise<Duplicate | null> {
  const checks: Array<[Duplicate, string | null | undefined, boolean]> = [
    ['mobile', v.mobile, false],
    ['username', v.username, true],
    ['email', v.email, true],
  ];
  for (const [field, value, ci] of checks) {
    if (!value) continue;
    const row = await db
      .selectFrom('app_user')
      .select('id')
      .where(ci ? sql`lower(${sql.ref(field)})` : sql.ref(field), '=', ci ? value.toLowerCase() : value)
      .where('deleted_at', 'is', null)
      .$if(exceptId !== undefined, (q) => q.where('id', '<>', exceptId as number))
      .executeTakeFirst();
    if (row) return field;
  }
  return null;
}

export type UserValues = {
  username: string;
  realname: string;
  mobile: string | null;
  email: string | null;
  job_num: string | null;
  job: string | null;
};

export async function insert(db: Db, v: UserValues & { password_hash: string; current_company_id: number }): Promise<number> {
  const r = await db.insertInto('app_user').values(v).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function update(db: Db, id: number, v: Partial<UserValues> & { password_hash?: string }): Promise<void> {
  await db
    .updateTable('app_user')
    .set({ ...v, updated_at: sql<Date>`now()` } as never)
    .where('id', '=', id)
    .execute();
}

export async function softDelete(db: Db, id: number): Promise<void> {
  await db
    .updateTable('app_user')
    .set({ deleted_at: sql<Date>`now()`, current_company_id: null } as never)
    .where('id', '=', id)
    .execute();
  await db
    .updateTable('session')
    .set({ ended_at: sql<Date>`now()`, ended_reason: 'deleted' } as never)
    .where('user_id', '=', id)
    .where('ended_at', 'is', null)
    .execute();
}

export async function saveMembership(
  db: Db,
  v: { user_id: number; company_id: number; role_id: number | null; j_community_ids: number[]; j_region: string[] },
): Promise<void> {
  const values = {
    user_id: v.user_id,
    company_id: v.company_id,
    role_id: v.role_id,
    j_community_ids: JSON.stringify(v.j_community_ids),
    j_region: JSON.stringify(v.j_region),
  };
  await db
    .insertInto('membership')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['user_id', 'company_id']).doUpdateSet({
        role_id: values.role_id,
        j_community_ids: values.j_community_ids,
        j_region: values.j_region,
      }),
    )
    .execute();
}

export async function deleteMemberships(db: Db, userId: number, companyIds: number[]): Promise<void> {
  if (companyIds.length === 0) return;
  await db.deleteFrom('membership').where('user_id', '=', userId).where('company_id', 'in', companyIds).execute();
  await db
    .updateTable('app_user')
    .set({ current_company_id: null })
    .where('id', '=', userId)
    .where('current_company_id', 'in', companyIds)
    .execute();
}

/** Communities of the given ids that lie inside the scope (membership grants must not reach outside it). */
export async function communitiesInScope(db: Db, scopePath: string, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('community')
    .select('id')
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .where((eb) => companyInScope(eb, 'community.company_id', scopePath))
    .execute();
  return rows.map((r) => r.id);
}
