import {
  checkPassword,
  ErrorCodes,
  isEmail,
  isPhone,
  isUsername,
  type TMembershipInput,
  type TUserCreateRequest,
  type TUserListQuery,
  type TUserRow,
  type TUserUpdateRequest,
  USER_ORDER_KEYS,
} from '@liftguard/contract';
import ExcelJS from 'exceljs';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../platform/db-schema.ts';
import { AppError } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { nodeInScope, ownerOf, type Scope } from '../company/service.ts';
import { exceeding, isInside } from '../company/tree.ts';
import { roleInScope } from '../role/service.ts';
import * as repo from './repo.ts';

type Db = Kysely<DB> | Transaction<DB>;
const isAdmin = (s: Scope) => s.isRoot || s.roleType === 'ADMIN';

/** SPEC.md §5 field rules, each with its own code. */
export function checkUserFields(v: { username?: string; mobile?: string | null; email?: string | null; password?: string }): void {
  if (v.username !== undefined && !isUsername(v.username)) throw new AppError(ErrorCodes.PARAMETER, { field: 'username' });
  if (v.mobile && !isPhone(v.mobile)) throw new AppError(4098);
  if (v.email && !isEmail(v.email)) throw new AppError(4099);
  if (v.password !== undefined && checkPassword(v.password) !== null) throw new AppError(ErrorCodes.PASSWORD_RULES);
}

const DUPLICATE_CODE = { mobile: 4026, username: 4027, email: 4101 } as const;

async function checkDuplicates(db: Db, v: { username?: string; mobile?: string | null; email?: string | null }, exceptId?: number) {
  const dup = await repo.duplicateOf(db, v, exceptId);
  if (dup) throw new AppError(DUPLICATE_CODE[dup]);
}

/** A unique index caught a race the pre-check missed: answer the same duplicate code. */
function mapUniqueViolation(err: unknown): never {
  const e = err as { code?: string; constraint?: string; message?: string };
  if (e.code === '23505') {
    const text = `${e.constraint ?? ''} ${e.message ?? ''}`;
    if (text.includes('mobile')) throw new AppError(4026);
    if (text.includes('email')) throw new AppError(4101);
    throw new AppError(4027);
  }
  throw err;
}

/**
 * The membership a caller may hand out: the node and communities inside their scope, a role of
 * the company that owns the node (not a private role for a department), and nothing beyond what
 * a non-administrator holds.
 */
async function checkMembership(db: Db, scope: Scope, m: TMembershipInput): Promise<void> {
  const node = await nodeInScope(db, m.company_id, scope);
  if (m.role_id !== null) {
    const role = await roleInScope(db, scope, m.role_id);
    const owner = await ownerOf(db, node);
    if (role.company_id !== owner.id || (role.is_private && node.node_type === 'department')) throw new AppError(4131);
    if (!isAdmin(scope)) {
      if (role.role_type === 'ADMIN') throw new AppError(ErrorCodes.NO_PERMISSION);
      const over = [
        ...exceeding([...role.j_auth_list, ...role.j_extra_auth], scope.keys),
        ...exceeding(role.j_auth_uris, scope.uris, true),
      ];
      if (over.length) throw new AppError(4120, { exceeding: over.slice(0, 20) });
    }
  }
  const found = await repo.communitiesInScope(db, scope.scopePath, m.j_community_ids);
  if (found.length !== new Set(m.j_community_ids).size) throw new AppError(ErrorCodes.NOT_FOUND);
  if (scope.communityIds.length > 0 && m.j_community_ids.some((c) => !scope.communityIds.includes(c))) {
    throw new AppError(ErrorCodes.NOT_FOUND);
  }
}

async function present(db: Db, scope: Scope, rows: Awaited<ReturnType<typeof repo.all>>): Promise<TUserRow[]> {
  const ms = await repo.memberships(
    db,
    rows.map((r) => r.id),
    scope.scopePath,
  );
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    realname: r.realname,
    mobile: r.mobile,
    email: r.email,
    job_num: r.job_num,
    job: r.job,
    created_at: new Date(r.created_at as unknown as string).toISOString(),
    deleted: r.deleted_at !== null,
    memberships: ms
      .filter((m) => m.user_id === r.id)
      .map(({ user_id: _u, path: _p, ...m }) => ({ ...m, role_type: m.role_type ?? null, role_name: m.role_name ?? null })),
  }));
}

export async function page(db: Db, scope: Scope, q: TUserListQuery) {
  if (q.company_id !== undefined) await nodeInScope(db, q.company_id, scope);
  const orderKey = (USER_ORDER_KEYS as readonly string[]).includes(q.orderKey ?? '') ? (q.orderKey as string) : 'id';
  const { rows, total } = await repo.page(db, scope.scopePath, q, orderKey);
  return { list: await present(db, scope, rows), pageNumber: q.page, totalRow: total };
}

async function userInScope(db: Db, scope: Scope, id: number) {
  const u = await repo.find(db, scope.scopePath, id);
  if (!u) throw new AppError(ErrorCodes.NOT_FOUND);
  return u;
}

export async function get(db: Db, scope: Scope, id: number): Promise<TUserRow> {
  const u = await userInScope(db, scope, id);
  const [row] = await present(db, scope, [u]);
  return row as TUserRow;
}

