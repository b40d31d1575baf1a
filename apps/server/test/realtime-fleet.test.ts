import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoFleet } from '../src/gateway/demo-fleet.ts';
import { type RealtimeHarness, seedCompany, seedLift, startRealtime, waitFor } from './realtime-fixtures.ts';

describe('demo fleet started with the server', () => {
  let h: RealtimeHarness;
  const lifts: Array<{ terminalId: string; liftId: number }> = [];

  beforeAll(async () => {
    h = await startRealtime({ SEED_DEMO: '1', SIMULATED_LIFTS: 2 });
    const c = await seedCompany(h.handle.db, 'Demo Co');
    for (let i = 0; i < 3; i++) lifts.push(await seedLift(h.handle.db, c.id));
    await startDemoFleet(h.ctx, h.gateway, { info: () => undefined });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('re-keys the first SIMULATED_LIFTS terminals, connects them and writes their credentials', async () => {
    const creds = JSON.parse(fs.readFileSync(path.join(h.ctx.config.dataDir, 'simulator-credentials.json'), 'utf8'));
    expect(creds.map((c: { id: string }) => c.id)).toEqual(lifts.slice(0, 2).map((l) => l.terminalId));
    await waitFor(() => lifts.slice(0, 2).every((l) => h.gateway.isOnline(l.terminalId)));
    expect(h.gateway.isOnline(lifts[2]?.terminalId as string)).toBe(false);
  });

  it('simulated lifts move floor by floor on a call and obey commands', async () => {
    const id = lifts[0]?.terminalId as string;
    const floors: number[] = [];
    const off = h.ctx.bus.subscribe('live.event', (m) => {
      const e = m as { action?: string; terminal_id?: string; data?: { floor?: number } };
      if (e.action === 'up_report_status' && e.terminal_id === id && typeof e.data?.floor === 'number') floors.push(e.data.floor);
    });
    const now = Date.now();
    await h.gateway.sendCommand(id, { cmd_id: `call-${now}`, issued_at: now, expires_at: now + 10_000, action: 'call_floor', floor: 4 });
    await waitFor(() => floors.includes(4), 15_000);
    off();
    const path4 = floors.slice(0, floors.indexOf(4) + 1);
    // consecutive reports never skip a floor
    for (let i = 1; i < path4.length; i++) expect(Math.abs((path4[i] as number) - (path4[i - 1] as number))).toBeLessThanOrEqual(1);
  }, 20_000);
});
