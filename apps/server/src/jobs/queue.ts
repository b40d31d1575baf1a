import { randomBytes } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { AppContext } from '../platform/context.ts';
import type { DB } from '../platform/db-schema.ts';

/**
 * A small durable job queue on the `job` table (docs/adr-jobs.md). Jobs are claimed with
 * `FOR UPDATE SKIP LOCKED`, so any number of server instances can run workers on the same
 * database; a failed job goes back to `queued` with exponential backoff until `max_attempts`,
 * then becomes `dead` (its handler's `onDead` records the final failure). A job is at least
 * once: handlers must be idempotent (the SMS and push handlers key on their record id).
 */
export type JobRecord = { id: number; queue: string; payload: Record<string, unknown>; attempts: number; max_attempts: number };
export type JobHandler = {
  run: (payload: Record<string, unknown>, job: JobRecord) => Promise<void>;
  /** called once when the last attempt failed */
  onDead?: (payload: Record<string, unknown>, job: JobRecord, error: string) => Promise<void>;
  /**
   * A pool of its own: at most this many jobs of this queue in flight per runner, apart from the
   * shared `batch` pool of the other queues (e.g. SMS sends waiting on the provider never wait
   * behind alert decisions, and decisions never take every database connection).
   */
  concurrency?: number;
};
export type EnqueueInput = {
  queue: string;
  payload: Record<string, unknown>;
  /** a second enqueue with the same key is ignored (exactly-once enqueue across instances) */
  dedupeKey?: string;
  delayMs?: number;
  maxAttempts?: number;
  /** due jobs run highest priority first (e.g. handing a decided SMS to the provider before deciding the next alert) */
  priority?: number;
};

type Db = Kysely<DB> | Transaction<DB>;

