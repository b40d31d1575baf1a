import { SIM_EXPIRING_DAYS, SIM_ORDER_KEYS, SIM_TRAFFIC_LOW_RATIO, type TSimState } from '@liftguard/contract';
import { type Insertable, type RawBuilder, sql, type Updateable } from 'kysely';
import type { Database } from '../../platform/db.ts';
import type { SimCardTable } from '../../platform/db-schema.ts';
import { keywordMatch } from '../../platform/keyword.ts';
import {
  companyInScope,
  type DataScope,
  escapeLike,
  grantedCommunities,
  terminalInGrant,
  terminalVisibleInGrant,
} from '../../platform/scope.ts';

/** The only SQL of SIM cards. The derived states are computed here so filters and rows agree. */

export const displayStateSql: RawBuilder<TSimState> = sql<TSimState>`case
  when sim_card.state <> 'normal' then sim_card.state
  when sim_card.traffic_expire is not null and sim_card.traffic_expire < current_date then 'expired'
  when sim_card.traffic_expire is not null and sim_card.traffic_expire <= current_date + ${sql.lit(SIM_EXPIRING_DAYS)} then 'expiring'
  when sim_card.traffic_total_mb > 0 and sim_card.traffic_used_mb >= sim_card.traffic_total_mb * ${sql.lit(SIM_TRAFFIC_LOW_RATIO)} then 'traffic_low'
  else 'normal' end`;

export type SimFilter = {
  page: number;
  size: number;
  orderKey?: string | undefined;
  orderMethod?: 'asc' | 'desc' | undefined;
  keyword?: string | undefined;
  carrier?: string | undefined;
  state?: TSimState | undefined;
  net_type?: string | undefined;
  bound?: boolean | undefined;
};

/** Live lifts a SIM belongs to: by the terminal it sits in, or by the IMSI written on the lift. */
const simLift = (where: RawBuilder<unknown>) =>
  sql<boolean>`exists (select 1 from lift sl where sl.deleted_at is null and (sl.terminal_id = sim_card.terminal_id or sl.face_terminal_id = sim_card.terminal_id or sl.imsi = sim_card.imsi) and ${where})`;

/**
 * SIMs in scope: of the company subtree; for a member narrowed to some communities, those that
 * belong to a lift of its communities, or to no lift at all (stock not yet placed).
 */
function simVisible(scope: DataScope) {
  const granted = grantedCommunities(scope);
  if (granted === null) return sql<boolean>`true`;
  const inGrant = granted.length ? sql`sl.community_id in (${sql.join(granted.map((n) => sql.lit(Math.trunc(n))))})` : sql`false`;
  return sql<boolean>`(${terminalInGrant('sim_card.terminal_id', scope)} or ${simLift(inGrant)} or not ${simLift(sql`true`)})`;
}

function simsInScope(db: Database, scope: DataScope) {
  return db
    .selectFrom('sim_card')
    .where((eb) => companyInScope(eb, 'sim_card.company_id', scope.scopePath))
    .where(simVisible(scope));
}

export async function listSims(db: Database, scope: DataScope, q: SimFilter) {
  let base = simsInScope(db, scope);
  if (q.carrier) base = base.where('carrier', '=', q.carrier);
  if (q.net_type) base = base.where('net_type', '=', q.net_type);
  if (q.state) base = base.where(sql<boolean>`(${displayStateSql}) = ${q.state}`);
  if (q.bound !== undefined) base = base.where('terminal_id', q.bound ? 'is not' : 'is', null);
  if (q.keyword?.trim()) {
    const kw = `%${escapeLike(q.keyword.trim())}%`;
    base = base.where(keywordMatch('sim_card', 'sim_card', kw));
  }
  const key = (SIM_ORDER_KEYS as readonly string[]).includes(q.orderKey ?? '') ? (q.orderKey as (typeof SIM_ORDER_KEYS)[number]) : 'id';
  const [rows, count] = await Promise.all([
    base
      .select(simColumns)
      .orderBy(`sim_card.${key}`, q.orderMethod ?? 'desc')
      .orderBy('sim_card.id', 'desc')
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

const simColumns = [
  'sim_card.id',
  'sim_card.company_id',
  'sim_card.imsi',
  'sim_card.iccid',
  'sim_card.bs_number',
  'sim_card.carrier',
  'sim_card.state',
  'sim_card.net_type',
  sql<string | null>`sim_card.open_date::text`.as('open_date'),
  sql<string | null>`sim_card.traffic_expire::text`.as('traffic_expire'),
  'sim_card.package',
  'sim_card.traffic_total_mb',
  'sim_card.traffic_used_mb',
  'sim_card.terminal_id',
  'sim_card.created_at',
  displayStateSql.as('display_state'),
] as const;

/** Is `terminalId` a terminal of the scope (company subtree; for a narrowed member, unplaced or of a granted community)? */
export async function terminalVisible(db: Database, scope: DataScope, terminalId: string): Promise<boolean> {
  const r = await db
    .selectFrom('terminal')
    .select('terminal.id')
    .where('terminal.terminal_id', '=', terminalId)
    .where((eb) => companyInScope(eb, 'terminal.company_id', scope.scopePath))
    .where(terminalVisibleInGrant('terminal.terminal_id', scope))
    .executeTakeFirst();
  return r !== undefined;
}

export async function findSim(db: Database, scope: DataScope, id: number) {
  return simsInScope(db, scope).select(simColumns).where('sim_card.id', '=', id).executeTakeFirst();
}

/** Which of these IMSIs / BS numbers are taken (platform-wide unique), other than `exceptId`. */
export async function taken(db: Database, imsis: string[], bss: string[], exceptId?: number) {
  const [a, b] = await Promise.all([
    imsis.length
      ? db
          .selectFrom('sim_card')
          .select('imsi')
          .where('imsi', 'in', imsis)
          .$if(exceptId !== undefined, (q) => q.where('id', '<>', exceptId as number))
          .execute()
      : [],
    bss.length
      ? db
          .selectFrom('sim_card')
          .select('bs_number')
          .where('bs_number', 'in', bss)
          .$if(exceptId !== undefined, (q) => q.where('id', '<>', exceptId as number))
          .execute()
      : [],
  ]);
  return { imsi: new Set(a.map((r) => r.imsi)), bs: new Set(b.map((r) => r.bs_number as string)) };
}

export async function insertSims(db: Database, rows: Insertable<SimCardTable>[]): Promise<number[]> {
  if (!rows.length) return [];
  return (await db.insertInto('sim_card').values(rows).returning('id').execute()).map((r) => r.id);
}

export async function updateSim(db: Database, id: number, set: Updateable<SimCardTable>): Promise<void> {
  await db
    .updateTable('sim_card')
    .set({ ...set, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deleteSim(db: Database, id: number): Promise<void> {
  await db.deleteFrom('sim_card').where('id', '=', id).execute();
}
