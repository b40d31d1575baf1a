import { downTopic, upTopic } from '@liftguard/contract';
import { SimTerminal } from '@liftguard/simulator';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RealtimeHarness, type SeededLift, seedCompany, seedLift, startRealtime, waitFor } from './realtime-fixtures.ts';

describe('MQTT gateway on the embedded broker', () => {
  let h: RealtimeHarness;
  let a: SeededLift;
  let b: SeededLift;
  const sims: SimTerminal[] = [];
  const sim = async (l: SeededLift, extra: Partial<ConstructorParameters<typeof SimTerminal>[0]> = {}) => {
    const t = new SimTerminal({
      url: h.mqttUrl,
      id: l.terminalId,
      secret: l.secret,
      root: h.gateway.topicRoot,
      traffic: false,
      statusIntervalMs: 60_000,
      ...extra,
    });
    await t.start();
    sims.push(t);
    return t;
  };

  beforeAll(async () => {
    h = await startRealtime({}, { heartbeatTimeoutMs: 1500 });
    const c = await seedCompany(h.handle.db, 'Gateway Co');
    a = await seedLift(h.handle.db, c.id);
    b = await seedLift(h.handle.db, c.id);
  });
  afterAll(async () => {
    for (const s of sims) await s.stop();
    await h?.close();
  });

  it('refuses a wrong secret and an unknown terminal', async () => {
    const bad = mqtt.connectAsync(h.mqttUrl, { username: a.terminalId, password: 'wrong', reconnectPeriod: 0, connectTimeout: 3000 });
    await expect(bad).rejects.toThrow(/Bad username or password|Not authorized/i);
    const unknown = mqtt.connectAsync(h.mqttUrl, { username: 'T_nobody', password: 'x', reconnectPeriod: 0, connectTimeout: 3000 });
    await expect(unknown).rejects.toThrow();
  });

  it("a terminal cannot publish or subscribe on another terminal's topics", async () => {
    const intruder = await mqtt.connectAsync(h.mqttUrl, {
      username: a.terminalId,
      password: a.secret,
      clientId: `x${a.terminalId}`,
      reconnectPeriod: 0,
    });
    // SUBACK 0x80 for both: mqtt.js reports that as a subscribe error
    await expect(intruder.subscribeAsync([downTopic(b.terminalId, h.gateway.topicRoot), '#'], { qos: 1 })).rejects.toThrow(
      /Subscribe error/,
    );
    const seen: string[] = [];
    intruder.on('message', (topic) => seen.push(topic));
    await h.gateway.sendCommand(b.terminalId, { cmd_id: 'peek', issued_at: Date.now(), expires_at: Date.now() + 5000, action: 'stop' });
    await new Promise((r) => setTimeout(r, 200));
    expect(seen).toEqual([]);
    // a forbidden publish closes the intruder's connection and stores nothing
    const closed = new Promise<void>((r) => intruder.once('close', () => r()));
    intruder.publish(upTopic(b.terminalId, 'U03', h.gateway.topicRoot), JSON.stringify({ mid: 'evil-1', ts: Date.now(), code: 'E99' }), {
      qos: 1,
    });
    await closed;
    intruder.end(true);
    await h.gateway.flush();
    const faults = await h.handle.db.selectFrom('fault').select('id').where('code', '=', 'E99').execute();
    expect(faults).toHaveLength(0);
  });

  it('stores a fault once for duplicate deliveries, counts a repeat, and solves it', async () => {
    const t = await sim(a);
    const body = { code: 'E05', floor: 3, floor_display: '3', trapped: false };
    await t.sendAsync('U03', body, 'dup-1');
    await t.sendAsync('U03', body, 'dup-1');
    await h.gateway.flush();
    const one = await h.handle.db.selectFrom('fault').selectAll().where('lift_id', '=', a.liftId).where('code', '=', 'E05').execute();
    expect(one).toHaveLength(1);
    expect(one[0]?.repeat_count).toBe(1);
    await t.sendAsync('U03', body, 'dup-2');
    await waitFor(async () => {
      await h.gateway.flush();
      const r = await h.handle.db
        .selectFrom('fault')
        .select('repeat_count')
        .where('lift_id', '=', a.liftId)
        .where('code', '=', 'E05')
        .executeTakeFirst();
      return r?.repeat_count === 2;
    });
    await t.sendAsync('U04', { code: 'E05' });
    const solved = await waitFor(async () => {
      await h.gateway.flush();
      return h.handle.db
        .selectFrom('fault')
        .select('solved_at')
        .where('lift_id', '=', a.liftId)
        .where('code', '=', 'E05')
        .where('solved_at', 'is not', null)
        .executeTakeFirst();
    });
    expect(solved.solved_at).toBeTruthy();
  });

  it('stores status as changes, duplicates once, and keeps the live state', async () => {
    const t = sims[0] ?? (await sim(a));
    const before = await h.handle.db.selectFrom('lift_status_history').select('id').where('lift_id', '=', a.liftId).execute();
    const st = { floor: 7, floor_display: '7', direction: 'up', door: 'closed', run_state: 'normal', occupied: true };
    await t.sendAsync('U01', st, 's-1');
    await t.sendAsync('U01', st, 's-1'); // redelivery
    await t.sendAsync('U01', st, 's-2'); // same state again: no new row
    await waitFor(() => h.gateway.liveStatus(a.terminalId)?.status.floor === 7);
    await h.gateway.flush();
    const after = await h.handle.db.selectFrom('lift_status_history').selectAll().where('lift_id', '=', a.liftId).orderBy('id').execute();
    expect(after.length - before.length).toBe(1);
    expect(after.at(-1)).toMatchObject({ floor: 7, direction: 'up', occupied: true });
  });

  it('records a malformed payload as a terminal exception and keeps working', async () => {
    const t = sims[0] ?? (await sim(a));
    t.client?.publish(upTopic(a.terminalId, 'U01', h.gateway.topicRoot), '{not json', { qos: 1 });
    t.client?.publish(upTopic(a.terminalId, 'U03', h.gateway.topicRoot), JSON.stringify({ mid: 'm1', ts: 1, code: 'lower-case!' }), {
      qos: 1,
    });
    t.client?.publish(upTopic(a.terminalId, 'U01', h.gateway.topicRoot), Buffer.alloc(20_000, 32), { qos: 1 });
    t.client?.publish(`${h.gateway.topicRoot}/t/${a.terminalId}/up/Z99`, '{}', { qos: 1 });
    const rows = await waitFor(async () => {
      const r = await h.handle.db.selectFrom('terminal_exception').selectAll().where('terminal_id', '=', a.terminalId).execute();
      return r.length >= 4 ? r : undefined;
    });
    expect(rows.map((r) => r.kind).sort()).toEqual(['invalid_payload', 'malformed_json', 'too_large', 'unknown_code']);
    // still ingesting
    await t.sendAsync('U01', { floor: 2, floor_display: '2', direction: 'stop', door: 'open', run_state: 'normal', occupied: false });
    await waitFor(() => h.gateway.liveStatus(a.terminalId)?.status.floor === 2);
  });

  it('marks a terminal online on connection and offline when it falls silent', async () => {
    const t = await sim(b, { heartbeatMs: 60_000 });
    await waitFor(
      async () =>
        (await h.handle.db.selectFrom('terminal').select('online').where('terminal_id', '=', b.terminalId).executeTakeFirst())?.online,
    );
    expect(h.gateway.isOnline(b.terminalId)).toBe(true);
    t.silence();
    await waitFor(
      async () =>
        !(await h.handle.db.selectFrom('terminal').select('online').where('terminal_id', '=', b.terminalId).executeTakeFirst())?.online,
      8000,
    );
    const silentFor = Date.now() - t.lastSentAt;
    expect(silentFor).toBeGreaterThan(1400); // not before the 1.5 s timeout…
    expect(silentFor).toBeLessThan(6000); // …and soon after it (slack for a loaded CI box)
    expect(h.gateway.isOnline(b.terminalId)).toBe(false);
  });

  it('delivers a downstream command and the terminal acknowledges it once', async () => {
    const t = sims[0] as SimTerminal;
    const acks: unknown[] = [];
    const off = h.ctx.bus.subscribe('command.ack', (m) => acks.push(m));
    const cmd = { cmd_id: 'c-1', issued_at: Date.now(), expires_at: Date.now() + 10_000, action: 'lock' as const };
    await h.gateway.sendCommand(a.terminalId, cmd);
    await h.gateway.sendCommand(a.terminalId, cmd); // duplicate
    await h.gateway.sendCommand(a.terminalId, { ...cmd, cmd_id: 'c-2', expires_at: Date.now() - 1 });
    await waitFor(() => acks.some((x) => (x as { cmdId: string }).cmdId === 'c-2'));
    await waitFor(() => h.gateway.liveStatus(a.terminalId)?.status.run_state === 'locked');
    off();
    expect(t.executed.filter((id) => id === 'c-1')).toHaveLength(1);
    expect(t.executed).not.toContain('c-2');
    expect(acks).toContainEqual(expect.objectContaining({ cmdId: 'c-2', result: 'expired' }));
    expect(acks).toContainEqual(expect.objectContaining({ cmdId: 'c-1', result: 'succeeded' }));
  });
});
