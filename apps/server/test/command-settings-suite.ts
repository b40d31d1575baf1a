import type { SimTerminal } from '@liftguard/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandCenterOf } from '../src/modules/command/center.ts';
import { ALL_COMMAND_URIS, seedOperator, simFor } from './command-fixtures.ts';
import { openLive, type RealtimeHarness, type SeededLift, seedCompany, seedLift, startRealtime, waitFor } from './realtime-fixtures.ts';

export function settingsSuite(name: string, overrides: () => Record<string, unknown>) {
  describe(name, () => {
    let h: RealtimeHarness;
    let online: SeededLift;
    let away: SeededLift;
    let op: { token: string; userId: number };
    const sims: SimTerminal[] = [];
    const states = async () => {
      const res = await h.app.inject({ method: 'GET', url: '/api/terminal/settings/states?size=24', headers: { authorization: op.token } });
      return Object.fromEntries(
        (res.json().data.list as Array<{ terminal_id: string; state: string }>).map((r) => [r.terminal_id, r.state]),
      );
    };
    const push = async (body: Record<string, unknown>) =>
      (
        await h.app.inject({ method: 'POST', url: '/api/terminal/settings/push', headers: { authorization: op.token }, payload: body })
      ).json();

    beforeAll(async () => {
      h = await startRealtime(overrides(), { heartbeatTimeoutMs: 1500 });
      commandCenterOf(h.ctx).configure({ ttlMs: 2000, ackTimeoutMs: 1500, graceMs: 300 });
      const c = await seedCompany(h.handle.db, 'Settings Co');
      online = await seedLift(h.handle.db, c.id);
      away = await seedLift(h.handle.db, c.id);
      op = await seedOperator(h.handle.db, c.id, [...ALL_COMMAND_URIS, '/device/terminal/settings']);
      const t = simFor(h, online);
      await t.start();
      sims.push(t);
      // the away terminal was connected once (its session is known to the broker), then left
      const a = simFor(h, away);
      await a.start();
      await waitFor(() => h.gateway.isOnline(away.terminalId) && h.gateway.isOnline(online.terminalId));
      await a.stop();
      await waitFor(() => !h.gateway.isOnline(away.terminalId), 5000);
    });
    afterAll(async () => {
      for (const s of sims) await s.stop();
      await h?.close();
    });

    it('pushes the company settings: the online terminal confirms (configured), the offline one stays sent', async () => {
      const before = await states();
      expect(before[online.terminalId]).toBe('not_configured');
      const put = await h.app.inject({
        method: 'GET',
        url: '/api/device/terminal/settings',
        headers: { authorization: op.token },
      });
      const settings = put.json().data;
      settings.system_para.brightness = 77;
      const saved = await h.app.inject({
        method: 'PUT',
        url: '/api/device/terminal/settings',
        headers: { authorization: op.token },
        payload: settings,
      });
      expect(saved.json().data).toBe(true);
      const live = await openLive(h.baseUrl, op.token);
      await waitFor(() => live.messages.some((m) => m.code === 200));
      live.send({ type: 'subscribe', data: [online.terminalId] });
      await new Promise((r) => setTimeout(r, 100));
      const res = await push({});
      expect(res.data.sent).toEqual([online.terminalId]);
      expect(res.data.pending).toEqual([away.terminalId]);
      await waitFor(async () => (await states())[online.terminalId] === 'configured');
      expect((await states())[away.terminalId]).toBe('sent');
      expect(sims[0]?.executed.length).toBe(1);
      const cfg = await waitFor(() => {
        const c = live.actions('list_monitor_config').filter((m) => m.terminal_id === online.terminalId);
        return c.length >= 2 ? c : undefined;
      });
      expect(cfg.map((m) => (m.data as { state: string }).state)).toEqual(['sent', 'configured']);
      expect(live.actions('up_report_parameter').some((m) => m.terminal_id === online.terminalId)).toBe(true);
      live.close();
    });

    it('settings reach a terminal that reconnects later', async () => {
      // its first push expired while it was away
      await waitFor(async () => {
        const r = await h.handle.db
          .selectFrom('command')
          .select('state')
          .where('terminal_id', '=', away.terminalId)
          .where('action', '=', 'settings')
          .execute();
        return r.length === 1 && r[0]?.state === 'expired';
      }, 6000);
      const back = simFor(h, away);
      await back.start();
      sims.push(back);
      await waitFor(async () => (await states())[away.terminalId] === 'configured', 10_000);
      const cmds = await waitFor(async () => {
        const r = await h.handle.db
          .selectFrom('command')
          .select(['state', 'user_id'])
          .where('terminal_id', '=', away.terminalId)
          .where('action', '=', 'settings')
          .orderBy('created_at')
          .execute();
        return r.at(-1)?.state === 'succeeded' ? r : undefined;
      });
      expect(cmds.map((c) => c.state)).toEqual(['expired', 'succeeded']);
      expect(cmds[1]?.user_id).toBeNull(); // re-sent by the server on reconnection
    });

    it('a settings change makes configured terminals not configured until pushed again; one terminal can be pushed alone', async () => {
      const s = (await h.app.inject({ method: 'GET', url: '/api/device/terminal/settings', headers: { authorization: op.token } })).json()
        .data;
      s.system_para.brightness = 55;
      await new Promise((r) => setTimeout(r, 5));
      await h.app.inject({ method: 'PUT', url: '/api/device/terminal/settings', headers: { authorization: op.token }, payload: s });
      expect((await states())[online.terminalId]).toBe('not_configured');
      const one = await push({ terminal_id: online.terminalId });
      expect(one.data.sent).toEqual([online.terminalId]);
      await waitFor(async () => (await states())[online.terminalId] === 'configured');
      expect((await states())[away.terminalId]).toBe('not_configured');
      const rival = await seedCompany(h.handle.db, 'Rival settings');
      const theirs = await seedLift(h.handle.db, rival.id);
      expect((await push({ terminal_id: theirs.terminalId })).code).toBe(4092);
    });
  });
}
