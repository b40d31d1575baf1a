import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffMs, createJobRunner, enqueue } from '../src/jobs/queue.ts';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const fast = { backoffBaseMs: 20, backoffMaxMs: 80, pollMs: 20 };

describe('durable job queue', () => {
  it('hands every job to exactly one of several concurrent runners', async () => {
    const seen: number[] = [];
    const handler = {
      run: async (p: Record<string, unknown>) => {
        await new Promise((r) => setTimeout(r, 2));
        seen.push(Number(p.n));
      },
    };
    const r1 = createJobRunner(h.ctx.db, { ...fast, batch: 5 });
    const r2 = createJobRunner(h.ctx.db, { ...fast, batch: 5 });
    r1.register('t.many', handler);
    r2.register('t.many', handler);
    for (let n = 0; n < 60; n++) await enqueue(h.ctx.db, { queue: 't.many', payload: { n } });
    const [a, b] = await Promise.all([r1.drain(20_000), r2.drain(20_000)]);
    expect(a + b).toBe(60);
    expect(seen.sort((x, y) => x - y)).toEqual(Array.from({ length: 60 }, (_, i) => i));
  });

  it('retries a failing job with backoff until it succeeds, and gives up after max attempts', async () => {
    const runner = createJobRunner(h.ctx.db, fast);
    let calls = 0;
    const dead: string[] = [];
    runner.register('t.flaky', {
      run: async () => {
        calls += 1;
        if (calls < 3) throw new Error(`down ${calls}`);
      },
    });
    runner.register('t.broken', {
      run: async () => {
        throw new Error('always down');
      },
      onDead: async (_p, _j, error) => {
        dead.push(error);
      },
    });
    const flaky = (await enqueue(h.ctx.db, { queue: 't.flaky', payload: {} })) as number;
    const broken = (await enqueue(h.ctx.db, { queue: 't.broken', payload: {}, maxAttempts: 3 })) as number;
    await runner.drain(20_000);
    const rows = await h.ctx.db
      .selectFrom('job')
      .select(['id', 'state', 'attempts', 'last_error'])
      .where('id', 'in', [flaky, broken])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.state, r.attempts])).toEqual([
      ['done', 3],
      ['dead', 3],
    ]);
    expect(dead).toEqual(['always down']);
    expect(calls).toBe(3);
  });

  it('ignores a second enqueue with the same key, and hands out a job whose worker died', async () => {
    const first = await enqueue(h.ctx.db, { queue: 't.crash', payload: { k: 1 }, dedupeKey: 'crash-1' });
    const again = await enqueue(h.ctx.db, { queue: 't.crash', payload: { k: 1 }, dedupeKey: 'crash-1' });
    expect(first).toEqual(expect.any(Number));
    expect(again).toBeNull();
    // a worker claimed it long ago and vanished
    await sql`update job set state = 'running', locked_at = now() - interval '1 hour', attempts = 1 where id = ${first}`.execute(h.ctx.db);
    const ran: number[] = [];
    const runner = createJobRunner(h.ctx.db, { ...fast, leaseMs: 60_000 });
    runner.register('t.crash', { run: async (p) => void ran.push(Number(p.k)) });
    await runner.drain(5_000);
    expect(ran).toEqual([1]);
  });

  it('runs higher-priority due jobs first', async () => {
    const order: string[] = [];
    const runner = createJobRunner(h.ctx.db, { ...fast, batch: 1 });
    runner.register('t.prio', { run: async (p) => void order.push(String(p.name)) });
    await enqueue(h.ctx.db, { queue: 't.prio', payload: { name: 'low' } });
    await enqueue(h.ctx.db, { queue: 't.prio', payload: { name: 'high' }, priority: 10 });
    await runner.drain(5_000);
    expect(order).toEqual(['high', 'low']);
  });

  it('doubles the delay per attempt up to the cap', () => {
    const o = { backoffBaseMs: 1000, backoffMaxMs: 60_000 };
    expect([1, 2, 3, 10].map((a) => backoffMs(a, o, 0.5))).toEqual([1000, 2000, 4000, 60_000]);
  });
});
