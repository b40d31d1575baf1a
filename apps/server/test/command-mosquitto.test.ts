import type { SimTerminal } from '@liftguard/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandCenterOf } from '../src/modules/command/center.ts';
import { ALL_COMMAND_URIS, commandRow, OPERATOR_PASSWORD, seedOperator, send, simFor } from './command-fixtures.ts';
import { settingsSuite } from './command-settings-suite.ts';
import { serviceAvailable } from './external-services.ts';
import { type RealtimeHarness, type SeededLift, seedCompany, seedLift, startRealtime, waitFor } from './realtime-fixtures.ts';

const BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const hasBroker = await serviceAvailable(BROKER, 'Mosquitto');

describe.skipIf(!hasBroker)('remote control through Mosquitto (external broker)', () => {
  let h: RealtimeHarness;
  let lift: SeededLift;
  let offline: SeededLift;
  let op: { token: string };
  const sims: SimTerminal[] = [];

  beforeAll(async () => {
    h = await startRealtime({ MQTT_URL: BROKER }, { heartbeatTimeoutMs: 1500 });
    commandCenterOf(h.ctx).configure({ ttlMs: 2500, ackTimeoutMs: 1500, graceMs: 300 });
    const c = await seedCompany(h.handle.db, 'Mosquitto Command Co');
    lift = await seedLift(h.handle.db, c.id);
    offline = await seedLift(h.handle.db, c.id);
    op = await seedOperator(h.handle.db, c.id, ALL_COMMAND_URIS);
    const t = simFor(h, lift);
    await t.start();
    sims.push(t);
    await waitFor(() => h.gateway.isOnline(lift.terminalId));
  });
  afterAll(async () => {
    for (const s of sims) await s.stop();
    await h?.close();
  });

  it('locks the lift and a duplicated delivery is executed once', async () => {
    commandCenterOf(h.ctx).configure({ ttlMs: 20_000 });
    const res = await send(h, op.token, { action: 'lock', terminal_id: lift.terminalId, password: OPERATOR_PASSWORD });
    const id = res.data?.id as string;
    const row = await waitFor(async () => {
      const r = await commandRow(h, id);
      return r?.state === 'succeeded' ? r : undefined;
    });
    const t = sims[0] as SimTerminal;
    expect(t.status.run_state).toBe('locked');
    const published = t.published;
    await h.gateway.sendCommand(lift.terminalId, {
      cmd_id: id,
      issued_at: new Date(row.created_at).getTime(),
      expires_at: new Date(row.expires_at).getTime(),
      action: 'lock',
    });
    await waitFor(() => t.published > published);
    expect(t.executed.filter((c) => c === id)).toHaveLength(1);
    commandCenterOf(h.ctx).configure({ ttlMs: 2500 });
  });

  it('a command to an offline lift expires unexecuted, even when the lift reconnects later', async () => {
    const first = simFor(h, offline);
    await first.start();
    await waitFor(() => h.gateway.isOnline(offline.terminalId));
    await first.stop();
    await waitFor(() => !h.gateway.isOnline(offline.terminalId), 5000);
    const res = await send(h, op.token, { action: 'forced_descent', terminal_id: offline.terminalId, password: OPERATOR_PASSWORD });
    const id = res.data?.id as string;
    await waitFor(async () => (await commandRow(h, id))?.state === 'expired', 8000);
    const seen: Array<[string, string]> = [];
    const back = simFor(h, offline, { onCommand: (cmd, result) => seen.push([cmd.cmd_id, result]) });
    await back.start();
    sims.push(back);
    await waitFor(() => seen.some(([c]) => c === id), 5000);
    expect(seen.find(([c]) => c === id)?.[1]).toBe('expired');
    expect(back.executed).not.toContain(id);
    expect(back.status.run_state).toBe('normal');
    expect((await commandRow(h, id))?.state).toBe('expired');
  });
});

if (hasBroker) settingsSuite('settings push through Mosquitto', () => ({ MQTT_URL: BROKER }));
