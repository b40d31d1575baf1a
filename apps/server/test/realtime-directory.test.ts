import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TerminalDirectory } from '../src/gateway/directory.ts';
import { type Harness, startHarness } from './harness.ts';
import { seedCompany, seedLift } from './realtime-fixtures.ts';

/** Counts the directory's queries by wrapping the database's executor. */
function countingDirectory(h: Harness, ttlMs: number): { directory: TerminalDirectory; queries: () => number } {
  let n = 0;
  const db = h.handle.db.withPlugin({
    transformQuery: (args) => {
      n++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  return { directory: new TerminalDirectory(db, ttlMs), queries: () => n };
}

describe('terminal directory', () => {
  let h: Harness;
  let a: Awaited<ReturnType<typeof seedLift>>;
  let b: Awaited<ReturnType<typeof seedLift>>;
  beforeAll(async () => {
    h = await startHarness();
    const company = await seedCompany(h.handle.db, 'Directory Co');
    a = await seedLift(h.handle.db, company.id);
    b = await seedLift(h.handle.db, company.id);
  });
  afterAll(() => h.close());

  it('keeps a loaded entry when another terminal is forgotten meanwhile (a fleet signing in stays cached)', async () => {
    const { directory, queries } = countingDirectory(h, 60_000);
    const loading = directory.get(a.terminalId);
    await new Promise((r) => setImmediate(r)); // a's query is running now
    directory.forget(b.terminalId); // b signs in meanwhile
    expect((await loading)?.liftId).toBe(a.liftId);
    await directory.get(a.terminalId);
    expect(queries()).toBe(1);
  });

  it('does not cache an entry forgotten while it loaded', async () => {
    const { directory, queries } = countingDirectory(h, 60_000);
    const loading = directory.get(a.terminalId);
    await new Promise((r) => setImmediate(r));
    directory.forget(a.terminalId);
    expect((await loading)?.terminalId).toBe(a.terminalId);
    await directory.get(a.terminalId);
    expect(queries()).toBe(2);
  });

  it('answers an aged entry at once and refreshes it in the background', async () => {
    const { directory, queries } = countingDirectory(h, 1);
    await directory.get(a.terminalId);
    await h.handle.db.updateTable('lift').set({ name: 'Renamed lift' }).where('id', '=', a.liftId).execute();
    await new Promise((r) => setTimeout(r, 5));
    expect((await directory.get(a.terminalId))?.liftName).not.toBe('Renamed lift');
    await expect.poll(() => directory.peek(a.terminalId)?.liftName).toBe('Renamed lift');
    expect(queries()).toBe(2);
  });

  it('loads the terminals missed in one tick with one query', async () => {
    const { directory, queries } = countingDirectory(h, 60_000);
    const [ea, eb, none] = await Promise.all([directory.get(a.terminalId), directory.get(b.terminalId), directory.get('T-not-registered')]);
    expect([ea?.liftId, eb?.liftId, none]).toEqual([a.liftId, b.liftId, null]);
    expect(queries()).toBe(1);
  });
});
