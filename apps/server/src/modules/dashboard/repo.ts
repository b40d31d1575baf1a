import { type TIndexTree, TRAPPED_CODES } from '@liftguard/contract';
import { sql } from 'kysely';
import type { Database } from '../../platform/db.ts';
import { companyInScope, type DataScope, liftIdInGrant, liftInScope, terminalVisibleInGrant } from '../../platform/scope.ts';
import { monthCounters } from '../maintenance/repo.ts';

/** Every counter of the home dashboard (SPEC.md §2) for a scope (granted communities included), in a handful of queries. */
export async function indexTree(db: Database, scope: DataScope): Promise<TIndexTree> {
  const { scopePath } = scope;
  const lifts = await db
    .selectFrom('lift as l')
    .leftJoin('terminal as t', 't.terminal_id', 'l.terminal_id')
    .where((eb) => liftInScope(eb, scope, 'l'))
    .where('l.deleted_at', 'is', null)
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      sql<number>`count(*) filter (where t.online and l.expire_at > now())`.as('online'),
      sql<number>`count(*) filter (where t.run_state = 'maintenance' and t.online and l.expire_at > now())`.as('maintain'),
      sql<number>`count(*) filter (where l.created_at >= date_trunc('day', now()))`.as('today'),
    ])
    .executeTakeFirstOrThrow();

  const faults = await db
    .selectFrom('fault as f')
    .where((eb) => companyInScope(eb, 'f.company_id', scopePath))
    .where(liftIdInGrant('f.lift_id', scope))
    .select([
      sql<number>`count(*) filter (where f.state = 'untreated' and f.solved_at is null)`.as('open'),
      sql<number>`count(*) filter (where f.state = 'untreated' and f.solved_at is null and (f.trapped or f.code = any(${sql.val([...TRAPPED_CODES])}::text[])))`.as(
        'trapped',
      ),
      sql<number>`count(*) filter (where f.created_at >= date_trunc('day', now()))`.as('today'),
    ])
    .executeTakeFirstOrThrow();

  const help = await db
    .selectFrom('help_event as h')
    .where((eb) => companyInScope(eb, 'h.company_id', scopePath))
    .where(liftIdInGrant('h.lift_id', scope))
    .where('h.occurred_at', '>=', sql<Date>`date_trunc('day', now())`)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();

  const types = await db
    .selectFrom('terminal as t')
    .where((eb) => companyInScope(eb, 't.company_id', scopePath))
    .where(terminalVisibleInGrant('t.terminal_id', scope))
    .select(['t.type', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('t.type')
    .execute();
  const byType = Object.fromEntries(types.map((r) => [r.type, Number(r.n)]));

  const newest = await db
    .selectFrom('lift as l')
    .where((eb) => liftInScope(eb, scope, 'l'))
    .where('l.deleted_at', 'is', null)
    .select(['l.id', 'l.name', 'l.code', 'l.created_at'])
    .orderBy('l.id', 'desc')
    .limit(3)
    .execute();

  const months = await db
    .selectFrom('fault as f')
    .where((eb) => companyInScope(eb, 'f.company_id', scopePath))
    .where(liftIdInGrant('f.lift_id', scope))
    .where('f.occurred_at', '>=', sql<Date>`date_trunc('month', now()) - interval '11 months'`)
    .select([sql<string>`to_char(date_trunc('month', f.occurred_at), 'YYYY-MM')`.as('month'), (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(sql`date_trunc('month', f.occurred_at)`)
    .execute();
  const perMonth = new Map(months.map((m) => [m.month, Number(m.n)]));
  const now = new Date();
  const faultMonthData = Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1));
    const month = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    return { month, count: perMonth.get(month) ?? 0 };
  });

  const records = await monthCounters(db, scope);

  const count = Number(lifts.count);
  const online = Number(lifts.online);
  return {
    helpCount: Number(help.n),
    // this month's maintenance records of type maintenance, resp. repair (see monthCounters)
    maintenanceCount: records.maintenance,
    repairsCount: records.repair,
    tiringCount: Number(faults.trapped),
    onlineCount: online,
    offlineCount: count - online,
    faultCount: Number(faults.open),
    count,
    maintainCount: Number(lifts.maintain),
    f: byType.f ?? 0,
    t: byType.t ?? 0,
    wcr: byType.wcr ?? 0,
    u: byType.u ?? 0,
    e: byType.e ?? 0,
    todayNewLiftCount: Number(lifts.today),
    todayNewFaultCount: Number(faults.today),
    threeNewLift: newest.map((l) => ({
      id: l.id,
      name: l.name,
      code: l.code,
      created_at: new Date(l.created_at as unknown as string).toISOString(),
    })),
    faultMonthData,
  };
}