export async function create(db: Kysely<DB>, scope: Scope, input: TUserCreateRequest): Promise<TUserRow> {
  checkUserFields(input);
  if (!input.mobile && !input.email) throw new AppError(ErrorCodes.PARAMETER, { field: 'mobile|email' });
  const password_hash = await hashPassword(input.password);
  return db
    .transaction()
    .execute(async (tx) => {
      await checkMembership(tx, scope, input.membership);
      await checkDuplicates(tx, input);
      const id = await repo.insert(tx, {
        username: input.username,
        realname: input.realname,
        mobile: input.mobile,
        email: input.email,
        job_num: input.job_num,
        job: input.job,
        password_hash,
        current_company_id: input.membership.company_id,
      });
      await repo.saveMembership(tx, { user_id: id, ...input.membership });
      return get(tx, scope, id);
    })
    .catch(mapUniqueViolation);
}

/** Account fields touch every company the user belongs to: only editable when all of them are in scope. */
async function checkWholeAccount(db: Db, scope: Scope, userId: number): Promise<boolean> {
  if (scope.isRoot) return true;
  const all = await repo.memberships(db, [userId]);
  return all.every((m) => isInside(m.path, scope.scopePath));
}

export async function update(db: Kysely<DB>, scope: Scope, input: TUserUpdateRequest): Promise<TUserRow> {
  checkUserFields(input);
  const password_hash = input.password !== undefined ? await hashPassword(input.password) : undefined;
  return db
    .transaction()
    .execute(async (tx) => {
      const cur = await userInScope(tx, scope, input.id);
      if (cur.deleted_at) throw new AppError(ErrorCodes.NOT_FOUND);
      if (cur.is_root && !scope.isRoot) throw new AppError(ErrorCodes.NO_PERMISSION);
      if (!(await checkWholeAccount(tx, scope, cur.id))) throw new AppError(ErrorCodes.NO_PERMISSION);
      const mobile = input.mobile === undefined ? cur.mobile : input.mobile;
      const email = input.email === undefined ? cur.email : input.email;
      if (!mobile && !email) throw new AppError(ErrorCodes.PARAMETER, { field: 'mobile|email' });
      await checkDuplicates(tx, { username: input.username, mobile: input.mobile, email: input.email }, cur.id);
      const { id: _id, password: _p, ...fields } = input;
      await repo.update(tx, cur.id, { ...fields, ...(password_hash ? { password_hash } : {}) });
      return get(tx, scope, cur.id);
    })
    .catch(mapUniqueViolation);
}

/**
 * Delete: the account goes (soft) when all its memberships are in scope; otherwise only the
 * memberships in scope go and the account stays for its other companies.
 */
export async function remove(db: Kysely<DB>, scope: Scope, id: number): Promise<'account' | 'memberships'> {
  if (id === scope.userId) throw new AppError(4055);
  return db.transaction().execute(async (tx) => {
    const cur = await userInScope(tx, scope, id);
    if (cur.deleted_at) throw new AppError(4021);
    if (cur.is_root && !scope.isRoot) throw new AppError(ErrorCodes.NO_PERMISSION);
    if (await checkWholeAccount(tx, scope, cur.id)) {
      await repo.softDelete(tx, cur.id);
      return 'account' as const;
    }
    const mine = await repo.memberships(tx, [cur.id], scope.scopePath);
    await repo.deleteMemberships(
      tx,
      cur.id,
      mine.map((m) => m.company_id),
    );
    return 'memberships' as const;
  });
}

export async function saveMembership(db: Kysely<DB>, scope: Scope, input: TMembershipInput & { user_id: number }): Promise<TUserRow> {
  return db.transaction().execute(async (tx) => {
    const cur = await userInScope(tx, scope, input.user_id);
    if (cur.deleted_at) throw new AppError(ErrorCodes.NOT_FOUND);
    await checkMembership(tx, scope, input);
    await repo.saveMembership(tx, input);
    return get(tx, scope, cur.id);
  });
}

export async function deleteMembership(db: Kysely<DB>, scope: Scope, userId: number, companyId: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await userInScope(tx, scope, userId);
    await nodeInScope(tx, companyId, scope);
    const ms = await repo.memberships(tx, [userId], scope.scopePath);
    if (!ms.some((m) => m.company_id === companyId)) throw new AppError(ErrorCodes.NOT_FOUND);
    await repo.deleteMemberships(tx, userId, [companyId]);
  });
}

export const EXPORT_MAX_ROWS = 50_000;

/** SPEC.md §6: community and company administrators may export the users they see. */
export function mayExport(scope: Scope): boolean {
  return isAdmin(scope) || scope.roleType === 'PROPERTY_MANAGER' || scope.keys.includes('user_export');
}

export async function exportXlsx(db: Db, scope: Scope): Promise<Buffer> {
  if (!mayExport(scope)) throw new AppError(ErrorCodes.NO_PERMISSION);
  const rows = await present(db, scope, await repo.all(db, scope.scopePath, EXPORT_MAX_ROWS));
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('users');
  ws.columns = [
    { header: 'id', key: 'id', width: 8 },
    { header: 'username', key: 'username', width: 18 },
    { header: 'realname', key: 'realname', width: 18 },
    { header: 'mobile', key: 'mobile', width: 14 },
    { header: 'email', key: 'email', width: 26 },
    { header: 'job_num', key: 'job_num', width: 10 },
    { header: 'job', key: 'job', width: 14 },
    { header: 'companies', key: 'companies', width: 40 },
    { header: 'created_at', key: 'created_at', width: 24 },
  ];
  for (const r of rows) {
    ws.addRow({ ...r, companies: r.memberships.map((m) => `${m.company_name}${m.role_name ? ` (${m.role_name})` : ''}`).join('; ') });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
