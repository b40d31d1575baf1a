import { createHash } from 'node:crypto';
import { APK_FILE_NAME } from '@liftguard/contract';
import type { SimTerminal } from '@liftguard/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandCenterOf } from '../src/modules/command/center.ts';
import { ALL_COMMAND_URIS, commandRow, seedOperator, simFor } from './command-fixtures.ts';
import { openLive, type RealtimeHarness, type SeededLift, seedCompany, seedLift, startRealtime, waitFor } from './realtime-fixtures.ts';
import { multipartBody } from './registry-helper.ts';

describe('firmware and app updates over the air', () => {
  let h: RealtimeHarness;
  let old: SeededLift;
  let fresh: SeededLift;
  let op: { token: string; userId: number; username: string };
  const sims: SimTerminal[] = [];

  const upload = async (fields: Record<string, string>, name: string, content: Buffer) => {
    const b = multipartBody(fields, { name, content });
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/portal/package/upload',
      headers: { authorization: op.token, 'content-type': b.contentType },
      payload: b.payload,
    });
    return res.json();
  };
  const update = async (body: Record<string, unknown>) =>
    (await h.app.inject({ method: 'POST', url: '/api/portal/update', headers: { authorization: op.token }, payload: body })).json();

  beforeAll(async () => {
    h = await startRealtime({}, { heartbeatTimeoutMs: 1500 });
    commandCenterOf(h.ctx).configure({ updateTtlMs: 10_000, graceMs: 300 });
    const c = await seedCompany(h.handle.db, 'OTA Co');
    old = await seedLift(h.handle.db, c.id);
    fresh = await seedLift(h.handle.db, c.id);
    await h.handle.db.updateTable('terminal').set({ version: 'LG1000' }).where('terminal_id', '=', old.terminalId).execute();
    await h.handle.db.updateTable('terminal').set({ version: 'LG3000' }).where('terminal_id', '=', fresh.terminalId).execute();
    op = await seedOperator(h.handle.db, c.id, ALL_COMMAND_URIS);
    for (const l of [old, fresh]) {
      const t = simFor(h, l, { version: l === old ? 'LG1000' : 'LG3000' });
      await t.start();
      sims.push(t);
    }
  });
  afterAll(async () => {
    for (const s of sims) await s.stop();
    await h?.close();
  });

  it('takes only the apk under its fixed name, a readable version and a non-empty file; stores it with its checksum', async () => {
    const apk = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(64, 7)]);
    expect((await upload({ kind: 'apk', version: 'LG2000' }, 'other.apk', apk)).code).toBe(4153);
    expect((await upload({ kind: 'apk', version: 'LG2000' }, 'terminal.zip', apk)).code).toBe(4153);
    expect((await upload({ kind: 'apk', version: 'LG2000' }, APK_FILE_NAME, Buffer.alloc(0))).code).toBe(4153);
    expect((await upload({ kind: 'apk', version: 'vX' }, APK_FILE_NAME, apk)).code).toBe(4201);
    const ok = await upload({ kind: 'apk', version: 'LG2000' }, APK_FILE_NAME, apk);
    expect(ok.data).toMatchObject({ kind: 'apk', version: 'LG2000', version_number: 2000, size: apk.length });
    expect(ok.data.sha256).toBe(createHash('sha256').update(apk).digest('hex'));
    const served = await h.app.inject({ method: 'GET', url: ok.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(apk)).toBe(true);
    expect((await upload({ kind: 'apk', version: 'LG2000' }, APK_FILE_NAME, apk)).code).toBe(4206);
  });

  it('upgrades the old terminal with progress, answers the up-to-date one as already latest with both versions', async () => {
    const fw = await upload({ kind: 'firmware', version: 'LG2000' }, 'fw.bin', Buffer.alloc(256, 1));
    expect(fw.data?.url).toMatch(/^\/f\/ota\//);
    const live = await openLive(h.baseUrl, op.token);
    await waitFor(() => live.messages.some((m) => m.code === 200));
    live.send({ type: 'subscribe', data: [old.terminalId] });
    await new Promise((r) => setTimeout(r, 100));
    const res = await update({ list: [old.terminalId, fresh.terminalId], new_version: 'LG2000' });
    expect(res.code).toBeUndefined();
    expect(res.data.latest).toEqual([{ terminal_id: fresh.terminalId, current_version: 'LG3000', new_version: 'LG2000', cmd_id: null }]);
    expect(res.data.sent).toHaveLength(1);
    const id = res.data.sent[0].cmd_id as string;
    const row = await waitFor(async () => {
      const r = await commandRow(h, id);
      return r?.state === 'succeeded' ? r : undefined;
    });
    expect(row.progress).toBe(100);
    expect(sims[0]?.version).toBe('LG2000');
    const t = await h.handle.db.selectFrom('terminal').select('version').where('terminal_id', '=', old.terminalId).executeTakeFirst();
    expect(t?.version).toBe('LG2000');
    const stages = await waitFor(() => {
      const st = live.actions('return_update').map((m) => (m.data as { stage: string }).stage);
      return st.includes('success') ? st : undefined;
    });
    expect(stages).toEqual(['downloading', 'installing', 'success']);
    expect(live.actions('command_state').some((m) => (m.data as { cmd_id: string; state: string }).cmd_id === id)).toBe(true);
    live.close();
    // now both are at or above the target: nothing is sent
    const again = await update({ list: [old.terminalId], new_version: 'LG2000' });
    expect(again.data).toEqual({
      sent: [],
      latest: [{ terminal_id: old.terminalId, current_version: 'LG2000', new_version: 'LG2000', cmd_id: null }],
    });
  });

  it('a failed upgrade reports failure', async () => {
    await upload({ kind: 'firmware', version: 'LG2500-fail' }, 'fw.bin', Buffer.alloc(128, 2)); // the simulator cannot fetch a URL with "fail"
    const res = await update({ list: [old.terminalId], new_version: 'LG2500-fail' });
    const id = res.data.sent[0].cmd_id as string;
    const row = await waitFor(async () => {
      const r = await commandRow(h, id);
      return r?.state === 'failed' ? r : undefined;
    });
    expect(row.reason).toBe('download failed');
    const t = await h.handle.db.selectFrom('terminal').select('version').where('terminal_id', '=', old.terminalId).executeTakeFirst();
    expect(t?.version).toBe('LG2000');
    const audit = await h.handle.db
      .selectFrom('audit_log')
      .select('result')
      .where('action', '=', 'command.update')
      .where('result', '=', 'failed')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
  });

  it('answers a code when the upgrade cannot start: no package, bad version, terminal out of scope', async () => {
    expect((await update({ list: [old.terminalId], new_version: 'LG9000' })).code).toBe(4202);
    expect((await update({ list: [old.terminalId], new_version: 'bad' })).code).toBe(4201);
    const rival = await seedCompany(h.handle.db, 'Other OTA Co');
    const theirs = await seedLift(h.handle.db, rival.id);
    expect((await update({ list: [old.terminalId, theirs.terminalId], new_version: 'LG2000' })).code).toBe(4092);
  });

  it('answers as soon as the rollout is queued; commands are published in the background, a few at a time', async () => {
    const c = await seedCompany(h.handle.db, 'Fleet OTA Co');
    const fleet: SeededLift[] = [];
    for (let i = 0; i < 30; i++) fleet.push(await seedLift(h.handle.db, c.id));
    const fleetOp = await seedOperator(h.handle.db, c.id, ALL_COMMAND_URIS);
    const b = multipartBody({ kind: 'firmware', version: 'LG4000' }, { name: 'fw.bin', content: Buffer.alloc(64, 4) });
    const up = await h.app.inject({
      method: 'POST',
      url: '/api/portal/package/upload',
      headers: { authorization: fleetOp.token, 'content-type': b.contentType },
      payload: b.payload,
    });
    expect(up.json().data?.version).toBe('LG4000');
    // hold every publish until released: the answer must not wait for them
    const realSend = h.gateway.sendCommand;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let active = 0;
    let peak = 0;
    let published = 0;
    h.gateway.sendCommand = async (terminalId, cmd) => {
      active += 1;
      peak = Math.max(peak, active);
      await gate;
      active -= 1;
      published += 1;
      return realSend(terminalId, cmd);
    };
    try {
      const res = (
        await h.app.inject({
          method: 'POST',
          url: '/api/portal/update',
          headers: { authorization: fleetOp.token },
          payload: { list: fleet.map((l) => l.terminalId), new_version: 'LG4000' },
        })
      ).json();
      expect(res.code).toBeUndefined();
      expect(res.data.sent).toHaveLength(30);
      expect(published).toBe(0);
      const ids = res.data.sent.map((s: { cmd_id: string }) => s.cmd_id);
      const queued = await h.handle.db.selectFrom('command').select('state').where('id', 'in', ids).execute();
      expect(queued).toHaveLength(30);
      expect(queued.every((r) => r.state === 'queued')).toBe(true);
      const audited = await h.handle.db
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'command.update')
        .where('result', '=', 'queued')
        .where('username', '=', fleetOp.username)
        .execute();
      expect(audited).toHaveLength(30);
      await waitFor(() => active > 0);
      release();
      await commandCenterOf(h.ctx).settle();
      expect(published).toBe(30);
      expect(peak).toBeLessThanOrEqual(commandCenterOf(h.ctx).opts.dispatchConcurrency);
      const after = await h.handle.db.selectFrom('command').select('state').where('id', 'in', ids).execute();
      expect(after.every((r) => r.state === 'sent')).toBe(true);
    } finally {
      h.gateway.sendCommand = realSend;
    }
  });
});
