import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { jobsFor } from '../src/jobs/queue.ts';
import { Channels } from '../src/platform/bus.ts';
import type { Database } from '../src/platform/db.ts';
import { hashToken, newToken } from '../src/platform/tokens.ts';
import type { Harness } from './harness.ts';

/** Fixtures for the alerts tests: companies, users with tokens, lifts, faults, and fake remote services. */

export async function rootCompanyId(db: Database): Promise<number> {
  const row = await db.selectFrom('company').select('id').where('pid', 'is', null).orderBy('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function createCompany(
  db: Database,
  opts: { name: string; pid: number; smsLimit?: number; smsEnable?: number; signature?: string; signatureEnabled?: number },
): Promise<number> {
  const parent = await db.selectFrom('company').select('path').where('id', '=', opts.pid).executeTakeFirstOrThrow();
  const row = await db
    .insertInto('company')
    .values({
      pid: opts.pid,
      path: '',
      node_type: 'company',
      name: opts.name,
      j_region: '[]',
      j_community_ids: '[]',
      j_auth_list: '[]',
      j_auth_uris: '[]',
      j_extra_auth: '[]',
      sms_limit: opts.smsLimit ?? 1000,
      sms_enable: opts.smsEnable ?? 1,
      sms_signature: opts.signature ?? null,
      sms_signature_enabled: opts.signatureEnabled ?? 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('company')
    .set({ path: `${parent.path}${row.id}/` })
    .where('id', '=', row.id)
    .execute();
  return row.id;
}

export const ALERT_URIS = [
  '/fault/process',
  '/fault/settings',
  '/sms/signature',
  '/task/resolve',
  '/depart/approvesignature',
  '/pusher/add',
  '/pusher/update',
  '/pusher/delete',
  '/pusher/liftparams',
  '/pusher/push',
];

let userSeq = 0;
/** A member of `companyId` (null: no current company) with a session; returns the token. */
export async function createUser(
  db: Database,
  companyId: number | null,
  opts: { realname?: string; uris?: string[]; language?: string } = {},
): Promise<{ token: string; userId: number }> {
  userSeq += 1;
  const user = await db
    .insertInto('app_user')
    .values({
      username: `alerts_u${userSeq}_${Date.now()}`,
      realname: opts.realname ?? `User ${userSeq}`,
      password_hash: 'x',
      current_company_id: companyId,
      language: opts.language ?? 'en-US',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (companyId !== null) {
    const role = await db
      .insertInto('role')
      .values({
        company_id: companyId,
        name: `r${userSeq}`,
        role_type: 'STAFF',
        j_auth_list: '[]',
        j_app_auth: '[]',
        j_expert_auth: '[]',
        j_extra_auth: '[]',
        j_auth_uris: JSON.stringify(opts.uris ?? ALERT_URIS),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('membership')
      .values({ user_id: user.id, company_id: companyId, role_id: role.id, j_community_ids: '[]', j_region: '[]' })
      .execute();
  }
  const token = newToken();
  await db
    .insertInto('session')
    .values({ user_id: user.id, token_hash: hashToken(token), client: 'web', expires_at: new Date(Date.now() + 3_600_000) })
    .execute();
  return { token, userId: user.id };
}

let liftSeq = 0;
export async function createLift(
  db: Database,
  companyId: number,
  opts: {
    name?: string;
    contacts?: Array<{ name: string; mobile: string }>;
    communityId?: number | null;
    smsLimit?: number;
    model?: string;
  } = {},
): Promise<{ id: number; terminalId: string; name: string }> {
  liftSeq += 1;
  const terminalId = `T${String(liftSeq).padStart(6, '0')}${Math.floor(Math.random() * 1e6)}`;
  const name = opts.name ?? `Lift ${liftSeq}`;
  const row = await db
    .insertInto('lift')
    .values({
      company_id: companyId,
      community_id: opts.communityId ?? null,
      name,
      code: `LC${liftSeq}-${Math.floor(Math.random() * 1e9)}`,
      model: opts.model ?? 'MX-1',
      terminal_id: terminalId,
      j_alarm_charger: JSON.stringify(opts.contacts ?? []),
      sms_limit: opts.smsLimit ?? 3,
      expire_at: new Date(Date.now() + 365 * 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, terminalId, name };
}

export async function createCommunity(db: Database, companyId: number, name: string): Promise<number> {
  const row = await db
    .insertInto('community')
    .values({ company_id: companyId, name, j_region: '[]' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Store a fault as the gateway does (U03), and optionally announce it on the bus. */
export async function raiseFault(
  h: Harness,
  lift: { id: number; terminalId: string },
  code: string,
  opts: { companyId: number; at?: Date; trapped?: boolean; state?: 'untreated' | 'processed'; publish?: boolean; floor?: number },
): Promise<number> {
  const at = opts.at ?? new Date();
  // as the gateway would have: an earlier open fault of the same code was solved (U04) first
  await h.ctx.db
    .updateTable('fault')
    .set({ solved_at: at })
    .where('lift_id', '=', lift.id)
    .where('code', '=', code)
    .where('solved_at', 'is', null)
    .where('state', '=', 'untreated')
    .execute();
  const row = await h.ctx.db
    .insertInto('fault')
    .values({
      lift_id: lift.id,
      company_id: opts.companyId,
      terminal_id: lift.terminalId,
      code,
      occurred_at: at,
      floor: opts.floor ?? 3,
      floor_display: String(opts.floor ?? 3),
      trapped: opts.trapped ?? false,
      ...(opts.state ? { state: opts.state } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const faultId = Number(row.id);
  if (opts.publish !== false) {
    await h.ctx.bus.publish(Channels.faultRaised, {
      faultId,
      liftId: lift.id,
      companyId: opts.companyId,
      terminalId: lift.terminalId,
      code,
      floor: opts.floor ?? 3,
      trapped: opts.trapped ?? false,
      repeat: false,
      occurredAt: at.toISOString(),
    });
  }
  return faultId;
}

/** Let the bus handlers enqueue, then run the queue until empty. */
export async function settle(h: Harness, timeoutMs = 15_000): Promise<number> {
  await new Promise((r) => setTimeout(r, 30));
  return jobsFor(h.ctx).drain(timeoutMs);
}

export type FakeServer = {
  url: string;
  /** every request received: path, headers, body */
  requests: Array<{ path: string; key: string; body: Record<string, unknown>; status: number }>;
  /** answer this many next requests with the given status */
  failNext: (n: number, status?: number) => void;
  close: () => Promise<void>;
};

/** A local HTTP service that fails on purpose when told to, then recovers. */
export async function startFakeServer(): Promise<FakeServer> {
  let failing = 0;
  let failStatus = 503;
  const requests: FakeServer['requests'] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const status = failing > 0 ? failStatus : 200;
      if (failing > 0) failing -= 1;
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw);
      } catch {
        /* keep empty */
      }
      requests.push({ path: req.url ?? '', key: String(req.headers['idempotency-key'] ?? ''), body, status });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(status === 200 ? { id: `p-${requests.length}` } : { error: 'down' }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext: (n, status = 503) => {
      failing = n;
      failStatus = status;
    },
    close: () =>
      new Promise((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

export const auth = (token: string) => ({ authorization: token });
