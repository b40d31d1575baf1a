import type { TPageQuery } from '@liftguard/contract';
import type { Database } from '../../platform/db.ts';
import { type DataScope, liftInScope as liftScoped } from '../../platform/scope.ts';

/** The lift and its terminal when the lift is in scope, else undefined. */
export function liftInScope(db: Database, scope: DataScope, liftId: number) {
  return db
    .selectFrom('lift as l')
    .leftJoin('terminal as t', 't.terminal_id', 'l.terminal_id')
    .select(['l.id', 'l.name', 'l.terminal_id', 'l.expire_at', 'l.is_virtual', 't.online', 't.last_seen_at'])
    .where('l.id', '=', liftId)
    .where('l.deleted_at', 'is', null)
    .where((eb) => liftScoped(eb, scope, 'l'))
    .executeTakeFirst();
}

/** Stored status changes of a lift, newest first, optionally within [from, to]. */
export async function statusHistory(db: Database, liftId: number, q: TPageQuery & { from?: Date; to?: Date }) {
  let base = db.selectFrom('lift_status_history as h').where('h.lift_id', '=', liftId);
  if (q.from) base = base.where('h.at', '>=', q.from as never);
  if (q.to) base = base.where('h.at', '<=', q.to as never);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['h.id', 'h.at', 'h.floor', 'h.floor_display', 'h.direction', 'h.door', 'h.run_state', 'h.occupied'])
    .orderBy('h.at', q.orderMethod ?? 'desc')
    .orderBy('h.id', q.orderMethod ?? 'desc')
    .limit(q.size)
    .offset((q.page - 1) * q.size)
    .execute();
  return { list: rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() })), pageNumber: q.page, totalRow: Number(total.n) };
}
