import { sql } from 'kysely';
import type { Database } from '../../platform/db.ts';

/** Every SQL statement of the identity module. */

/** A timestamp parameter from the caller's clock (typed for generated timestamp columns). */
// biome-ignore lint/suspicious/noExplicitAny: Generated<Timestamp> columns take no Date in updates (db-schema typing)
const stamp = (d: Date) => sql<any>`${d.toISOString()}::timestamptz`;

export type LoginUserRow = {
  id: number;
  username: string;
  password_hash: string;
  language: string;
  current_company_id: number | null;
  is_root: boolean;
};

const loginColumns = ['id', 'username', 'password_hash', 'language', 'current_company_id', 'is_root'] as const;

/** The live account signed in as `identifier`: a username (any case) or a phone number. Username wins. */
export async function findUserForLogin(db: Database, identifier: string): Promise<LoginUserRow | undefined> {
  const rows = await db
    .selectFrom('app_user')
    .select(loginColumns)
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb(sql`lower(username)`, '=', identifier.toLowerCase()), eb('mobile', '=', identifier)]))
    .limit(2)
    .execute();
  return rows.find((r) => r.username.toLowerCase() === identifier.toLowerCase()) ?? rows[0];
}

export async function findUserById(db: Database, id: number): Promise<LoginUserRow | undefined> {
  return db.selectFrom('app_user').select(loginColumns).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

/** The live account that uses this phone number or email address. */
export async function findUserByContact(db: Database, channel: 'sms' | 'email', target: string): Promise<LoginUserRow | undefined> {
  const q = db.selectFrom('app_user').select(loginColumns).where('deleted_at', 'is', null);
  return (channel === 'sms' ? q.where('mobile', '=', target) : q.where(sql`lower(email)`, '=', target.toLowerCase())).executeTakeFirst();
}

export async function findProfile(db: Database, id: number) {
  return db
    .selectFrom('app_user')
    .select([
      'id',
      'username',
      'realname',
      'head_url',
      'job_num',
      'job',
      'mobile',
      'email',
      'birthday',
      'language',
      'current_company_id',
      'is_root',
    ])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}
export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

/** The user's memberships with their node and role, oldest first. */
export async function listMemberships(db: Database, userId: number) {
  return db
    .selectFrom('membership as m')
    .innerJoin('company as c', 'c.id', 'm.company_id')
    .leftJoin('role as r', 'r.id', 'm.role_id')
    .select([
      'm.id',
      'm.company_id',
      'm.role_id',
      'm.j_community_ids',
      'm.j_region',
      'c.name',
      'c.node_type',
      'c.pid',
      'c.path',
      'r.role_type',
      'r.j_auth_list',
      'r.j_auth_uris',
      'r.j_extra_auth',
    ])
    .where('m.user_id', '=', userId)
    .orderBy('m.id')
    .execute();
}
export type MembershipRow = Awaited<ReturnType<typeof listMemberships>>[number];

export async function findNode(db: Database, id: number) {
  return db
    .selectFrom('company')
    .select(['id', 'pid', 'name', 'path', 'node_type', 'j_region', 'j_community_ids', 'j_extra_auth', 'logo'])
    .where('id', '=', id)
    .executeTakeFirst();
}
export type NodeRow = NonNullable<Awaited<ReturnType<typeof findNode>>>;

export async function findLogos(db: Database, ids: number[]): Promise<Map<number, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('company').select(['id', 'logo']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.logo]));
}

export async function findCommunities(db: Database, ids: number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('community').select(['id', 'name']).where('id', 'in', ids).where('deleted_at', 'is', null).orderBy('id').execute();
}

export async function setCurrentCompany(db: Database, userId: number, nodeId: number, now: Date): Promise<void> {
  await db
    .updateTable('app_user')
    .set({ current_company_id: nodeId, updated_at: stamp(now) })
    .where('id', '=', userId)
    .execute();
}

export async function setLanguage(db: Database, userId: number, language: string, now: Date): Promise<void> {
  await db
    .updateTable('app_user')
    .set({ language, updated_at: stamp(now) })
    .where('id', '=', userId)
    .execute();
}

export async function setPasswordHash(db: Database, userId: number, hash: string, now: Date): Promise<void> {
  await db
    .updateTable('app_user')
    .set({ password_hash: hash, updated_at: stamp(now) })
    .where('id', '=', userId)
    .execute();
}

