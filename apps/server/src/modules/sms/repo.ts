import type { TPageQuery } from '@liftguard/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../platform/db-schema.ts';
import { communityInGrant, companyInScope, type DataScope } from '../../platform/scope.ts';
import type { SmsHistoryEntry } from './fault-sms-policy.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** The faults with what an alert needs: lift contacts and switches, location names, the SMS setting of the code. */
export async function findFaultsForAlert(db: Db, faultIds: number[]) {
  if (faultIds.length === 0) return [];
  return db
    .selectFrom('fault as f')
    .innerJoin('lift as l', 'l.id', 'f.lift_id')
    .leftJoin('community as c', 'c.id', 'l.community_id')
    .leftJoin('building as b', 'b.id', 'l.building_id')
    .leftJoin('unit as u', 'u.id', 'l.unit_id')
    .leftJoin('fault_setting as s', (j) => j.onRef('s.company_id', '=', 'f.company_id').onRef('s.code', '=', 'f.code'))
    .select([
      'f.id',
      'f.code',
      'f.company_id',
      'f.lift_id',
      'f.floor',
      'f.floor_display',
      'f.occurred_at',
      'l.name as lift_name',
      'l.j_alarm_charger',
      'l.sms_switch',
      'l.sms_limit',
      'l.deleted_at as lift_deleted_at',
      's.sms as setting_sms',
      'c.name as community_name',
      'b.name as building_name',
      'u.name as unit_name',
    ])
    .where('f.id', 'in', faultIds)
    .orderBy('f.id')
    .execute();
}

/** Record that the alert job of these faults is enqueued (same transaction as the enqueue). */
export async function markAlertEnqueued(db: Db, faultIds: number[], at: Date): Promise<void> {
  if (faultIds.length === 0) return;
  await db.updateTable('fault').set({ alert_enqueued_at: at }).where('id', 'in', faultIds).execute();
}

/**
 * Take the open faults created in [since, before) whose alert was never enqueued and mark them
 * enqueued in one statement (the caller enqueues their jobs in the same transaction); rows
 * another sweeper holds are skipped.
 */
