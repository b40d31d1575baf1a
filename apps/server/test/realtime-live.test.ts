import { SimTerminal } from '@liftguard/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Channels } from '../src/platform/bus.ts';
import {
  type LiveClient,
  openLive,
  type RealtimeHarness,
  type SeededLift,
  seedCompany,
  seedLift,
  seedSession,
  startRealtime,
  waitFor,
} from './realtime-fixtures.ts';

describe('live channel, dashboard and monitor API', () => {
  let h: RealtimeHarness;
  let lift: SeededLift;
  let other: SeededLift;
  let term: SimTerminal;
  let tokA: { token: string; sessionId: number };
  let tokB: { token: string; sessionId: number };
  const clients: LiveClient[] = [];
  const live = async (token: string) => {
    const c = await openLive(h.baseUrl, token);
    clients.push(c);
    await waitFor(() => c.messages.some((m) => m.code === 200));
    return c;
  };
  const get = async (url: string, token: string) => (await h.app.inject({ method: 'GET', url, headers: { authorization: token } })).json();

  beforeAll(async () => {
    h = await startRealtime();
    const a = await seedCompany(h.handle.db, 'Alpha');
    const a1 = await seedCompany(h.handle.db, 'Alpha North', a.path);
    const b = await seedCompany(h.handle.db, 'Beta');
    lift = await seedLift(h.handle.db, a1.id, { type: 'wcr' });
    other = await seedLift(h.handle.db, b.id);
    tokA = await seedSession(h.handle.db, a.id);
    tokB = await seedSession(h.handle.db, b.id);
    term = new SimTerminal({
      url: h.mqttUrl,
      id: lift.terminalId,
      secret: lift.secret,
      root: h.gateway.topicRoot,
      traffic: false,
      statusIntervalMs: 60_000,
    });
    await term.start();
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await term?.stop();
    await h?.close();
  });

  it('refuses a bad token with a catalogued code and closes', async () => {
    const c = await openLive(h.baseUrl, 'not-a-token');
    clients.push(c);
    await waitFor(() => c.closeCode() !== null);
    expect(c.messages[0]).toMatchObject({ code: 402, msg: expect.any(String) });
    expect(c.closeCode()).toBe(4402);
  });

  it('sends status only to subscribers whose scope holds the lift, alerts to everyone in scope', async () => {
    const subscribed = await live(tokA.token);
    const idle = await live(tokA.token);
    const outsider = await live(tokB.token);
    subscribed.send({ type: 'subscribe', data: [lift.terminalId] });
    outsider.send({ type: 'subscribe', data: [lift.terminalId, other.terminalId] });
    await new Promise((r) => setTimeout(r, 100));
    term.send('U01', { floor: 5, floor_display: '5', direction: 'up', door: 'closed', run_state: 'normal', occupied: false });
    const st = await waitFor(() => subscribed.actions('up_report_status').find((m) => (m.data as { floor: number }).floor === 5));
    expect(st).toMatchObject({ code: 'U01', terminal_id: lift.terminalId, lift_id: lift.liftId });
    term.raiseFault('TRAP_FLOOR', true);
    await waitFor(() => idle.actions('up_report_fault').length > 0 && subscribed.actions('addF').length > 0);
    expect(idle.actions('up_report_status')).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 200));
    expect(outsider.messages.filter((m) => m.action)).toEqual([]);

    // cancel stops status frames
    subscribed.send({ type: 'cancel', data: [lift.terminalId] });
    await new Promise((r) => setTimeout(r, 100));
    const before = subscribed.actions('up_report_status').length;
    term.send('U01', { floor: 6, floor_display: '6', direction: 'up', door: 'closed', run_state: 'normal', occupied: false });
    await waitFor(() => h.gateway.liveStatus(lift.terminalId)?.status.floor === 6);
    await new Promise((r) => setTimeout(r, 100));
    expect(subscribed.actions('up_report_status')).toHaveLength(before);
  });

  it('counts the scope on the dashboard', async () => {
    await h.gateway.flush();
    const a = (await get('/api/indextree', tokA.token)).data;
    expect(a).toMatchObject({
      count: 1,
      onlineCount: 1,
      offlineCount: 0,
      faultCount: 1,
      tiringCount: 1,
      wcr: 1,
      t: 0,
      todayNewLiftCount: 1,
      todayNewFaultCount: 1,
    });
    expect(a.threeNewLift.map((l: { id: number }) => l.id)).toEqual([lift.liftId]);
    expect(a.faultMonthData).toHaveLength(12);
    expect(a.faultMonthData.at(-1).count).toBe(1);
    const b = (await get('/api/indextree', tokB.token)).data;
    expect(b).toMatchObject({ count: 1, onlineCount: 0, offlineCount: 1, faultCount: 0, t: 1, wcr: 0 });
  });

  it('answers live state and status history only inside the scope', async () => {
    const state = (await get(`/api/monitor/state?lift_id=${lift.liftId}`, tokA.token)).data;
    expect(state).toMatchObject({ online: true, expired: false, status: { floor: 6, direction: 'up' } });
    const hist = (await get(`/api/monitor/history?lift_id=${lift.liftId}`, tokA.token)).data;
    expect(hist.list[0]).toMatchObject({ floor: 6 });
    expect(hist.totalRow).toBeGreaterThanOrEqual(2);
    const denied = await get(`/api/monitor/history?lift_id=${lift.liftId}`, tokB.token);
    expect(denied.code).toBe(4064);
  });

  it('shows a lift past its expiry offline', async () => {
    await h.handle.db
      .updateTable('lift')
      .set({ expire_at: new Date(Date.now() - 1000) })
      .where('id', '=', lift.liftId)
      .execute();
    const a = (await get('/api/indextree', tokA.token)).data;
    expect(a).toMatchObject({ onlineCount: 0, offlineCount: 1 });
    const state = (await get(`/api/monitor/state?lift_id=${lift.liftId}`, tokA.token)).data;
    expect(state).toMatchObject({ online: false, expired: true });
    await h.handle.db
      .updateTable('lift')
      .set({ expire_at: new Date(Date.now() + 86_400_000) })
      .where('id', '=', lift.liftId)
      .execute();
  });

  it('pushes forced_offline to the ended session and closes it', async () => {
    const mine = await live(tokB.token);
    const bystander = await live(tokA.token);
    await h.ctx.bus.publish(Channels.sessionEnded, { userId: 0, sessionId: tokB.sessionId, reason: 'signed_in_elsewhere' });
    await waitFor(() => mine.closeCode() !== null);
    expect(mine.actions('forced_offline')).toHaveLength(1);
    expect(bystander.actions('forced_offline')).toHaveLength(0);
  });

  it('keeps lift-state settings per company with defaults and validation', async () => {
    const admin = await h.adminToken();
    const defaults = (await get('/api/settings/get', tokA.token)).data;
    expect(defaults).toMatchObject({ life: 300, offline_after_s: 90, heartbeat_s: 30 });
    const put = (payload: Record<string, unknown>, token = admin) =>
      h.app.inject({ method: 'PUT', url: '/api/settings/update', headers: { authorization: token }, payload });
    const ok = await put({ offline_after_s: 120 });
    expect(ok.json().data.offline_after_s).toBe(120);
    expect((await get('/api/settings/get', admin)).data.offline_after_s).toBe(120);
    expect((await get('/api/settings/get', tokA.token)).data.offline_after_s).toBe(90);
    expect((await put({ heartbeat_s: 100 })).json().code).toBe(4001); // heartbeat must fit twice in the timeout
    expect((await put({ life: 'x' })).json().code).toBe(4001);
    expect((await put({ life: 200 }, tokA.token)).json().code).toBe(4053); // no permission for the write
  });

  it('lists terminal exceptions for root', async () => {
    term.client?.publish(`${h.gateway.topicRoot}/t/${lift.terminalId}/up/U05`, 'garbage', { qos: 1 });
    const admin = await h.adminToken();
    const list = await waitFor(async () => {
      const d = (await get('/api/terminal_exception/list?keyword=malformed', admin)).data;
      return d.totalRow > 0 ? d : undefined;
    });
    expect(list.list[0]).toMatchObject({ terminal_id: lift.terminalId, kind: 'malformed_json' });
    const scoped = (await get('/api/terminal_exception/list', tokB.token)).data;
    expect(scoped.totalRow).toBe(0);
  });
});
