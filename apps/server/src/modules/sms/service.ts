import { defaultFaultAlerting, faultName, type TSmsSuppressReason } from '@liftguard/contract';
import { z } from 'zod';
import { enqueue, enqueueMany, jobsFor } from '../../jobs/queue.ts';
import { clockFor } from '../../platform/clock.ts';
import type { AppContext } from '../../platform/context.ts';
import { classifyNumber, composeFaultSms, decideFaultAlert, PROVIDER_LIMITS, shanghaiDayStart, signatureFor } from './fault-sms-policy.ts';
import { smsProviderFor } from './provider.ts';
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

/** Decide, per alarm contact, send or suppress; record every decision; queue the ones to send. */
export async function runFaultAlert(ctx: AppContext, faultId: number): Promise<{ queued: number; suppressed: number }> {
  const fault = await repo.findFaultForAlert(ctx.db, faultId);
  if (!fault || fault.lift_deleted_at) return { queued: 0, suppressed: 0 };
  if (!(fault.setting_sms ?? defaultFaultAlerting(fault.code).sms)) return { queued: 0, suppressed: 0 };
  const contacts = (fault.j_alarm_charger ?? []).filter((c) => c && typeof c.mobile === 'string');
  if (contacts.length === 0) return { queued: 0, suppressed: 0 };

  const now = clockFor(ctx).now();
  const occurredAt = new Date(fault.occurred_at);
  const location = [fault.community_name, fault.building_name, fault.unit_name].filter(Boolean).join(' ');
  const valid = contacts.map((c) => classifyNumber(c.mobile)).flatMap((n) => (n.kind === 'invalid' ? [] : [n.number]));

  const result = await ctx.db.transaction().execute(async (tx) => {
    const company = await repo.lockCompany(tx, fault.company_id);
    if (!company) return { queued: 0, suppressed: 0, ids: [] as number[] };
    await repo.lockNumbers(tx, valid);
    const pending = await repo.countPending(tx, company.id);
    const since = new Date(Math.min(shanghaiDayStart(now).getTime(), now.getTime() - 3_600_000));
    const history = await repo.findHistory(tx, valid, since);
    const decisions = decideFaultAlert({
      now,
      liftId: fault.lift_id,
      code: fault.code,
      company: { smsEnable: company.sms_enable, smsCount: company.sms_count, smsLimit: company.sms_limit, pending },
      lift: { smsSwitch: fault.sms_switch, smsLimit: fault.sms_limit },
      contacts,
      historyOf: (n) => history.get(n) ?? [],
    });
    const signature = signatureFor(company);
    const rows: repo.NewSmsRecord[] = decisions.map((d) => {
      const domestic = classifyNumber(d.mobile).kind !== 'overseas';
      const body = composeFaultSms({
        signature,
        domestic,
        liftName: fault.lift_name,
        location,
        faultName: faultName(fault.code, domestic ? 'zh-CN' : 'en-US'),
        floor: fault.floor_display ?? (fault.floor === null ? null : String(fault.floor)),
        occurredAt,
      });
      return {
        company_id: company.id,
        lift_id: fault.lift_id,
        fault_id: fault.id,
        code: fault.code,
        mobile: d.mobile,
        body,
        signature,
        status: d.send ? 'queued' : 'suppressed',
        reason: d.send ? null : (d.reason satisfies TSmsSuppressReason),
        created_at: now,
      };
    });
    const idOf = await repo.insertRecords(tx, rows);
    const ids = decisions.filter((d) => d.send).map((d) => idOf.get(d.mobile) as number);
    await enqueueMany(
      tx,
      ids.map((id) => ({ queue: SMS_QUEUES.send, payload: { recordId: id }, dedupeKey: `sms:${id}`, priority: 10 })),
    );
    const suppressed = decisions.length - ids.length;
    return { queued: ids.length, suppressed, ids };
  });
  if (result.queued > 0) jobsFor(ctx).kick();
  return { queued: result.queued, suppressed: result.suppressed };
}

/**
 * Hand one queued SMS to the provider. Idempotent: a record that is no longer queued is not
 * sent again, and the provider gets a stable idempotency key for the record.
 */
export async function runSmsSend(ctx: AppContext, recordId: number): Promise<void> {
  const rec = await repo.findRecord(ctx.db, recordId);
  if (rec?.status !== 'queued') return;
  try {
    const { providerId } = await smsProviderFor(ctx).send({
      to: rec.mobile,
      text: rec.body,
      signature: rec.signature,
      idempotencyKey: `sms-record-${rec.id}`,
      companyId: rec.company_id,
    });
    await repo.markSent(ctx.db, rec.id, providerId, new Date());
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await repo.noteAttempt(ctx.db, rec.id, `retrying: ${message}`.slice(0, 500));
    throw err;
  }
}

/** Register the SMS job handlers and the fault subscription on one app. */
export function startSmsAlerts(
  ctx: AppContext,
  subscribe: (handler: (m: unknown) => void) => () => void,
  onError: (err: unknown) => void = () => undefined,
): void {
  const jobs = jobsFor(ctx);
  jobs.register(SMS_QUEUES.alert, {
    run: async (p) => {
      await runFaultAlert(ctx, Number(p.faultId));
    },
  });
  jobs.register(SMS_QUEUES.send, {
    run: async (p) => runSmsSend(ctx, Number(p.recordId)),
    onDead: async (p, _job, error) => repo.markFailed(ctx.db, Number(p.recordId), `provider failed: ${error}`),
  });
  const off = subscribe((m) => {
    const ev = ZFaultRaisedEvent.safeParse(m);
    if (!ev.success) return;
    enqueueFaultAlert(ctx, ev.data).catch(() => undefined);
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
