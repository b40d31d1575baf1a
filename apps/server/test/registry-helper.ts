import { sql } from 'kysely';
import type { Database } from '../src/platform/db.ts';
import { hashToken, newToken } from '../src/platform/tokens.ts';
import type { Harness } from './harness.ts';

/**
 * Test fixtures of the registry suites: companies, users with a role's URIs and a session
 * token (made directly in the session table, independent of the sign-in flow).
 */
export async function makeCompany(db: Database, name: string, parentId?: number): Promise<number> {
  const parent = parentId
    ? await db.selectFrom('company').select('path').where('id', '=', parentId).executeTakeFirstOrThrow()
    : await db.selectFrom('company').select('path').where('pid', 'is', null).orderBy('id').executeTakeFirstOrThrow();
  const pid = parentId ?? (await db.selectFrom('company').select('id').where('pid', 'is', null).orderBy('id').executeTakeFirstOrThrow()).id;
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
  await db
    .updateTable('company')
    .set({ path: `${parent.path}${row.id}/` })
    .where('id', '=', row.id)
    .execute();
  return row.id;
}

let seq = 0;
/** A user of `companyId` whose role holds `uris`; answers a bearer token. */
export async function makeUser(
  db: Database,
  companyId: number,
  uris: string[],
  opts: { language?: string; extraAuth?: string[] } = {},
): Promise<{ token: string; userId: number }> {
  seq++;
  const role = await db
    .insertInto('role')
    .values({
      company_id: companyId,
      name: `r${seq}`,
      role_type: 'STAFF',
      j_auth_list: '[]',
      j_app_auth: '[]',
      j_expert_auth: '[]',
      j_extra_auth: JSON.stringify(opts.extraAuth ?? []),
      j_auth_uris: JSON.stringify(uris),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto('app_user')
    .values({
      username: `u${seq}x${Date.now() % 100000}`,
      realname: '',
      password_hash: 'x',
      current_company_id: companyId,
      language: opts.language ?? 'en-US',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('membership')
    .values({ user_id: user.id, company_id: companyId, role_id: role.id, j_community_ids: '[]', j_region: '[]' })
    .execute();
  const token = newToken();
  await db
    .insertInto('session')
    .values({ user_id: user.id, token_hash: hashToken(token), client: 'web', expires_at: sql<Date>`now() + interval '1 day'` })
    .execute();
  return { token, userId: user.id };
}

export async function makeCommunity(db: Database, companyId: number, name: string): Promise<number> {
  const r = await db
    .insertInto('community')
    .values({ company_id: companyId, name, j_region: '[]' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function makeTerminal(
  db: Database,
  terminalId: string,
  type: 't' | 'f' | 'e' | 'wcr' | 'u',
  companyId: number | null,
  online = false,
): Promise<void> {
  await db
    .insertInto('terminal')
    .values({ terminal_id: terminalId, type, company_id: companyId, online, face_id: type === 'f' ? `face-${terminalId}` : null })
    .execute();
}

export const ALL_URIS = [
  '/device/add',
  '/device/update',
  '/device/delete',
  '/device/restore',
  '/device/renew',
  '/device/batch_update',
  '/device/collect',
  '/device/uncollect',
  '/device/import',
  '/device/terminal/add',
  '/device/terminal/delete',
  '/device/terminal/settings',
  '/device/terminal/upload',
  '/device/sim/add',
  '/device/sim/update',
  '/device/sim/delete',
  '/device/sim/import',
];

/** An inject helper bound to a token: answers status and parsed body. */
export function client(h: Harness, token: string) {
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const res = await h.app.inject({
      method,
      url: `/api${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: test bodies are read field by field
    let body: { data?: any; code?: number; msg?: string; detail?: unknown } = {};
    try {
      body = res.json();
    } catch {
      /* binary */
    }
    return { status: res.statusCode, body, raw: res };
  };
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload: unknown) => call('POST', url, payload),
    put: (url: string, payload: unknown) => call('PUT', url, payload),
  };
}

/** A multipart/form-data body: text fields first, then one file. */
export function multipartBody(fields: Record<string, string>, file: { name: string; content: Buffer; type?: string }) {
  const boundary = `----lg${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function upload(
  h: Harness,
  token: string,
  url: string,
  fields: Record<string, string>,
  file: { name: string; content: Buffer },
) {
  const b = multipartBody(fields, file);
  const res = await h.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': b.contentType },
    payload: b.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

/** Poll an import job until it leaves 'running'; answers the final job and every percent seen. */
export async function waitJob(h: Harness, token: string, id: number, timeoutMs = 120_000) {
  const c = client(h, token);
  const seen: number[] = [];
  const end = Date.now() + timeoutMs;
  for (;;) {
    const r = await c.get(`/device/import/progress?id=${id}`);
    seen.push(r.body.data.percent);
    if (r.body.data.status !== 'running') return { job: r.body.data, seen };
    if (Date.now() > end) throw new Error('import job timed out');
    await new Promise((res) => setTimeout(res, 50));
  }
}
