import type { TAuditListQuery } from '@liftguard/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db-schema.ts';
import { companyInScope, escapeLike } from '../../platform/scope.ts';

/** A page of the audit log; `scopePath` null means everything (root). */
export async function page(db: Kysely<DB>, scopePath: string | null, q: TAuditListQuery, orderKey: 'id' | 'at') {
  let base = db.selectFrom('audit_log');
  if (scopePath !== null) base = base.where((eb) => companyInScope(eb, 'audit_log.company_id', scopePath));
  if (q.action) base = base.where('action', 'like', `${escapeLike(q.action)}%`);
  if (q.result) base = base.where('result', '=', q.result);
  if (q.user_id) base = base.where('user_id', '=', q.user_id);
  if (q.from) base = base.where('at', '>=', new Date(q.from) as never);
  if (q.to) base = base.where('at', '<', new Date(q.to) as never);
  if (q.keyword) {
    const k = `%${escapeLike(q.keyword)}%`;
    base = base.where((eb) => eb.or([eb('username', 'ilike', k), eb('target', 'ilike', k), eb('ip', 'like', k)]));
  }
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['id', 'at', 'user_id', 'username', 'company_id', 'action', 'target', 'result', 'ip', 'detail'])
    .orderBy(orderKey, q.orderMethod ?? 'desc')
    .orderBy('id', 'desc')
    .limit(q.size)
    .offset((q.page - 1) * q.size)
    .execute();
  return {
    rows: rows.map((r) => ({ ...r, id: Number(r.id), at: new Date(r.at as unknown as string).toISOString(), detail: r.detail ?? null })),
    total: Number(total.n),
  };
}