export async function claimUnalertedFaults(
  tx: Transaction<DB>,
  w: { since: Date; before: Date; limit: number; at: Date },
): Promise<number[]> {
  const rows = await tx
    .updateTable('fault')
    .set({ alert_enqueued_at: w.at })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('fault')
        .select('id')
        .where('alert_enqueued_at', 'is', null)
        .where('solved_at', 'is', null)
        .where('state', '=', 'untreated')
        .where('created_at', '>=', w.since)
        .where('created_at', '<', w.before)
        .orderBy('id')
        .limit(w.limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning('id')
    .execute();
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/** Lock the companies of a batch of alerts (sorted, so two deciders never deadlock) and read their SMS state. */
export async function lockCompanies(tx: Transaction<DB>, companyIds: number[]) {
  const ids = [...new Set(companyIds)].sort((a, b) => a - b);
  if (ids.length === 0) return new Map();
  const rows = await tx
    .selectFrom('company')
    .select(['id', 'sms_enable', 'sms_count', 'sms_limit', 'sms_signature', 'sms_signature_enabled'])
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Take units of the SMS limit for what a batch queued, in one UPDATE…RETURNING; a queued SMS
 * holds its unit from here (`markFailed` gives it back). Returns the new counts.
 */
export async function addCompanyUnits(tx: Transaction<DB>, units: Map<number, number>): Promise<Map<number, number>> {
  const entries = [...units].filter(([, n]) => n > 0);
  if (entries.length === 0) return new Map();
  const res = await sql<{ id: number; sms_count: number }>`
    update company c set sms_count = c.sms_count + v.n
    from unnest(${entries.map(([id]) => id)}::int[], ${entries.map(([, n]) => n)}::int[]) as v(id, n)
    where c.id = v.id
    returning c.id, c.sms_count`.execute(tx);
  return new Map(res.rows.map((r) => [Number(r.id), Number(r.sms_count)]));
}

/** The faults of the list whose alert was already decided today (a re-run of their job after a crash). */
export async function decidedFaults(db: Db, faultIds: number[], day: string): Promise<Set<number>> {
  if (faultIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('sms_record')
    .select('fault_id')
    .distinct()
    .where('fault_id', 'in', faultIds)
    .where('sms_day', '=', day)
    .execute();
  return new Set(rows.map((r) => Number(r.fault_id)));
}

/** Serialise decisions per number across companies and instances (sorted, so two alerts never deadlock). */
export async function lockNumbers(tx: Transaction<DB>, numbers: string[]): Promise<void> {
  const keys = [...new Set(numbers)].sort().map((n) => `sms:${n}`);
  if (keys.length === 0) return;
  // Volatile functions in the select list run after the sort, so the locks are taken in key order.
  await sql`select pg_advisory_xact_lock(hashtext(k)) from unnest(${keys}::text[]) as k order by k`.execute(tx);
}

export async function findHistory(db: Db, numbers: string[], since: Date): Promise<Map<string, SmsHistoryEntry[]>> {
  const out = new Map<string, SmsHistoryEntry[]>();
  if (numbers.length === 0) return out;
  const rows = await db
    .selectFrom('sms_record')
    .select(['mobile', 'created_at', 'lift_id', 'code', 'day_slot'])
    .where('mobile', 'in', numbers)
    .where('status', 'in', ['queued', 'sent'])
    .where('created_at', '>=', since)
    .execute();
  for (const r of rows) {
    const list = out.get(r.mobile) ?? [];
    list.push({ at: new Date(r.created_at), liftId: r.lift_id, code: r.code, slot: r.day_slot });
    out.set(r.mobile, list);
  }
  return out;
}

export type NewSmsRecord = {
  company_id: number;
  lift_id: number | null;
  fault_id: number | null;
  code: string | null;
  mobile: string;
  body: string;
  signature: string;
  status: 'queued' | 'suppressed';
  reason: string | null;
  created_at: Date;
  sms_day?: string | null;
  day_slot?: number | null;
};

export async function insertRecord(db: Db, r: NewSmsRecord): Promise<number> {
  const row = await db
    .insertInto('sms_record')
    .values({ ...r, updated_at: r.created_at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Insert decisions at once; returns the ids by `<fault_id>:<number>` (numbers are unique within an alert). */
export async function insertRecords(db: Db, rows: NewSmsRecord[]): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const out = await db
    .insertInto('sms_record')
    .values(rows.map((r) => ({ ...r, updated_at: r.created_at })))
    .returning(['id', 'fault_id', 'mobile'])
    .execute();
  return new Map(out.map((r) => [`${r.fault_id}:${r.mobile}`, Number(r.id)]));
}

export async function findRecord(db: Db, id: number) {
  return db.selectFrom('sms_record').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A send attempt that did not end in "accepted": the record stays queued with why (`provider_retry` or `provider_unknown_outcome`). */
export async function noteAttempt(db: Db, id: number, a: { reason: string; error: string; unknown: boolean }): Promise<void> {
  await db
    .updateTable('sms_record')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      unknown_outcomes: a.unknown ? eb('unknown_outcomes', '+', 1) : eb.ref('unknown_outcomes'),
      reason: a.reason,
      last_error: a.error.slice(0, 500),
      updated_at: new Date(),
    }))
    .where('id', '=', id)
    .execute();
}

/** Mark sent once (only from queued; its unit was taken when it was queued); false when it was no longer queued. */
export async function markSent(db: Db, id: number, providerId: string, at: Date): Promise<boolean> {
  const row = await db
    .updateTable('sms_record')
    .set((eb) => ({
      status: 'sent' as const,
      provider_id: providerId,
      sent_at: at,
      updated_at: at,
      reason: null,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The provider gave up for good: the record fails (from queued only) and gives its unit of the company limit back. */
export async function markFailed(db: Kysely<DB>, id: number, error: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable('sms_record')
      .set({ status: 'failed', reason: 'provider_failed', last_error: error.slice(0, 500), updated_at: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .returning('company_id')
      .executeTakeFirst();
    if (!row) return;
    await tx
      .updateTable('company')
      .set((eb) => ({ sms_count: sql<number>`greatest(0, ${eb.ref('sms_count')} - 1)` }))
      .where('id', '=', row.company_id)
      .execute();
  });
}

const ORDER_KEYS = { id: 's.id', status: 's.status', mobile: 's.mobile', insert_time: 's.created_at' } as const;

export async function listRecords(
  db: Db,
  scope: DataScope,
  q: TPageQuery & { status?: 'queued' | 'sent' | 'suppressed' | 'failed'; lift_id?: number },
) {
  let base = db
    .selectFrom('sms_record as s')
    .leftJoin('lift as l', 'l.id', 's.lift_id')
    .where((eb) => companyInScope(eb, 's.company_id', scope.scopePath))
    .where(communityInGrant('l.community_id', scope));
  if (q.status) base = base.where('s.status', '=', q.status);
  if (q.lift_id) base = base.where('s.lift_id', '=', q.lift_id);
  if (q.keyword) {
    const k = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) => eb.or([eb('s.mobile', 'like', k), eb('l.name', 'like', k), eb('s.body', 'like', k)]));
  }
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const orderCol = ORDER_KEYS[(q.orderKey ?? 'id') as keyof typeof ORDER_KEYS] ?? 's.id';
  const rows = await base
    .select([
      's.id',
      's.company_id',
      's.lift_id',
      'l.name as lift_name',
      's.fault_id',
      's.code',
      's.mobile',
      's.body',
      's.status',
      's.reason',
      's.attempts',
      's.unknown_outcomes',
      's.last_error',
      's.provider_id',
      's.created_at',
      's.sent_at',
    ])
    .orderBy(orderCol, q.orderMethod ?? 'desc')
    .orderBy('s.id', 'desc')
    .limit(q.size)
    .offset((q.page - 1) * q.size)
    .execute();
  return { rows, total: Number(total.n) };
}

export async function findCompanySms(db: Db, companyId: number) {
  return db
    .selectFrom('company')
    .select(['id', 'pid', 'path', 'name', 'sms_enable', 'sms_count', 'sms_limit', 'sms_signature', 'sms_signature_enabled'])
    .where('id', '=', companyId)
    .executeTakeFirst();
}
