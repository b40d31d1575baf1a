import type { SimTerminal } from '@liftguard/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandCenterOf } from '../src/modules/command/center.ts';
import { ALL_COMMAND_URIS, commandRow, OPERATOR_PASSWORD, seedOperator, send, simFor } from './command-fixtures.ts';
import { openLive, type RealtimeHarness, type SeededLift, seedCompany, seedLift, startRealtime, waitFor } from './realtime-fixtures.ts';

describe('remote control on the embedded broker', () => {
  let h: RealtimeHarness;
  let lift: SeededLift;
  let offline: SeededLift;
  let virtualLift: SeededLift;
  let op: { token: string; userId: number; username: string };
  let companyPath: string;
  const sims: SimTerminal[] = [];
  const stopAll = async () => {
    for (const s of sims.splice(0)) await s.stop();
  };

  beforeAll(async () => {
    h = await startRealtime({}, { heartbeatTimeoutMs: 1500 });
    commandCenterOf(h.ctx).configure({ ttlMs: 2500, ackTimeoutMs: 1500, graceMs: 300 });
    const c = await seedCompany(h.handle.db, 'Command Co');
    companyPath = c.path;
    lift = await seedLift(h.handle.db, c.id);
    offline = await seedLift(h.handle.db, c.id);
    virtualLift = await seedLift(h.handle.db, c.id);
    await h.handle.db.updateTable('lift').set({ is_virtual: true }).where('id', '=', virtualLift.liftId).execute();
    op = await seedOperator(h.handle.db, c.id, ALL_COMMAND_URIS);
    const t = simFor(h, lift);
    await t.start();
    sims.push(t);
    await waitFor(() => h.gateway.isOnline(lift.terminalId));
  });
  afterAll(async () => {
    await stopAll();
    await h?.close();
  });

  it('locks a lift with the right password: the lifecycle reaches a browser in scope and the audit log', async () => {
    const watcher = await openLive(h.baseUrl, op.token); // not subscribed to the terminal: command_state goes to everyone in scope
    await waitFor(() => watcher.messages.some((m) => m.code === 200));
    const res = await send(h, op.token, { action: 'lock', terminal_id: lift.terminalId, password: OPERATOR_PASSWORD, data: {} });
    expect(res.code).toBeUndefined();
    const id = res.data?.id as string;
    const states = () => watcher.actions('command_state').filter((m) => (m.data as { cmd_id: string }).cmd_id === id);
    await waitFor(() => states().some((m) => (m.data as { state: string }).state === 'succeeded'));
    expect(states().map((m) => (m.data as { state: string }).state)).toEqual(['queued', 'sent', 'delivered', 'succeeded']);
    expect(states()[0]).toMatchObject({ terminal_id: lift.terminalId, lift_id: lift.liftId });
    expect(sims[0]?.status.run_state).toBe('locked');
    const row = await commandRow(h, id);
    expect(row).toMatchObject({ state: 'succeeded', action: 'lock', user_id: op.userId, lift_id: lift.liftId });
    expect(row?.sent_at && row.delivered_at && row.finished_at).toBeTruthy();
    const audit = await h.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'command.lock')
      .where('user_id', '=', op.userId)
      .execute();
    expect(audit.map((a) => a.result).sort()).toEqual(['queued', 'succeeded']);
    expect(audit[0]?.target).toBe(`lift:${lift.liftId}`);
    const list = await h.app.inject({
      method: 'GET',
      url: `/api/device/command/list?lift_id=${lift.liftId}`,
      headers: { authorization: op.token },
    });
    expect(list.json().data.list[0]).toMatchObject({ id, state: 'succeeded', username: op.username });
    watcher.close();
    await send(h, op.token, { action: 'unlock', terminal_id: lift.terminalId, password: OPERATOR_PASSWORD });
    await waitFor(() => sims[0]?.status.run_state === 'normal');
  });

  it('refuses a wrong password with 4047 and sends nothing; repeated failures block the user (4203)', async () => {
    const other = await seedOperator(h.handle.db, Number(companyPath.split('/').at(-2)), ALL_COMMAND_URIS);
    const before = sims[0]?.executed.length;
    expect((await send(h, other.token, { action: 'stop', terminal_id: lift.terminalId, password: 'wrong' })).code).toBe(4047);
    expect((await send(h, other.token, { action: 'stop', terminal_id: lift.terminalId })).code).toBe(4047);
    for (let i = 0; i < 4; i++) await send(h, other.token, { action: 'stop', terminal_id: lift.terminalId, password: 'wrong' });
    expect((await send(h, other.token, { action: 'stop', terminal_id: lift.terminalId, password: OPERATOR_PASSWORD })).code).toBe(4203);
    expect(sims[0]?.executed.length).toBe(before);
    const rows = await h.handle.db.selectFrom('command').select('id').where('user_id', '=', other.userId).execute();
    expect(rows).toHaveLength(0);
  });

  it('answers 4046 for bad parameters and 4205 without the permission of that command', async () => {
    expect(
      (await send(h, op.token, { action: 'call_floor', terminal_id: lift.terminalId, password: OPERATOR_PASSWORD, data: {} })).code,
    ).toBe(4046);
    expect(
      (await send(h, op.token, { action: 'call_floor', terminal_id: lift.terminalId, password: OPERATOR_PASSWORD, data: { floor: 99 } }))
        .code,
    ).toBe(4046);
    expect((await send(h, op.token, { action: 'explode', terminal_id: lift.terminalId, password: OPERATOR_PASSWORD })).code).toBe(4046);
    const lockOnly = await seedOperator(h.handle.db, Number(companyPath.split('/').at(-2)), ['/device/sendmqtt', '/device/sendmqtt/lock']);
    expect(
      (await send(h, lockOnly.token, { action: 'forced_descent', terminal_id: lift.terminalId, password: OPERATOR_PASSWORD })).code,
    ).toBe(4205);
    const noRoute = await seedOperator(h.handle.db, Number(companyPath.split('/').at(-2)), ['/device/sendmqtt/lock']);
    expect((await send(h, noRoute.token, { action: 'lock', terminal_id: lift.terminalId, password: OPERATOR_PASSWORD })).code).toBe(4053);
    // the per-action route needs only its own URI
    const viaAction = await h.app.inject({
      method: 'POST',
      url: '/api/device/sendmqtt/lock',
      headers: { authorization: noRoute.token },
      payload: { terminal_id: lift.terminalId, password: OPERATOR_PASSWORD },
    });
    const locked = viaAction.json().data.id as string;
    await waitFor(async () => (await commandRow(h, locked))?.state === 'succeeded');
    const viaOther = await h.app.inject({
      method: 'POST',
      url: '/api/device/sendmqtt/unlock',
      headers: { authorization: noRoute.token },
      payload: { terminal_id: lift.terminalId, password: OPERATOR_PASSWORD },
    });
    expect(viaOther.json().code).toBe(4053);
    await send(h, op.token, { action: 'unlock', terminal_id: lift.terminalId, password: OPERATOR_PASSWORD });
    await waitFor(() => sims[0]?.status.run_state === 'normal');
    const ok = await send(h, op.token, {
      action: 'call_floor',
      terminal_id: lift.terminalId,
      password: OPERATOR_PASSWORD,
      data: { floor: 3 },
    });
    await waitFor(async () => (await commandRow(h, ok.data?.id as string))?.state === 'succeeded');
  });

  it('a user of another company cannot command the lift (4092, nothing sent)', async () => {
    const rival = await seedCompany(h.handle.db, 'Rival Co');
    const stranger = await seedOperator(h.handle.db, rival.id, ALL_COMMAND_URIS);
    const before = sims[0]?.executed.length;
    expect((await send(h, stranger.token, { action: 'lock', terminal_id: lift.terminalId, password: OPERATOR_PASSWORD })).code).toBe(4092);
    expect((await send(h, stranger.token, { action: 'lock', lift_id: lift.liftId, password: OPERATOR_PASSWORD })).code).toBe(4092);
    const list = await h.app.inject({
      method: 'GET',
      url: `/api/device/command/list?lift_id=${lift.liftId}`,
      headers: { authorization: stranger.token },
    });
    expect(list.json().data.totalRow).toBe(0);
    expect(sims[0]?.executed.length).toBe(before);
  });

  it('a virtual lift refuses commands (4056); a lift monitored by someone else refuses them (4057)', async () => {
    expect((await send(h, op.token, { action: 'lock', terminal_id: virtualLift.terminalId, password: OPERATOR_PASSWORD })).code).toBe(4056);
    const watcher = await seedOperator(h.handle.db, Number(companyPath.split('/').at(-2)), ALL_COMMAND_URIS);
    const mon = await send(h, watcher.token, { action: 'monitor', terminal_id: lift.terminalId, data: { on: true } });
    expect(mon.code).toBeUndefined();
    expect((await h.gateway.monitor.current(lift.liftId))?.activity).toBe('monitor');
    expect((await send(h, op.token, { action: 'lock', terminal_id: lift.terminalId, password: OPERATOR_PASSWORD })).code).toBe(4057);
    // the monitoring operator may act on the lift they watch
    const own = await send(h, watcher.token, { action: 'close_door', terminal_id: lift.terminalId, password: OPERATOR_PASSWORD });
    expect(own.code).toBeUndefined();
    await send(h, watcher.token, { action: 'monitor', terminal_id: lift.terminalId, data: { on: false } });
    expect(await h.gateway.monitor.current(lift.liftId)).toBeNull();
    // rescue holds the lift: monitoring is refused (4058)
    await h.gateway.monitor.acquire(lift.liftId, 'rescue', 'rescuer');
    expect((await send(h, op.token, { action: 'monitor', terminal_id: lift.terminalId, data: { on: true } })).code).toBe(4058);
    await h.gateway.monitor.release(lift.liftId, 'rescuer');
  });

  it('a duplicated delivery is executed once', async () => {
    commandCenterOf(h.ctx).configure({ ttlMs: 20_000 });
    const t = sims[0] as SimTerminal;
    const res = await send(h, op.token, { action: 'stop', terminal_id: lift.terminalId, password: OPERATOR_PASSWORD });
    const id = res.data?.id as string;
    const row = await waitFor(async () => {
      const r = await commandRow(h, id);
      return r?.state === 'succeeded' ? r : undefined;
    });
    const acksBefore = t.published;
    // the broker (or a second server instance) delivers the very same command again
    await h.gateway.sendCommand(lift.terminalId, {
      cmd_id: id,
      issued_at: new Date(row.created_at).getTime(),
      expires_at: new Date(row.expires_at).getTime(),
      action: 'stop',
    });
    await waitFor(() => t.published > acksBefore); // answered again…
    expect(t.executed.filter((c) => c === id)).toHaveLength(1); // …not executed again
    expect((await commandRow(h, id))?.state).toBe('succeeded');
    commandCenterOf(h.ctx).configure({ ttlMs: 2500 });
    await send(h, op.token, { action: 'unlock', terminal_id: lift.terminalId, password: OPERATOR_PASSWORD });
  });

  it('a command to an offline lift expires unexecuted, even when the lift reconnects later', async () => {
    const first = simFor(h, offline);
    await first.start();
    await waitFor(() => h.gateway.isOnline(offline.terminalId));
    await first.stop(); // persistent session: the broker keeps its subscription and queues for it
    await waitFor(() => !h.gateway.isOnline(offline.terminalId));
    const res = await send(h, op.token, { action: 'lock', terminal_id: offline.terminalId, password: OPERATOR_PASSWORD });
    const id = res.data?.id as string;
    expect(res.data?.state).toBe('sent');
    const row = await waitFor(async () => {
      const r = await commandRow(h, id);
      return r?.state === 'expired' ? r : undefined;
    }, 8000);
    expect(row.delivered_at).toBeNull();
    const seen: Array<[string, string]> = [];
    const back = simFor(h, offline, { onCommand: (cmd, result) => seen.push([cmd.cmd_id, result]) });
    await back.start();
    sims.push(back);
    await waitFor(() => seen.some(([c]) => c === id)); // the queued command does arrive…
    expect(seen.find(([c]) => c === id)?.[1]).toBe('expired'); // …and is refused
    expect(back.executed).not.toContain(id);
    expect(back.status.run_state).toBe('normal');
    await new Promise((r) => setTimeout(r, 300));
    expect((await commandRow(h, id))?.state).toBe('expired'); // the server never re-sends it
    const sentTo = await h.handle.db
      .selectFrom('command')
      .select('id')
      .where('terminal_id', '=', offline.terminalId)
      .where('action', '=', 'lock')
      .execute();
    expect(sentTo).toHaveLength(1);
  });

  it('an online terminal that never answers is timed out', async () => {
    const mute = await seedLift(h.handle.db, Number(companyPath.split('/').at(-2)));
    const t = simFor(h, mute);
    await t.start();
    sims.push(t);
    await waitFor(() => h.gateway.isOnline(mute.terminalId));
    t.client?.removeAllListeners('message'); // connected, heart beating, deaf to commands
    const res = await send(h, op.token, { action: 'open_door', terminal_id: mute.terminalId, password: OPERATOR_PASSWORD });
    const row = await waitFor(async () => {
      const r = await commandRow(h, res.data?.id as string);
      return r?.state === 'timed_out' ? r : undefined;
    }, 6000);
    expect(row.reason).toBe('no acknowledgement');
  });
});
