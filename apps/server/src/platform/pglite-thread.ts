import { AsyncLocalStorage } from 'node:async_hooks';
import { Worker } from 'node:worker_threads';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult as KyselyResult,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type TransactionSettings,
} from 'kysely';

type Row = Record<string, unknown>;
type QueryResult = { rows: Row[]; affectedRows?: number };
type Reply =
  | { id: number; rows: Row[]; affectedRows?: number }
  | { id: number; error: Record<string, unknown> & { message: string } }
  | { id: number; closed: true };

/**
 * The embedded PGlite database in a worker thread (pglite-worker.mjs). PGlite is PostgreSQL
 * compiled to WebAssembly and runs each statement synchronously on the thread that owns it; on
 * the main thread a 500-row status batch held up the MQTT broker and the live channel for tens
 * of milliseconds. Here the worker has the statement and the main thread only posts the SQL and
 * its parameters.
 *
 * A failed statement rejects with an Error carrying PostgreSQL's fields (code, constraint,
 * detail…), as PGlite's own DatabaseError does. Kysely reaches it through `PGliteThreadDialect`.
 */
export class PGliteThread {
  private readonly pending = new Map<number, { resolve: (r: QueryResult) => void; reject: (e: Error) => void }>();
  private seq = 0;
  private failure: Error | null = null;
  closed = false;

  /** called once if the worker dies (crash, out of memory): every query fails from then on */
  onFailure: (err: Error) => void = () => undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (m: Reply) => this.settle(m));
    worker.on('error', (err) => this.fail(err));
    worker.on('exit', (code) => this.fail(new Error(`PGlite worker exited (${code})`)));
    // an idle database must not keep the process alive (as an in-thread PGlite would not)
    worker.unref();
  }

  /** Start the worker; `dir` null keeps the database in memory. */
  static open(dir: string | null): Promise<PGliteThread> {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dir } });
    return new Promise((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`PGlite worker exited (${code}) before it was ready`));
      worker.once('error', reject);
      worker.once('exit', onExit);
      worker.once('message', (m: { ready: boolean; error?: { message: string } }) => {
        worker.off('error', reject);
        worker.off('exit', onExit);
        if (m.ready) resolve(new PGliteThread(worker));
        else reject(Object.assign(new Error(m.error?.message ?? 'PGlite did not start'), m.error));
      });
    });
  }

  query<T = Row>(sql: string, params: readonly unknown[] = []): Promise<{ rows: T[]; affectedRows?: number }> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.closed) return Promise.reject(new Error('PGlite is closed'));
    return this.request({ sql, params }) as Promise<{ rows: T[]; affectedRows?: number }>;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (!this.failure) await this.request({ close: true }).catch(() => undefined);
    await this.worker.terminate();
  }

  private request(body: object): Promise<QueryResult> {
    const id = ++this.seq;
    if (this.pending.size === 0) this.worker.ref(); // an answer is awaited: stay alive for it
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...body });
    });
  }

  private settle(m: Reply): void {
    const p = this.pending.get(m.id);
    if (!p) return;
    this.pending.delete(m.id);
    if (this.pending.size === 0) this.worker.unref();
    if ('error' in m) p.reject(Object.assign(new Error(m.error.message), m.error));
    else if ('rows' in m) p.resolve({ rows: m.rows, affectedRows: m.affectedRows });
    else p.resolve({ rows: [] });
  }

  private fail(err: Error): void {
    if (this.closed && this.pending.size === 0) return;
    if (!this.failure) {
      this.failure = err;
      this.onFailure(err);
    }
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
    this.worker.unref();
  }
}

const urgentScope = new AsyncLocalStorage<true>();

/**
 * Run `fn` with its queries ahead of the queue on a one-connection database (embedded PGlite):
 * a fault waits for the statement running now, not for every status batch and job queued behind
 * it. On PostgreSQL, with its pool, it changes nothing.
 */
export const urgently = <T>(fn: () => Promise<T>): Promise<T> => urgentScope.run(true, fn);

class ThreadConnection implements DatabaseConnection {
  constructor(private readonly thread: PGliteThread) {}

  async executeQuery<R>(query: CompiledQuery): Promise<KyselyResult<R>> {
    const r = await this.thread.query<R>(query.sql, query.parameters);
    return r.affectedRows ? { rows: r.rows, numAffectedRows: BigInt(r.affectedRows) } : { rows: r.rows };
  }

  // biome-ignore lint/correctness/useYield: nothing here streams; the interface asks for the method
  async *streamQuery<R>(): AsyncIterableIterator<KyselyResult<R>> {
    throw new Error('streaming is not supported on embedded PGlite');
  }
}

/**
 * PGlite has one connection: a query (or a whole transaction) holds it until it is released,
 * and the next waiter gets it — urgent ones (see `urgently`) first, otherwise in arrival order.
 */
class ThreadDriver implements Driver {
  private readonly connection: ThreadConnection;
  private busy = false;
  private readonly urgentWaiters: Array<(c: DatabaseConnection) => void> = [];
  private readonly waiters: Array<(c: DatabaseConnection) => void> = [];

  constructor(private readonly thread: PGliteThread) {
    this.connection = new ThreadConnection(thread);
  }

  async init(): Promise<void> {}

  acquireConnection(): Promise<DatabaseConnection> {
    if (!this.busy) {
      this.busy = true;
      return Promise.resolve(this.connection);
    }
    return new Promise((resolve) => (urgentScope.getStore() ? this.urgentWaiters : this.waiters).push(resolve));
  }

  async releaseConnection(): Promise<void> {
    const next = this.urgentWaiters.shift() ?? this.waiters.shift();
    if (next) next(this.connection);
    else this.busy = false;
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let begin = 'begin';
    if (settings.isolationLevel || settings.accessMode) {
      begin = 'start transaction';
      if (settings.isolationLevel) begin += ` isolation level ${settings.isolationLevel}`;
      if (settings.accessMode) begin += ` ${settings.accessMode}`;
    }
    await conn.executeQuery(CompiledQuery.raw(begin));
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    await this.thread.close();
  }
}

/** Kysely over the PGlite worker: PostgreSQL's adapter, compiler and introspector. */
export class PGliteThreadDialect implements Dialect {
  constructor(private readonly thread: PGliteThread) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new ThreadDriver(this.thread);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  // biome-ignore lint/suspicious/noExplicitAny: the introspector works on any schema
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
}
