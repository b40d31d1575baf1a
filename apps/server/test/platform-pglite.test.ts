import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDatabase, urgently, vacuumEmbedded } from '../src/platform/db.ts';
import { migrateToLatest } from '../src/platform/migrate.ts';
import { PGliteThread } from '../src/platform/pglite-thread.ts';

/** The embedded database in its worker thread (platform/pglite-thread.ts), whatever engine the suite runs on. */
describe('embedded PGlite in a worker thread', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openDatabase({ url: 'memory://', dataDir: ':memory:' });
    await migrateToLatest(handle.db);
  });
  afterAll(() => handle?.close());

  it('gives a failed statement the PostgreSQL error fields callers map to catalogue codes', async () => {
    await sql`create table t_unique (k text constraint t_unique_k unique)`.execute(handle.db);
    await sql`insert into t_unique values ('a')`.execute(handle.db);
    const err = await sql`insert into t_unique values ('a')`.execute(handle.db).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', constraint: 't_unique_k', table: 't_unique' });
    expect((err as Error).message).toMatch(/duplicate key/);
  });

  it('keeps a transaction to itself and rolls it back on error', async () => {
    await sql`create table t_tx (n int)`.execute(handle.db);
    const inside = handle.db.transaction().execute(async (tx) => {
      await sql`insert into t_tx values (1)`.execute(tx);
      await new Promise((r) => setTimeout(r, 20)); // another caller queues meanwhile
      throw new Error('abort');
    });
    const outside = sql<{ n: number }>`select count(*)::int as n from t_tx`.execute(handle.db);
    await expect(inside).rejects.toThrow('abort');
    expect((await outside).rows[0]?.n).toBe(0);
  });

  it('serves urgent queries before the ones already waiting for the connection', async () => {
    const order: string[] = [];
    let release = () => {};
    const held = handle.db.transaction().execute(async (tx) => {
      await sql`select 1`.execute(tx);
      await new Promise<void>((r) => {
        release = r;
      });
    });
    await new Promise((r) => setTimeout(r, 10)); // the transaction holds the one connection
    const queued = [1, 2].map((i) => sql`select ${i}`.execute(handle.db).then(() => order.push(`status ${i}`)));
    const urgent = urgently(() => sql`select 'fault'`.execute(handle.db)).then(() => order.push('fault'));
    release();
    await Promise.all([held, urgent, ...queued]);
    expect(order).toEqual(['fault', 'status 1', 'status 2']);
  });

  it('returns rows typed as PGlite parses them (dates, json, numbers)', async () => {
    const { rows } = await sql<{
      at: Date;
      doc: { a: number };
      n: number;
    }>`select timestamptz '2026-11-23 10:00:00+00' as at, '{"a":1}'::jsonb as doc, 42::int as n`.execute(handle.db);
    expect(rows[0]?.at).toBeInstanceOf(Date);
    expect(rows[0]?.at.toISOString()).toBe('2026-11-23T10:00:00.000Z');
    expect(rows[0]?.doc).toEqual({ a: 1 });
    expect(rows[0]?.n).toBe(42);
  });

  it('vacuums and analyses the churning tables (PGlite has no autovacuum)', async () => {
    const before = await sql<{ n: number }>`select reltuples::int as n from pg_class where relname = 'terminal'`.execute(handle.db);
    expect(before.rows[0]?.n).toBe(-1); // never analysed
    await vacuumEmbedded(handle.db);
    const after = await sql<{ n: number }>`select reltuples::int as n from pg_class where relname = 'terminal'`.execute(handle.db);
    expect(after.rows[0]?.n).toBe(0);
  });

  it('refuses queries once closed, with an error instead of a hang', async () => {
    const other = await openDatabase({ url: 'memory://', dataDir: ':memory:' });
    await other.close();
    await expect(sql`select 1`.execute(other.db)).rejects.toThrow();
  });

  it('reports a worker that dies and fails every query after it, instead of hanging', async () => {
    const thread = await PGliteThread.open(null);
    const failures: Error[] = [];
    thread.onFailure = (err) => failures.push(err);
    const { worker } = thread as unknown as { worker: { terminate: () => Promise<number> } };
    await worker.terminate(); // as if the WebAssembly runtime had aborted
    await expect(thread.query('select 1')).rejects.toThrow(/exited/);
    expect(failures).toHaveLength(1);
    await thread.close();
  });
});
