import { hashPassword } from '../src/platform/passwords.ts';
import type { Harness } from './harness.ts';

export type Org = { platformId: number; companyA: number; departD: number; companyB: number; roleA: number };

/** Two companies under the platform, a department in the first, and a staff role there. */
export async function seedOrg(h: Harness): Promise<Org> {
  const db = h.handle.db;
  const platform = await db.selectFrom('company').select('id').where('pid', 'is', null).executeTakeFirstOrThrow();
  const node = async (pid: number, parentPath: string, name: string, type: 'company' | 'department') => {
    const row = await db
      .insertInto('company')
      .values({
        pid,
        path: '',
        node_type: type,
        name,
        j_region: '[]',
        j_community_ids: '[]',
        j_auth_list: '[]',
        j_auth_uris: '[]',
        j_extra_auth: '[]',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const path = `${parentPath}${type === 'department' ? 'd' : ''}${row.id}/`;
    await db.updateTable('company').set({ path }).where('id', '=', row.id).execute();
    return { id: row.id, path };
  };
  const a = await node(platform.id, `/${platform.id}/`, 'Alpha Lifts', 'company');
  const d = await node(a.id, a.path, 'Alpha Service Dept', 'department');
  const b = await node(platform.id, `/${platform.id}/`, 'Beta Lifts', 'company');
  await db.updateTable('company').set({ logo: '/f/logo-alpha.png' }).where('id', '=', a.id).execute();
  const role = await db
    .insertInto('role')
    .values({
      company_id: a.id,
      name: 'Staff',
      role_type: 'STAFF',
      j_auth_list: JSON.stringify(['home_index', 'device_list']),
      j_app_auth: '[]',
      j_expert_auth: '[]',
      j_extra_auth: '[]',
      j_auth_uris: JSON.stringify(['/device/add']),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { platformId: platform.id, companyA: a.id, departD: d.id, companyB: b.id, roleA: role.id };
}

/** A user with memberships in the given nodes (staff role), password stored as given (even a weak one). */
export async function seedUser(
  h: Harness,
  u: { username: string; password: string; mobile?: string; email?: string; nodes: number[]; roleId: number | null },
): Promise<number> {
  const db = h.handle.db;
  const row = await db
    .insertInto('app_user')
    .values({
      username: u.username,
      realname: `${u.username} Real`,
      password_hash: await hashPassword(u.password),
      mobile: u.mobile ?? null,
      email: u.email ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const nodeId of u.nodes) {
    await db
      .insertInto('membership')
      .values({ user_id: row.id, company_id: nodeId, role_id: u.roleId, j_community_ids: '[]', j_region: '[]' })
      .execute();
  }
  return row.id;
}