/** Add a job; inside a transaction it becomes visible with the data it refers to. Returns null for a duplicate key. */
export async function enqueue(db: Db, job: EnqueueInput): Promise<number | null> {
  const row = await db
    .insertInto('job')
    .values({
      queue: job.queue,
      payload: JSON.stringify(job.payload),
      dedupe_key: job.dedupeKey ?? null,
      ...(job.maxAttempts ? { max_attempts: job.maxAttempts } : {}),
      ...(job.priority ? { priority: job.priority } : {}),
      ...(job.delayMs ? { run_at: new Date(Date.now() + job.delayMs) } : {}),
    })
    .onConflict((oc) => oc.column('dedupe_key').where('dedupe_key', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** Add several jobs in one statement (same rules as enqueue). */
export async function enqueueMany(db: Db, jobs: EnqueueInput[]): Promise<void> {
  if (jobs.length === 0) return;
  await db
    .insertInto('job')
    .values(
      jobs.map((job) => ({
        queue: job.queue,
        payload: JSON.stringify(job.payload),
        dedupe_key: job.dedupeKey ?? null,
        max_attempts: job.maxAttempts ?? 25,
        priority: job.priority ?? 0,
        ...(job.delayMs ? { run_at: new Date(Date.now() + job.delayMs) } : {}),
      })),
    )
    .onConflict((oc) => oc.column('dedupe_key').where('dedupe_key', 'is not', null).doNothing())
    .execute();
}

/**
 * Group commit for work items that arrive in bursts (e.g. one job per bus event): the first item
 * starts a write on the next turn; items that arrive while it runs go together in the next one
 * (at most `max` per write). A failed write is reported to `onError`; its items are not retried
 * here (callers have a safety net, e.g. the alert sweeper).
 */
export function grouped<T>(write: (items: T[]) => Promise<void>, onError: (err: unknown) => void, max = 500): (item: T) => void {
  const waiting: T[] = [];
  let running = false;
  let scheduled = false;
  const flush = async () => {
    scheduled = false;
    if (running) return;
    running = true;
    try {
      while (waiting.length > 0) await write(waiting.splice(0, max)).catch(onError);
    } finally {
      running = false;
    }
  };
  return (item) => {
    waiting.push(item);
    if (!running && !scheduled) {
      scheduled = true;
      setImmediate(() => void flush());
    }
  };
}

export type RunnerOptions = {
  /** first retry delay; doubles per attempt up to backoffMaxMs (±20% jitter) */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** a running job whose worker vanished is handed out again after this long */
  leaseMs: number;
  batch: number;
  pollMs: number;
};

const DEFAULTS: RunnerOptions = { backoffBaseMs: 2_000, backoffMaxMs: 10 * 60_000, leaseMs: 5 * 60_000, batch: 20, pollMs: 250 };

export function backoffMs(attempts: number, opts: Pick<RunnerOptions, 'backoffBaseMs' | 'backoffMaxMs'>, rand = Math.random()): number {
  const raw = Math.min(opts.backoffBaseMs * 2 ** Math.max(0, attempts - 1), opts.backoffMaxMs);
  return Math.round(raw * (0.8 + 0.4 * rand));
}

export type JobRunner = {
  register: (queue: string, handler: JobHandler) => void;
  configure: (opts: Partial<RunnerOptions>) => void;
  /** claim and run one batch of due jobs; returns how many ran */
  runOnce: () => Promise<number>;
  /** run until nothing is queued (waiting for backed-off jobs) or the timeout passes; returns jobs run */
  drain: (timeoutMs?: number) => Promise<number>;
  /** wake the poller now (after an enqueue in this process) */
  kick: () => void;
  start: () => void;
  stop: () => Promise<void>;
};

export function createJobRunner(db: Kysely<DB>, options: Partial<RunnerOptions> = {}): JobRunner {
  const handlers = new Map<string, JobHandler>();
  let opts: RunnerOptions = { ...DEFAULTS, ...options };
  const workerId = `w-${process.pid}-${randomBytes(3).toString('hex')}`;
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let loopDone: Promise<void> = Promise.resolve();
  let wake: (() => void) | null = null;

  let lastRecovery = 0;
  /** jobs in flight per queue of its own (JobHandler.concurrency) and in the shared pool ('') */
  const busy = new Map<string, number>();
  const poolOf = (queue: string) => (handlers.get(queue)?.concurrency ? queue : '');
  /**
   * How many jobs each pool may take now: the shared pool (queues without a concurrency) and each
   * queue of its own. A busy pool waits until a quarter of it is free, so a burst is claimed in
   * groups rather than one job per finished job.
   */
  function freeSlots(sharedLimit: number): Array<{ queues: string[]; n: number }> {
    const shared = [...handlers.entries()].filter(([, h]) => !h.concurrency).map(([q]) => q);
    const pools = [{ queues: shared, size: sharedLimit, busy: busy.get('') ?? 0 }];
    for (const [q, h] of handlers) if (h.concurrency) pools.push({ queues: [q], size: h.concurrency, busy: busy.get(q) ?? 0 });
    return pools
      .map((p) => ({ queues: p.queues, n: p.size - p.busy, min: p.busy > 0 ? Math.ceil(p.size / 4) : 1 }))
      .filter((p) => p.queues.length > 0 && p.n >= p.min)
      .map(({ queues, n }) => ({ queues, n }));
  }
  async function claim(sharedLimit = opts.batch): Promise<JobRecord[]> {
    const pools = freeSlots(sharedLimit);
    if (pools.length === 0) return [];
    // Jobs of a worker that died mid-run become due again after the lease (checked every few seconds).
    if (Date.now() - lastRecovery > 5_000) {
      lastRecovery = Date.now();
      await sql`update job set state = 'queued', locked_at = null, locked_by = null
        where state = 'running' and locked_at < now() - ${`${opts.leaseMs} milliseconds`}::interval`.execute(db);
      // Finished jobs are kept a week for inspection (their dedupe keys are day-scoped), then pruned.
      await sql`delete from job where state = 'done' and finished_at < now() - interval '7 days'`.execute(db);
    }
    // One statement for every pool: each takes up to its free slots, due jobs highest priority first.
    const picks = pools.map(
      (p, i) => sql`${sql.raw(`p${i}`)} as (
        select id from job
        where state = 'queued' and run_at <= now() and queue = any(${p.queues}::text[])
        order by priority desc, run_at, id
        limit ${p.n}
        for update skip locked)`,
    );
    const ids = sql.join(
      pools.map((_, i) => sql`select id from ${sql.raw(`p${i}`)}`),
      sql` union all `,
    );
    const res = await sql<JobRecord>`
      with ${sql.join(picks)}
      update job set state = 'running', locked_at = now(), locked_by = ${workerId}, attempts = attempts + 1
      where id in (${ids})
      returning id, queue, payload, attempts, max_attempts`.execute(db);
    return res.rows.map((r) => ({ ...r, id: Number(r.id) }));
  }

  /**
   * Finished jobs are marked done in groups (one statement for the jobs that finished while the
   * previous group was written). A crash before the write runs such a job again after the lease,
   * which handlers already allow (at least once).
   */
  const finished: Array<{ id: number; resolve: () => void; reject: (err: unknown) => void }> = [];
  let doneWriting = false;
  let doneScheduled = false;
  async function writeDone(): Promise<void> {
    doneScheduled = false;
    if (doneWriting) return;
    doneWriting = true;
    try {
      while (finished.length > 0) {
        const group = finished.splice(0, 1000);
        await db
          .updateTable('job')
          .set({ state: 'done', finished_at: new Date(), locked_at: null })
          .where(
            'id',
            'in',
            group.map((g) => g.id),
          )
          .execute()
          .then(
            () => {
              for (const g of group) g.resolve();
            },
            (err) => {
              for (const g of group) g.reject(err);
            },
          );
      }
    } finally {
      doneWriting = false;
    }
  }
  function markDone(id: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      finished.push({ id, resolve, reject });
      if (!doneWriting && !doneScheduled) {
        doneScheduled = true;
        setImmediate(() => void writeDone());
      }
    });
  }

  async function runJob(job: JobRecord): Promise<void> {
    const handler = handlers.get(job.queue);
    try {
      if (!handler) throw new Error(`no handler for ${job.queue}`);
      await handler.run(job.payload, job);
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      if (job.attempts >= job.max_attempts) {
        await db
          .updateTable('job')
          .set({ state: 'dead', last_error: message, finished_at: new Date(), locked_at: null })
          .where('id', '=', job.id)
          .execute();
        await handler?.onDead?.(job.payload, job, message).catch(() => undefined);
      } else {
        const delay = backoffMs(job.attempts, opts);
        await sql`update job set state = 'queued', locked_at = null, locked_by = null, last_error = ${message},
          run_at = now() + ${`${delay} milliseconds`}::interval where id = ${job.id}`.execute(db);
      }
      return;
    }
    // not written: the job stays running and is handed out again after the lease (handlers are idempotent)
    await markDone(job.id).catch(() => undefined);
  }

  async function runOnce(): Promise<number> {
    const jobs = await claim();
    await Promise.all(jobs.map(runJob));
    return jobs.length;
  }

  /** Pools of at most `batch` (shared) or `concurrency` (own) jobs in flight; a finished job frees its slot and wakes the claimer. */
  const pending = new Set<Promise<void>>();
  async function loop(): Promise<void> {
    while (running) {
      let claimed = 0;
      try {
        const jobs = await claim(opts.batch);
        claimed = jobs.length;
        for (const job of jobs) {
          const pool = poolOf(job.queue);
          busy.set(pool, (busy.get(pool) ?? 0) + 1);
          const p: Promise<void> = runJob(job)
            .catch(() => undefined)
            .finally(() => {
              busy.set(pool, (busy.get(pool) ?? 1) - 1);
              pending.delete(p);
              wake?.();
            });
          pending.add(p);
        }
      } catch {
        claimed = 0; // database hiccup: try again after the poll interval
      }
      if (!running) break;
      if (claimed === 0 || freeSlots(opts.batch).length === 0) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, opts.pollMs);
        });
        wake = null;
      }
    }
  }

  return {
    register: (queue, handler) => {
      handlers.set(queue, handler);
    },
    configure: (o) => {
      opts = { ...opts, ...o };
    },
    runOnce,
    drain: async (timeoutMs = 10_000) => {
      const until = Date.now() + timeoutMs;
      let total = 0;
      while (Date.now() < until) {
        const n = await runOnce();
        total += n;
        if (n > 0) continue;
        const left = await db
          .selectFrom('job')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('state', 'in', ['queued', 'running'])
          .where('queue', 'in', [...handlers.keys(), '-'])
          .executeTakeFirstOrThrow();
        if (Number(left.n) === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      return total;
    },
    kick: () => {
      if (timer) clearTimeout(timer);
      wake?.();
    },
    start: () => {
      if (running) return;
      running = true;
      loopDone = loop();
    },
    stop: async () => {
      running = false;
      if (timer) clearTimeout(timer);
      wake?.();
      await loopDone.catch(() => undefined);
      await Promise.all([...pending]);
    },
  };
}

const runners = new WeakMap<AppContext, JobRunner>();

/** The job runner of one running app (created on first use; stopped when the app closes). */
export function jobsFor(ctx: AppContext): JobRunner {
  let r = runners.get(ctx);
  if (!r) {
    const created = createJobRunner(ctx.db);
    ctx.onClose(() => created.stop());
    runners.set(ctx, created);
    r = created;
  }
  return r;
}
