import { defaultFaultAlerting, faultName, type TSmsSuppressReason } from '@liftguard/contract';
import { z } from 'zod';
import { enqueue, enqueueMany, grouped, jobsFor } from '../../jobs/queue.ts';
import { clockFor } from '../../platform/clock.ts';
import type { AppContext } from '../../platform/context.ts';
import { classifyNumber, composeFaultSms, decideFaultAlert, PROVIDER_LIMITS, shanghaiDayStart, signatureFor } from './fault-sms-policy.ts';
import { ProviderError, smsProviderFor } from './provider.ts';
import * as repo from './repo.ts';

export const SMS_QUEUES = { alert: 'sms.fault_alert', send: 'sms.send' } as const;

/** The bus message of Channels.faultRaised (the gateway publishes it after storing the fault). */
export const ZFaultRaisedEvent = z.object({
  faultId: z.coerce.number().int().positive(),
  liftId: z.coerce.number().int().positive(),
  companyId: z.coerce.number().int().positive(),
  terminalId: z.string().optional(),
  code: z.string(),
  occurredAt: z.union([z.string(), z.date(), z.number()]).optional(),
  trapped: z.boolean().optional(),
  repeat: z.union([z.boolean(), z.number()]).optional(),
});
export type TFaultRaisedEvent = z.infer<typeof ZFaultRaisedEvent>;

/** One alert per fault and Shanghai day: repeats of an open fault the same day add nothing, a fault still open the next day alerts again. */
export function alertKey(ctx: AppContext, prefix: string, faultId: number): string {
  return `${prefix}:${faultId}:${shanghaiDayStart(clockFor(ctx).now()).toISOString().slice(0, 13)}`;
}

/**
 * A raised fault becomes one durable alert job. The dedupe key makes it exactly once even when
 * several instances (Redis bus) hear the same event.
 */
export async function enqueueFaultAlert(ctx: AppContext, ev: TFaultRaisedEvent): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    await enqueue(tx, alertJob(ctx, ev.faultId));
    await repo.markAlertEnqueued(tx, [ev.faultId], clockFor(ctx).now());
  });
  jobsFor(ctx).kick();
}

/**
 * Group commit of alert jobs: a fault heard while the previous enqueue is still running waits
 * for it and goes with the next group (one transaction for up to 500 faults under a burst, one
 * per fault when quiet). A group that fails is left to the sweeper (alert_enqueued_at stays null).
 */
function alertBatcher(ctx: AppContext, onError: (err: unknown) => void): (faultId: number) => void {
  return grouped<number>(async (batch) => {
    const ids = [...new Set(batch)];
    await ctx.db.transaction().execute(async (tx) => {
      await enqueueMany(
        tx,
        ids.map((id) => alertJob(ctx, id)),
      );
      await repo.markAlertEnqueued(tx, ids, clockFor(ctx).now());
    });
    jobsFor(ctx).kick();
  }, onError);
}

function alertJob(ctx: AppContext, faultId: number) {
  return { queue: SMS_QUEUES.alert, payload: { faultId }, dedupeKey: alertKey(ctx, 'fault-alert', faultId), priority: 5 };
}

/** How often the sweeper looks for faults whose alert was never enqueued. */
export const ALERT_SWEEP_MS = 15_000;

/**
 * Never lose an alert: open faults of the last 24 h whose alert job was never enqueued (the bus
 * event was lost, or the process died between the fault insert and the event) get it now, in
 * the statement's transaction together with `alert_enqueued_at`. Idempotent: a second run finds
 * nothing, and the job's dedupe key makes a race with the bus path enqueue once.
 * `graceMs` leaves the newest faults to the bus path.
 */
export async function sweepUnalertedFaults(ctx: AppContext, opts: { graceMs?: number; limit?: number } = {}): Promise<number> {
  const now = clockFor(ctx).now();
  const n = await ctx.db.transaction().execute(async (tx) => {
    const ids = await repo.claimUnalertedFaults(tx, {
      since: new Date(now.getTime() - 86_400_000),
      before: new Date(now.getTime() - (opts.graceMs ?? 5_000)),
      limit: opts.limit ?? 500,
      at: now,
    });
    await enqueueMany(
      tx,
      ids.map((id) => alertJob(ctx, id)),
    );
    return ids.length;
  });
  if (n > 0) jobsFor(ctx).kick();
  return n;
}