// ---- sessions ----

/**
 * Open a session; in the same transaction end the user's open sessions on the same client kind.
 * The user row is locked first so two simultaneous sign-ins cannot both survive.
 */
export async function openSession(
  db: Database,
  s: { userId: number; tokenHash: string; client: string; ip: string | null; expiresAt: Date; now: Date },
): Promise<{ sessionId: number; replaced: number[] }> {
  return db.transaction().execute(async (tx) => {
    await tx.selectFrom('app_user').select('id').where('id', '=', s.userId).forUpdate().execute();
    const replaced = await tx
      .updateTable('session')
      .set({ ended_at: s.now, ended_reason: 'replaced' })
      .where('user_id', '=', s.userId)
      .where('client', '=', s.client)
      .where('ended_at', 'is', null)
      .returning('id')
      .execute();
    const row = await tx
      .insertInto('session')
      .values({ user_id: s.userId, token_hash: s.tokenHash, client: s.client, ip: s.ip, expires_at: s.expiresAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { sessionId: row.id, replaced: replaced.map((r) => r.id) };
  });
}

/** End open sessions of a user (all, or all but one); returns the ids ended. */
export async function endSessions(
  db: Database,
  q: { userId: number; exceptId?: number; onlyId?: number; reason: string; now: Date },
): Promise<number[]> {
  let upd = db
    .updateTable('session')
    .set({ ended_at: q.now, ended_reason: q.reason })
    .where('user_id', '=', q.userId)
    .where('ended_at', 'is', null);
  if (q.exceptId !== undefined) upd = upd.where('id', '!=', q.exceptId);
  if (q.onlyId !== undefined) upd = upd.where('id', '=', q.onlyId);
  const rows = await upd.returning('id').execute();
  return rows.map((r) => r.id);
}

// ---- verification codes and password tickets ----

export type CodeRow = { id: number; user_id: number | null; code_hash: string; attempts: number; expires_at: Date };

/** Retire every unused code of a channel and target (a newer one replaces them). */
export async function retireCodes(db: Database, channel: string, target: string, now: Date): Promise<void> {
  await db
    .updateTable('verification_code')
    .set({ used_at: now })
    .where('channel', '=', channel)
    .where('target', '=', target)
    .where('used_at', 'is', null)
    .execute();
}

export async function insertCode(
  db: Database,
  c: { channel: string; target: string; userId: number; codeHash: string; expiresAt: Date; ip: string | null },
): Promise<void> {
  await db
    .insertInto('verification_code')
    .values({ channel: c.channel, target: c.target, user_id: c.userId, code_hash: c.codeHash, expires_at: c.expiresAt, ip: c.ip })
    .execute();
}

/** The newest unused code of a channel and target. */
export async function latestCode(db: Database, channel: string, target: string): Promise<CodeRow | undefined> {
  const row = await db
    .selectFrom('verification_code')
    .select(['id', 'user_id', 'code_hash', 'attempts', 'expires_at'])
    .where('channel', '=', channel)
    .where('target', '=', target)
    .where('used_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? { ...row, expires_at: new Date(row.expires_at) } : undefined;
}

export async function findTicket(db: Database, codeHash: string): Promise<CodeRow | undefined> {
  const row = await db
    .selectFrom('verification_code')
    .select(['id', 'user_id', 'code_hash', 'attempts', 'expires_at'])
    .where('channel', '=', 'ticket')
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return row ? { ...row, expires_at: new Date(row.expires_at) } : undefined;
}

/** Use a code once: true only for the caller that marked it. */
export async function useCode(db: Database, id: number, now: Date): Promise<boolean> {
  const res = await db
    .updateTable('verification_code')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function countWrongAttempt(db: Database, id: number): Promise<number> {
  const row = await db
    .updateTable('verification_code')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts ?? 0;
}

// ---- housekeeping ----

export async function purgeSessions(db: Database, expiredBefore: Date): Promise<number> {
  const res = await db.deleteFrom('session').where('expires_at', '<', expiredBefore).executeTakeFirst();
  return Number(res.numDeletedRows);
}

export async function purgeCodes(db: Database, expiredBefore: Date): Promise<number> {
  const res = await db.deleteFrom('verification_code').where('expires_at', '<', expiredBefore).executeTakeFirst();
  return Number(res.numDeletedRows);
}
