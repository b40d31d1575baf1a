import type { TPageQuery } from '@liftguard/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../platform/db-schema.ts';
import { communityInGrant, companyInScope, type DataScope, escapeLike, liftInScope } from '../../platform/scope.ts';

type Db = Kysely<DB> | Transaction<DB>;

export async function listAccounts(db: Db, scopePath: string, q: TPageQuery) {
  let base = db
    .selectFrom('pusher_account as a')
    .where('a.deleted_at', 'is', null)
    .where((eb) => companyInScope(eb, 'a.company_id', scopePath));
  if (q.keyword) base = base.where('a.name', 'like', `%${escapeLike(q.keyword)}%`);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['a.id', 'a.company_id', 'a.name', 'a.base_url', 'a.account', 'a.secret', 'a.enabled', 'a.created_at'])
    .orderBy(q.orderKey === 'name' ? 'a.name' : 'a.id', q.orderMethod ?? 'desc')
    .limit(q.size)
    .offset((q.page - 1) * q.size)
    .execute();
  return { rows, total: Number(total.n) };
}

export async function findAccountInScope(db: Db, id: number, scopePath: string) {
  return db
    .selectFrom('pusher_account')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where((eb) => companyInScope(eb, 'pusher_account.company_id', scopePath))
    .executeTakeFirst();
}

export async function insertAccount(
  db: Db,
  a: { company_id: number; name: string; base_url: string; account: string; secret: string; enabled: boolean },
) {
  const row = await db.insertInto('pusher_account').values(a).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateAccount(
  db: Db,
  id: number,
  a: { name: string; base_url: string; account: string; secret?: string; enabled: boolean },
): Promise<void> {
  await db
    .updateTable('pusher_account')
    .set({ ...a, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteAccount(db: Db, id: number): Promise<void> {
  await db.updateTable('pusher_account').set({ deleted_at: new Date(), enabled: false }).where('id', '=', id).execute();
}

export async function findLiftInScope(db: Db, id: number, scope: DataScope) {
  return db
    .selectFrom('lift as l')
    .leftJoin('terminal as t', 't.terminal_id', 'l.terminal_id')
    .select([
      'l.id',
      'l.company_id',
      'l.name',
      'l.code',
      'l.model',
      'l.brand',
      'l.equipment_code',
      'l.register_number',
      'l.factory_number',
      'l.address',
      'l.latitude',
      'l.longitude',
      'l.terminal_id',
      't.online',
      't.last_seen_at',
    ])
    .where('l.id', '=', id)
    .where('l.deleted_at', 'is', null)
    .where((eb) => liftInScope(eb, scope, 'l'))
    .executeTakeFirst();
}

export async function findParams(db: Db, liftId: number) {
  return db.selectFrom('lift_push_param').selectAll().where('lift_id', '=', liftId).executeTakeFirst();
}

export async function saveParams(
  db: Db,
  p: { lift_id: number; company_id: number; serial_number: string; manufacturer_credit_code: string; registration_code: string },
) {
  await db
    .insertInto('lift_push_param')
    .values(p)
    .onConflict((oc) =>
      oc.column('lift_id').doUpdateSet({
        serial_number: p.serial_number,
        manufacturer_credit_code: p.manufacturer_credit_code,
        registration_code: p.registration_code,
        company_id: p.company_id,
        updated_at: new Date(),
      }),
    )
    .execute();
}

/** Enabled accounts of the lift's company or any company above it. */
export async function accountsForLiftCompany(db: Db, companyId: number) {
  return db
    .selectFrom('pusher_account as a')
    .innerJoin('company as ac', 'ac.id', 'a.company_id')
    .innerJoin('company as lc', (j) => j.on('lc.id', '=', companyId))
    .select(['a.id', 'a.company_id'])
    .where('a.deleted_at', 'is', null)
    .where('a.enabled', '=', true)
    .where(sql<boolean>`lc.path like ac.path || '%'`)
    .execute();
}

export async function insertLog(
  db: Db,
  l: {
    company_id: number;
    account_id: number;
    lift_id: number;
    kind: 'registration' | 'status' | 'fault';
    payload: Record<string, unknown>;
  },
): Promise<number> {
  const row = await db
    .insertInto('push_log')
    .values({ ...l, payload: JSON.stringify(l.payload) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function findLogWithAccount(db: Db, id: number) {
  return db
    .selectFrom('push_log as p')
    .innerJoin('pusher_account as a', 'a.id', 'p.account_id')
    .select(['p.id', 'p.status', 'p.kind', 'p.payload', 'p.attempts', 'a.base_url', 'a.account', 'a.secret', 'a.deleted_at'])
    .where('p.id', '=', id)
    .executeTakeFirst();
}

export async function noteLogAttempt(
  db: Db,
  id: number,
  r: { status?: 'sent' | 'failed'; response_status: number | null; error: string | null },
) {
  await db
    .updateTable('push_log')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      response_status: r.response_status,
      error: r.error,
      ...(r.status ? { status: r.status } : {}),
      ...(r.status === 'sent' ? { sent_at: new Date() } : {}),
    }))
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .execute();
}

export async function markLogFailed(db: Db, id: number, error: string) {
  await db
    .updateTable('push_log')
    .set({ status: 'failed', error: error.slice(0, 500) })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .execute();
}

export async function listLogs(
  db: Db,
  scope: DataScope,
  q: TPageQuery & { lift_id?: number; account_id?: number; status?: 'queued' | 'sent' | 'failed' },
) {
  let base = db
    .selectFrom('push_log as p')
    .innerJoin('pusher_account as a', 'a.id', 'p.account_id')
    .innerJoin('lift as l', 'l.id', 'p.lift_id')
    .where((eb) => companyInScope(eb, 'p.company_id', scope.scopePath))
    .where(communityInGrant('l.community_id', scope));
  if (q.lift_id) base = base.where('p.lift_id', '=', q.lift_id);
  if (q.account_id) base = base.where('p.account_id', '=', q.account_id);
  if (q.status) base = base.where('p.status', '=', q.status);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select([
      'p.id',
      'p.account_id',
      'a.name as account_name',
      'p.lift_id',
      'l.name as lift_name',
      'p.kind',
      'p.status',
      'p.attempts',
      'p.response_status',
      'p.error',
      'p.created_at',
      'p.sent_at',
    ])
    .orderBy('p.id', q.orderMethod ?? 'desc')
    .limit(q.size)
    .offset((q.page - 1) * q.size)
    .execute();
  return { rows, total: Number(total.n) };
}

export async function findFaultForPush(db: Db, faultId: number) {
  return db
    .selectFrom('fault')
    .select(['id', 'lift_id', 'company_id', 'code', 'floor', 'floor_display', 'occurred_at', 'trapped'])
    .where('id', '=', faultId)
    .executeTakeFirst();
}
