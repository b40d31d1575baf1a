import { SimTerminal, type SimTerminalOptions } from '@liftguard/simulator';
import { commandCenterOf } from '../src/modules/command/center.ts';
import type { Database } from '../src/platform/db.ts';
import { hashPassword } from '../src/platform/passwords.ts';
import { hashToken, newToken } from '../src/platform/tokens.ts';
import { type RealtimeHarness, rand, type SeededLift } from './realtime-fixtures.ts';

export const OPERATOR_PASSWORD = 'Operator#Pass1';
let pwHash: Promise<string> | undefined;

/** An operator of `companyId` with a real password and a role holding `uris`, signed in. */
export async function seedOperator(
  db: Database,
  companyId: number,
  uris: string[],
): Promise<{ token: string; userId: number; username: string }> {
  pwHash ??= hashPassword(OPERATOR_PASSWORD);
  const username = `op${rand()}`;
  const role = await db
    .insertInto('role')
    .values({
      company_id: companyId,
      name: `ops ${rand()}`,
      role_type: 'ADMIN',
      j_auth_list: '[]',
      j_app_auth: '[]',
      j_expert_auth: '[]',
      j_extra_auth: '[]',
      j_auth_uris: JSON.stringify(uris),
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto('app_user')
    .values({ username, realname: 'Operator', password_hash: await pwHash, current_company_id: companyId } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('membership')
    .values({ user_id: user.id, company_id: companyId, role_id: role.id, j_community_ids: '[]', j_region: '[]' })
    .execute();
  const token = newToken();
  await db
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
    .execute();
  return { token, userId: user.id, username };
}

export const ALL_COMMAND_URIS = [
  '/device/sendmqtt',
  ...['lock', 'unlock', 'stop', 'forced_descent', 'open_door', 'close_door', 'call_floor', 'monitor'].map((a) => `/device/sendmqtt/${a}`),
  '/portal/update',
  '/portal/package/upload',
  '/terminal/settings/push',
];

export async function send(h: RealtimeHarness, token: string, body: Record<string, unknown>) {
  const res = await h.app.inject({ method: 'POST', url: '/api/device/sendmqtt', headers: { authorization: token }, payload: body });
  return res.json() as { code?: number; data?: { id: string; state: string } };
}

export async function commandRow(h: RealtimeHarness, id: string) {
  await commandCenterOf(h.ctx).settle();
  return h.handle.db.selectFrom('command').selectAll().where('id', '=', id).executeTakeFirst();
}

export function simFor(h: RealtimeHarness, l: SeededLift, extra: Partial<SimTerminalOptions> = {}): SimTerminal {
  return new SimTerminal({
    url: h.mqttUrl,
    id: l.terminalId,
    secret: l.secret,
    root: h.gateway.topicRoot,
    traffic: false,
    statusIntervalMs: 60_000,
    heartbeatMs: 500,
    ...extra,
  });
}
