import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../platform/db-schema.ts';
import { companyInScope } from '../../platform/scope.ts';

type Db = Kysely<DB> | Transaction<DB>;

export async function findCompany(db: Db, id: number) {
  return db
    .selectFrom('company')
    .select(['id', 'pid', 'path', 'name', 'node_type', 'sms_signature', 'sms_signature_enabled'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The company ids above a company, nearest first (department segments `d…` are skipped). */
export function ancestorCompanyIds(path: string, selfId: number): number[] {
  return path
    .split('/')
    .filter((s) => s && !s.startsWith('d'))
    .map(Number)
    .filter((n) => Number.isInteger(n) && n !== selfId)
    .reverse();
}

export async function findOpenTask(db: Db, topic: string, subjectId: number) {
  return db
    .selectFrom('task')
    .selectAll()
    .where('topic', '=', topic)
    .where('subject_id', '=', subjectId)
    .where('resolved', '=', 0)
    .executeTakeFirst();
}

export async function upsertOpenTask(
  tx: Transaction<DB>,
  t: { company_id: number; topic: string; subject_id: number; tip: string; sender_user_id: number; sender_company_id: number },
): Promise<number> {
  const open = await findOpenTask(tx, t.topic, t.subject_id);
  if (open) {
    await tx
      .updateTable('task')
      .set({ tip: t.tip, sender_user_id: t.sender_user_id, company_id: t.company_id, created_at: new Date() })
      .where('id', '=', open.id)
      .execute();
    return Number(open.id);
  }
  const row = await tx.insertInto('task').values(t).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Open tasks addressed to one company, newest first, with who sent them. */
export async function listOpenTasks(db: Db, companyId: number) {
  return db
    .selectFrom('task as t')
    .leftJoin('app_user as u', 'u.id', 't.sender_user_id')
    .leftJoin('company as c', 'c.id', 't.sender_company_id')
    .select(['t.id', 't.topic', 't.subject_id', 't.tip', 't.created_at', 'u.realname', 'u.username', 'c.name as company_name'])
    .where('t.company_id', '=', companyId)
    .where('t.resolved', '=', 0)
    .orderBy('t.id', 'desc')
    .limit(200)
    .execute();
}

/** A task the caller may handle: addressed to a company in their scope. */
export async function findTaskInScope(db: Db, id: number, scopePath: string) {
  return db
    .selectFrom('task')
    .selectAll()
    .where('id', '=', id)
    .where((eb) => companyInScope(eb, 'task.company_id', scopePath))
    .executeTakeFirst();
}

export async function resolveTask(tx: Transaction<DB>, id: number, resolved: 1 | -1, userId: number): Promise<boolean> {
  const r = await tx
    .updateTable('task')
    .set({ resolved, resolved_by: userId, resolved_at: new Date() })
    .where('id', '=', id)
    .where('resolved', '=', 0)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function setSignature(db: Db, companyId: number, signature: string | null, enabled: number): Promise<void> {
  await db
    .updateTable('company')
    .set({ ...(signature !== null ? { sms_signature: signature } : {}), sms_signature_enabled: enabled, updated_at: sql`now()` })
    .where('id', '=', companyId)
    .execute();
}
