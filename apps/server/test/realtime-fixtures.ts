import { randomBytes } from 'node:crypto';
import { startFleet } from '@liftguard/simulator';
import { type Gateway, type GatewayOptions, hashTerminalSecret, newTerminalSecret, startGateway } from '../src/gateway/index.ts';
import type { Database } from '../src/platform/db.ts';
import { hashToken, newToken } from '../src/platform/tokens.ts';
import { type Harness, startHarness } from './harness.ts';

/** Fixtures of the real-time tests: companies, lifts with terminals and users seeded straight into the tables. */
export const rand = () => randomBytes(4).toString('hex');

export async function seedCompany(db: Database, name: string, parentPath = '/1/'): Promise<{ id: number; path: string }> {
  const pid = Number(parentPath.split('/').filter(Boolean).at(-1));
  const row = await db
    .insertInto('company')
    .values({
      pid,
      path: '',
      node_type: 'company',
      name,
      j_region: '[]',
      j_community_ids: '[]',
      j_auth_list: '[]',
      j_auth_uris: '[]',
      j_extra_auth: '[]',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const path = `${parentPath}${row.id}/`;
  await db.updateTable('company').set({ path }).where('id', '=', row.id).execute();
  return { id: row.id, path };
}

export type SeededLift = { liftId: number; terminalId: string; secret: string; companyId: number };

export async function seedLift(
  db: Database,
  companyId: number,
  opts: { terminalId?: string; type?: 'f' | 't' | 'wcr' | 'u' | 'e'; expireAt?: Date; name?: string } = {},
): Promise<SeededLift> {
  const terminalId = opts.terminalId ?? `T${rand()}${rand()}`;
  const secret = newTerminalSecret();
  await db
    .insertInto('terminal')
    .values({
      terminal_id: terminalId,
      type: opts.type ?? 't',
      company_id: companyId,
      mqtt_secret_hash: hashTerminalSecret(secret),
      face_id: null,
      version: 'LG1.0.0.0',
      last_seen_at: null,
      run_state: null,
    })
    .execute();
  const lift = await db
    .insertInto('lift')
    .values({
      company_id: companyId,
      name: opts.name ?? `Lift ${terminalId}`,
      code: `C${terminalId}`,
      terminal_id: terminalId,
      expire_at: opts.expireAt ?? new Date(Date.now() + 365 * 86_400_000),
      j_floors: '[]',
      j_mt_workers: '[]',
      j_responsible: '[]',
      j_alarm_charger: '[]',
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { liftId: lift.id, terminalId, secret, companyId };
}

/** a user working in `companyId`, signed in: returns the token and the session id */
export async function seedSession(db: Database, companyId: number): Promise<{ token: string; sessionId: number; userId: number }> {
  const user = await db
    .insertInto('app_user')
    .values({ username: `u${rand()}`, realname: 'Watcher', password_hash: 'x', current_company_id: companyId } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('membership')
    .values({ user_id: user.id, company_id: companyId, role_id: null, j_community_ids: '[]', j_region: '[]' })
    .execute();
  const token = newToken();
  const s = await db
    .insertInto('session')
    .values({
      user_id: user.id,
      token_hash: hashToken(token),
      client: 'web',
      ip: null,
      expires_at: new Date(Date.now() + 3_600_000),
      ended_at: null,
      ended_reason: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token, sessionId: s.id, userId: user.id };
}

export type RealtimeHarness = Harness & { gateway: Gateway; mqttUrl: string; baseUrl: string };

/** A harness with the gateway started (embedded broker on random ports, or `MQTT_URL`) and the HTTP server listening. */
export async function startRealtime(overrides: Record<string, unknown> = {}, gw: GatewayOptions = {}): Promise<RealtimeHarness> {
  const h = await startHarness({ HOST: '127.0.0.1', MQTT_PORT: 0, MQTT_WS_PORT: 0, ...overrides });
  const gateway = await startGateway(h.ctx, { flushMs: 100, topicRoot: `lgt${rand()}`, ...gw });
  await h.app.listen({ host: '127.0.0.1', port: 0 });
  const addr = h.app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  const mqttUrl = (overrides.MQTT_URL as string | undefined) ?? `mqtt://127.0.0.1:${gateway.ports?.mqtt}`;
  return { ...h, gateway, mqttUrl, baseUrl: `http://127.0.0.1:${port}` };
}

export async function waitFor<T>(
  fn: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs = 5000,
  stepMs = 50,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v as T;
    if (Date.now() > end) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

export { startFleet };

/** A live-channel client that records what it receives. */
export async function openLive(baseUrl: string, token: string): Promise<LiveClient> {
  const { WebSocket } = await import('ws');
  const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws/live/${token}`);
  const messages: Array<Record<string, unknown>> = [];
  let closeCode: number | null = null;
  socket.on('message', (raw) => messages.push(JSON.parse(raw.toString())));
  socket.on('close', (code) => {
    closeCode = code;
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    messages,
    closeCode: () => closeCode,
    send: (m) => socket.send(JSON.stringify(m)),
    actions: (action) => messages.filter((m) => m.action === action),
    close: () => socket.close(),
  };
}

export type LiveClient = {
  messages: Array<Record<string, unknown>>;
  closeCode: () => number | null;
  send: (m: unknown) => void;
  actions: (action: string) => Array<Record<string, unknown>>;
  close: () => void;
};
