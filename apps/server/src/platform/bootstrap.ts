import { randomBytes } from 'node:crypto';
import { isStrongPassword } from '@liftguard/contract';
import type { Database } from './db.ts';
import { hashPassword } from './passwords.ts';

/** A random password that meets the rules of SPEC.md §5. */
export function generatePassword(): string {
  const base = randomBytes(12).toString('base64url').replace(/[-_]/g, 'x');
  return `Lg${base}#7`;
}

/**
 * Make sure the platform company and the root account `admin` exist. The password comes from
 * ADMIN_PASSWORD or is generated; it is returned only when the account was created now.
 */
export async function ensureRoot(db: Database, adminPassword?: string): Promise<{ created: boolean; password?: string }> {
  const existing = await db
    .selectFrom('app_user')
    .select('id')
    .where('username', '=', 'admin')
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (existing) return { created: false };
  const password = adminPassword ?? generatePassword();
  if (!isStrongPassword(password)) {
    throw new Error(
      'ADMIN_PASSWORD does not meet the password rules (6–30 characters, a digit, upper and lower case, one of !@#$%^&*, no spaces).',
    );
  }
  return db.transaction().execute(async (tx) => {
    let platform = await tx.selectFrom('company').select('id').where('pid', 'is', null).orderBy('id').executeTakeFirst();
    if (!platform) {
      platform = await tx
        .insertInto('company')
        .values({
          pid: null,
          path: '',
          node_type: 'company',
          name: 'LiftGuard',
          j_region: '[]',
          j_community_ids: '[]',
          j_auth_list: '[]',
          j_auth_uris: '[]',
          j_extra_auth: '[]',
          sms_limit: 100000,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .updateTable('company')
        .set({ path: `/${platform.id}/` })
        .where('id', '=', platform.id)
        .execute();
    }
    const role = await tx
      .insertInto('role')
      .values({
        company_id: platform.id,
        name: 'ROOT',
        role_type: 'ROOT',
        j_auth_list: '[]',
        j_app_auth: '[]',
        j_expert_auth: '[]',
        j_extra_auth: '[]',
        j_auth_uris: '[]',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await tx
      .insertInto('app_user')
      .values({
        username: 'admin',
        realname: 'Administrator',
        password_hash: await hashPassword(password),
        is_root: true,
        current_company_id: platform.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('membership')
      .values({ user_id: user.id, company_id: platform.id, role_id: role.id, j_community_ids: '[]', j_region: '[]' })
      .execute();
    return { created: true, password };
  });
}
