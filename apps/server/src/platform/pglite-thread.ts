import { Worker } from 'node:worker_threads';

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
 * It offers the two methods kysely-pglite-dialect calls (`query`, `close`), so the dialect's
 * one-connection driver keeps transactions in order exactly as with an in-thread PGlite. A
 * failed statement rejects with an Error carrying PostgreSQL's fields (code, constraint,
 * detail…), as PGlite's own DatabaseError does.
 */
export class PGliteThread {
  private readonly pending = new Map<number, { resolve: (r: QueryResult) => void; reject: (e: Error) => void }>();
  private seq = 0;
  private failure: Error | null = null;
  closed = false;

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
    this.failure ??= err;
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
    this.worker.unref();
  }
}