/** The Shanghai calendar day of `now` as YYYY-MM-DD (sms_record.sms_day). */
export function shanghaiDay(now: Date): string {
  return new Date(shanghaiDayStart(now).getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

export type AlertOutcome = { queued: number; suppressed: number };

/** Decide one fault's alert (tests, and a fault isolated from a failing batch). */
export async function runFaultAlert(ctx: AppContext, faultId: number): Promise<AlertOutcome> {
  return (await decideFaultAlerts(ctx, [faultId])).get(faultId) ?? { queued: 0, suppressed: 0 };
}

/**
 * Decide, per alarm contact of each fault, send or suppress; record every decision; queue the
 * ones to send — for a batch of faults in one transaction, exactly as if they were decided one
 * after the other in fault id order:
 *
 * - the numbers of the batch are locked (advisory, sorted) and their queued/sent history read
 *   once; the companies are locked (rows, sorted) and their counters read once;
 * - the pure policy decides fault after fault in memory, each SMS it queues added to the
 *   history and to its company's units, so the next fault of the batch sees it;
 * - the records and send jobs are inserted in two statements, the units taken in one
 *   `UPDATE … RETURNING` on `company.sms_count`;
 * - unique keys on sms_record (same fault/lift/number/day, device slot) refuse a duplicate even
 *   if some path forgot the locks.
 *
 * So a burst costs a few statements per batch, not per fault, and sending (a job per SMS, run
 * concurrently: SMS_SEND_CONCURRENCY) never waits for a company lock.
 */
export async function decideFaultAlerts(ctx: AppContext, faultIds: number[]): Promise<Map<number, AlertOutcome>> {
  const out = new Map<number, AlertOutcome>(faultIds.map((id) => [id, { queued: 0, suppressed: 0 }]));
  const faults = (await repo.findFaultsForAlert(ctx.db, [...new Set(faultIds)]))
    .filter((f) => !f.lift_deleted_at && (f.setting_sms ?? defaultFaultAlerting(f.code).sms))
    .map((f) => ({ ...f, contacts: (f.j_alarm_charger ?? []).filter((c) => c && typeof c.mobile === 'string') }))
    .filter((f) => f.contacts.length > 0);
  if (faults.length === 0) return out;

  const now = clockFor(ctx).now();
  const day = shanghaiDay(now);
  const since = new Date(Math.min(shanghaiDayStart(now).getTime(), now.getTime() - 3_600_000));
  const numbers = [
    ...new Set(
      faults.flatMap((f) => f.contacts.map((c) => classifyNumber(c.mobile)).flatMap((n) => (n.kind === 'invalid' ? [] : [n.number]))),
    ),
  ];

  const queuedAny = await ctx.db.transaction().execute(async (tx) => {
    await repo.lockNumbers(tx, numbers);
    const companies = await repo.lockCompanies(
      tx,
      faults.map((f) => f.company_id),
    );
    const decided = await repo.decidedFaults(
      tx,
      faults.map((f) => f.id),
      day,
    );
    const history = await repo.findHistory(tx, numbers, since);
    const units = new Map<number, number>();
    const rows: repo.NewSmsRecord[] = [];
    for (const fault of faults) {
      const company = companies.get(fault.company_id);
      if (!company || decided.has(fault.id)) continue;
      const decisions = decideFaultAlert({
        now,
        liftId: fault.lift_id,
        code: fault.code,
        company: {
          smsEnable: company.sms_enable,
          smsCount: company.sms_count + (units.get(company.id) ?? 0),
          smsLimit: company.sms_limit,
          pending: 0, // sms_count already holds the units of queued SMS
        },
        lift: { smsSwitch: fault.sms_switch, smsLimit: fault.sms_limit },
        contacts: fault.contacts,
        historyOf: (n) => history.get(n) ?? [],
      });
      const signature = signatureFor(company);
      const location = [fault.community_name, fault.building_name, fault.unit_name].filter(Boolean).join(' ');
      let queued = 0;
      for (const d of decisions) {
        if (d.send) {
          queued += 1;
          units.set(company.id, (units.get(company.id) ?? 0) + 1);
          history.set(d.mobile, [...(history.get(d.mobile) ?? []), { at: now, liftId: fault.lift_id, code: fault.code, slot: d.slot }]);
        }
        const domestic = classifyNumber(d.mobile).kind !== 'overseas';
        rows.push({
          company_id: company.id,
          lift_id: fault.lift_id,
          fault_id: fault.id,
          code: fault.code,
          mobile: d.mobile,
          body: composeFaultSms({
            signature,
            domestic,
            liftName: fault.lift_name,
            location,
            faultName: faultName(fault.code, domestic ? 'zh-CN' : 'en-US'),
            floor: fault.floor_display ?? (fault.floor === null ? null : String(fault.floor)),
            occurredAt: new Date(fault.occurred_at),
          }),
          signature,
          status: d.send ? 'queued' : 'suppressed',
          reason: d.send ? null : (d.reason satisfies TSmsSuppressReason),
          created_at: now,
          sms_day: day,
          day_slot: d.send ? d.slot : null,
        });
      }
      out.set(fault.id, { queued, suppressed: decisions.length - queued });
    }
    const idOf = await repo.insertRecords(tx, rows);
    const ids = rows.filter((r) => r.status === 'queued').map((r) => idOf.get(`${r.fault_id}:${r.mobile}`) as number);
    await enqueueMany(
      tx,
      ids.map((id) => ({ queue: SMS_QUEUES.send, payload: { recordId: id }, dedupeKey: `sms:${id}`, priority: 10 })),
    );
    await repo.addCompanyUnits(tx, units);
    return ids.length > 0;
  });
  if (queuedAny) jobsFor(ctx).kick();
  return out;
}

/** Alert jobs in flight per instance: they wait for the batch decider, not for the database. */
export const ALERT_JOBS_IN_FLIGHT = 200;
/** Faults decided together in one transaction at most. */
export const ALERT_DECISION_BATCH = 200;

/**
 * Group commit of alert decisions: a job's fault waits while the current batch is decided and
 * goes with the next one (one fault per batch when quiet, up to ALERT_DECISION_BATCH in a
 * burst). A batch that fails is decided again fault by fault, so one bad fault only fails its
 * own job (which is retried by the queue).
 */
function alertDecider(ctx: AppContext): (faultId: number) => Promise<void> {
  const waiting: Array<{ id: number; resolve: () => void; reject: (err: unknown) => void }> = [];
  let running = false;
  let scheduled = false;
  const pump = async () => {
    scheduled = false;
    if (running) return;
    running = true;
    try {
      while (waiting.length > 0) {
        const batch = waiting.splice(0, ALERT_DECISION_BATCH);
        try {
          await decideFaultAlerts(
            ctx,
            batch.map((b) => b.id),
          );
          for (const b of batch) b.resolve();
        } catch (err) {
          if (batch.length === 1) batch[0]?.reject(err);
          else for (const b of batch) await runFaultAlert(ctx, b.id).then(() => b.resolve(), b.reject);
        }
      }
    } finally {
      running = false;
    }
  };
  return (id) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ id, resolve, reject });
      // start on the next turn, so the jobs of one claim go in one batch
      if (!running && !scheduled) {
        scheduled = true;
        setImmediate(() => void pump());
      }
    });
}

