import { type TPageQuery, TRAPPED_CODES } from '@liftguard/contract';
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { DB } from '../../platform/db-schema.ts';
import { communityInGrant, companyInScope, type DataScope, escapeLike, liftIdInGrant } from '../../platform/scope.ts';

type Db = Kysely<DB> | Transaction<DB>;

export type FaultFilter = TPageQuery & {
  from: Date;
  to: Date;
  lift_id?: number;
  community_id?: number;
  code?: string;
  state?: 'untreated' | 'processed';
};

const ORDER_KEYS = { id: 'f.id', insert_time: 'f.occurred_at', occurred_at: 'f.occurred_at', code: 'f.code', state: 'f.state' } as const;

function faultsInScope(db: Db, scope: DataScope) {
  return db
    .selectFrom('fault as f')
    .innerJoin('lift as l', 'l.id', 'f.lift_id')
    .leftJoin('community as c', 'c.id', 'l.community_id')
    .leftJoin('building as b', 'b.id', 'l.building_id')
    .leftJoin('unit as u', 'u.id', 'l.unit_id')
    .where((eb) => companyInScope(eb, 'f.company_id', scope.scopePath))
    .where(communityInGrant('l.community_id', scope));
}

export async function listFaults(db: Db, scope: DataScope, q: FaultFilter) {
  let base = faultsInScope(db, scope).where('f.occurred_at', '>=', q.from).where('f.occurred_at', '<=', q.to);
  if (q.lift_id) base = base.where('f.lift_id', '=', q.lift_id);
  if (q.community_id) base = base.where('l.community_id', '=', q.community_id);
  if (q.code) base = base.where('f.code', '=', q.code);
  if (q.state) base = base.where('f.state', '=', q.state);
  if (q.keyword) {
    const k = `%${escapeLike(q.keyword)}%`;
    base = base.where((eb) =>
      eb.or([eb('l.name', 'like', k), eb('l.code', 'like', k), eb('f.terminal_id', 'like', k), eb('f.code', 'like', k)]),
    );
  }
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const orderCol = ORDER_KEYS[(q.orderKey ?? 'id') as keyof typeof ORDER_KEYS] ?? 'f.id';
  const rows = await base
    .leftJoin('app_user as p', 'p.id', 'f.processed_by')
    .select([
      'f.id',
      'f.lift_id',
      'l.name as lift_name',
      'l.code as lift_code',
      'l.community_id',
      'c.name as community_name',
      'b.name as building_name',
      'u.name as unit_name',
      'f.terminal_id',
      'f.code',
      'f.state',
      'f.trapped',
      'f.floor',
      'f.floor_display',
      'f.repeat_count',
      'f.occurred_at',
      'f.solved_at',
      'f.processed_at',
      'p.realname as processed_by_name',
      'f.note',
    ])
    .orderBy(orderCol, q.orderMethod ?? 'desc')
    .orderBy('f.id', 'desc')
    .limit(q.size)
    .offset((q.page - 1) * q.size)
    .execute();
  return { rows, total: Number(total.n) };
}

export async function findFaultInScope(db: Db, id: number, scope: DataScope) {
  return db
    .selectFrom('fault')
    .select(['id', 'state', 'company_id', 'lift_id', 'code'])
    .where('id', '=', id)
    .where((eb) => companyInScope(eb, 'fault.company_id', scope.scopePath))
    .where(liftIdInGrant('fault.lift_id', scope))
    .executeTakeFirst();
}

export async function markProcessed(db: Db, id: number, userId: number, note: string, at: Date): Promise<boolean> {
  const r = await db
    .updateTable('fault')
    .set({ state: 'processed', processed_by: userId, processed_at: at, note })
    .where('id', '=', id)
    .where('state', '=', 'untreated')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

const isTrapped = (eb: ExpressionBuilder<DB & { f: DB['fault'] }, 'f'>) =>
  eb.or([eb('f.trapped', '=', true), eb('f.code', 'in', TRAPPED_CODES)]);

/** Open faults (untreated and not solved by the terminal): the header badge. */
export async function countOpen(db: Db, scope: DataScope) {
  const row = await db
    .selectFrom('fault as f')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>(eb.case().when(isTrapped(eb)).then(1).else(0).end()).as('trapped'),
    ])
    .where((eb) => companyInScope(eb, 'f.company_id', scope.scopePath))
    .where(liftIdInGrant('f.lift_id', scope))
    .where('f.state', '=', 'untreated')
    .where('f.solved_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), tiringCount: Number(row.trapped ?? 0) };
}

const TIRING_ORDER = { id: 'f.id', occur_time: 'f.occurred_at', name: 'l.name', device_name: 'f.terminal_id' } as const;

/** Open faults with passengers trapped, for the trapped-persons modal. */
export async function listTrapped(db: Db, scope: DataScope, q: TPageQuery) {
  let base = db
    .selectFrom('fault as f')
    .innerJoin('lift as l', 'l.id', 'f.lift_id')
    .where((eb) => companyInScope(eb, 'f.company_id', scope.scopePath))
    .where(communityInGrant('l.community_id', scope))
    .where('f.state', '=', 'untreated')
    .where('f.solved_at', 'is', null)
    .where((eb) => isTrapped(eb));
  if (q.keyword) {
    const k = `%${escapeLike(q.keyword)}%`;
    base = base.where((eb) => eb.or([eb('l.name', 'like', k), eb('f.terminal_id', 'like', k), eb('l.code', 'like', k)]));
  }
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const orderCol = TIRING_ORDER[(q.orderKey ?? 'id') as keyof typeof TIRING_ORDER] ?? 'f.id';
  const rows = await base
    .select(['f.id', 'l.name', 'f.terminal_id', 'l.model', 'f.code', 'f.occurred_at', 'l.j_alarm_charger'])
    .orderBy(orderCol, q.orderMethod ?? 'desc')
    .orderBy('f.id', 'desc')
    .limit(q.size)
    .offset((q.page - 1) * q.size)
    .execute();
  return { rows, total: Number(total.n) };
}

export async function findSettings(db: Db, companyId: number) {
  return db.selectFrom('fault_setting').select(['code', 'screen', 'sms']).where('company_id', '=', companyId).execute();
}

export async function saveSettings(db: Db, companyId: number, list: Array<{ code: string; screen: boolean; sms: boolean }>): Promise<void> {
  await db
    .insertInto('fault_setting')
    .values(list.map((s) => ({ company_id: companyId, code: s.code, screen: s.screen, sms: s.sms })))
    .onConflict((oc) =>
      oc
        .columns(['company_id', 'code'])
        .doUpdateSet((eb) => ({ screen: eb.ref('excluded.screen'), sms: eb.ref('excluded.sms'), updated_at: new Date() })),
    )
    .execute();
}
