import type { TPageQuery } from '@liftguard/contract';
import type { Database } from '../../platform/db.ts';
import { companyInScope, type DataScope, escapeLike, terminalVisibleInGrant } from '../../platform/scope.ts';

const ORDER = { id: 'e.id', at: 'e.at', terminal_id: 'e.terminal_id', kind: 'e.kind' } as const;

/** Terminal exceptions, newest first; `scope` null means every company (root). Narrowed members see those of their terminals. */
export async function listExceptions(db: Database, scope: DataScope | null, q: TPageQuery) {
  let base = db.selectFrom('terminal_exception as e');
  if (scope) {
    base = base.where((eb) => companyInScope(eb, 'e.company_id', scope.scopePath)).where(terminalVisibleInGrant('e.terminal_id', scope));
  }
  if (q.keyword) {
    const like = `%${escapeLike(q.keyword)}%`;
    base = base.where((eb) => eb.or([eb('e.terminal_id', 'like', like), eb('e.kind', 'like', like), eb('e.message', 'like', like)]));
  }
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const order = ORDER[(q.orderKey ?? 'id') as keyof typeof ORDER] ?? ORDER.id;
  const rows = await base
    .select(['e.id', 'e.terminal_id', 'e.topic', 'e.kind', 'e.message', 'e.payload', 'e.at'])
    .orderBy(order, q.orderMethod ?? 'desc')
    .orderBy('e.id', 'desc')
    .limit(q.size)
    .offset((q.page - 1) * q.size)
    .execute();
  return {
    list: rows.map((r) => ({ ...r, at: new Date(r.at as unknown as string).toISOString() })),
    pageNumber: q.page,
    totalRow: Number(total.n),
  };
}