/**
 * Hand one queued SMS to the provider. Idempotent: a record that is no longer queued is not
 * sent again, and every attempt carries the record's stable idempotency key. A failure keeps
 * the record queued (the job retries with backoff); a timeout is counted as an unknown outcome.
 */
export async function runSmsSend(ctx: AppContext, recordId: number): Promise<void> {
  const rec = await repo.findRecord(ctx.db, recordId);
  if (rec?.status !== 'queued') return;
  let providerId: string;
  try {
    ({ providerId } = await smsProviderFor(ctx).send({
      to: rec.mobile,
      text: rec.body,
      signature: rec.signature,
      idempotencyKey: `sms-record-${rec.id}`,
      companyId: rec.company_id,
    }));
  } catch (err) {
    const unknown = err instanceof ProviderError && err.outcome === 'unknown';
    const error = err instanceof Error ? err.message : String(err);
    await repo.noteAttempt(ctx.db, rec.id, { reason: unknown ? 'provider_unknown_outcome' : 'provider_retry', error, unknown });
    throw err;
  }
  await repo.markSent(ctx.db, rec.id, providerId, new Date());
}

/** Register the SMS job handlers and the fault subscription on one app. */
export function startSmsAlerts(
  ctx: AppContext,
  subscribe: (handler: (m: unknown) => void) => () => void,
  onError: (err: unknown) => void = () => undefined,
): void {
  const jobs = jobsFor(ctx);
  const decide = alertDecider(ctx);
  jobs.register(SMS_QUEUES.alert, {
    run: (p) => decide(Number(p.faultId)),
    concurrency: ALERT_JOBS_IN_FLIGHT,
  });
  jobs.register(SMS_QUEUES.send, {
    run: async (p) => runSmsSend(ctx, Number(p.recordId)),
    onDead: async (p, _job, error) => repo.markFailed(ctx.db, Number(p.recordId), error),
    concurrency: ctx.config.SMS_SEND_CONCURRENCY,
  });
  const batcher = alertBatcher(ctx, onError);
  const off = subscribe((m) => {
    const ev = ZFaultRaisedEvent.safeParse(m);
    if (!ev.success) return;
    batcher(ev.data.faultId);
  });
  ctx.onClose(off);
  // The sweeper is the safety net of the bus path (tests call sweepUnalertedFaults themselves).
  if (ctx.config.NODE_ENV !== 'test') {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      sweepUnalertedFaults(ctx)
        .catch(onError)
        .finally(() => {
          running = false;
        });
    }, ALERT_SWEEP_MS);
    timer.unref();
    ctx.onClose(() => clearInterval(timer));
  }
}

export { PROVIDER_LIMITS };
