import { TERMINAL_ORDER_KEYS } from '@liftguard/contract';
import { type Insertable, sql } from 'kysely';
import type { Database } from '../../platform/db.ts';
import type { TerminalTable } from '../../platform/db-schema.ts';
import { keywordMatch } from '../../platform/keyword.ts';
import { companyInScope, type DataScope, escapeLike, terminalVisibleInGrant } from '../../platform/scope.ts';

/** The only SQL of terminals and their default settings. Terminals are scoped by their company. */

export type TerminalListFilter = {
  page: number;
  size: number;
  orderKey?: string | undefined;
  orderMethod?: 'asc' | 'desc' | undefined;
  keyword?: string | undefined;
  type?: TerminalTable['type'] | undefined;
  bound?: boolean | undefined;
  online?: boolean | undefined;
};

const boundLift = sql<
  number | null
>`(select l.id from lift l where (l.terminal_id = terminal.terminal_id or l.face_terminal_id = terminal.terminal_id) and l.deleted_at is null limit 1)`;

/** A member narrowed to some communities sees the unbound terminals of the subtree and those bound to lifts of its communities. */
const terminalVisible = (scope: DataScope) => terminalVisibleInGrant('terminal.terminal_id', scope);

export async function listTerminals(db: Database, scope: DataScope, q: TerminalListFilter) {
  let base = db
    .selectFrom('terminal')
    .where((eb) => companyInScope(eb, 'terminal.company_id', scope.scopePath))
    .where(terminalVisible(scope));
  if (q.type) base = base.where('terminal.type', '=', q.type);
  if (q.online !== undefined) base = base.where('terminal.online', '=', q.online);
  if (q.keyword?.trim()) {
    const kw = `%${escapeLike(q.keyword.trim())}%`;
    base = base.where(keywordMatch('terminal', 'terminal', kw));
  }
  if (q.bound !== undefined) base = base.where(q.bound ? sql<boolean>`${boundLift} is not null` : sql<boolean>`${boundLift} is null`);
  const key = (TERMINAL_ORDER_KEYS as readonly string[]).includes(q.orderKey ?? '')
    ? (q.orderKey as (typeof TERMINAL_ORDER_KEYS)[number])
    : 'id';
  const [rows, count] = await Promise.all([
    base
      .select([
        'terminal.id',
        'terminal.terminal_id',
        'terminal.type',
        'terminal.face_id',
        'terminal.version',
        'terminal.company_id',
        'terminal.online',
        'terminal.last_seen_at',
        'terminal.created_at',
        boundLift.as('lift_id'),
        sql<
          string | null
        >`(select l.name from lift l where (l.terminal_id = terminal.terminal_id or l.face_terminal_id = terminal.terminal_id) and l.deleted_at is null limit 1)`.as(
          'lift_name',
        ),
      ])
      .orderBy(`terminal.${key}`, q.orderMethod ?? 'desc')
      .orderBy('terminal.id', 'desc')
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function terminalExists(db: Database, terminalId: string): Promise<boolean> {
  return !!(await db.selectFrom('terminal').select('id').where('terminal_id', '=', terminalId).executeTakeFirst());
}

export async function insertTerminal(db: Database, row: Insertable<TerminalTable>): Promise<number> {
  return (await db.insertInto('terminal').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function findTerminal(db: Database, scope: DataScope, id: number) {
  return db
    .selectFrom('terminal')
    .select(['terminal.id', 'terminal.terminal_id', boundLift.as('lift_id')])
    .where('terminal.id', '=', id)
    .where((eb) => companyInScope(eb, 'terminal.company_id', scope.scopePath))
    .where(terminalVisible(scope))
    .executeTakeFirst();
}

export async function deleteTerminal(db: Database, id: number): Promise<void> {
  await db.deleteFrom('terminal').where('id', '=', id).execute();
}

export async function readSettings(db: Database, companyId: number) {
  return db.selectFrom('terminal_settings').select(['j_settings', 'updated_at']).where('company_id', '=', companyId).executeTakeFirst();
}

export async function writeSettings(db: Database, companyId: number, userId: number, settings: unknown): Promise<void> {
  const json = JSON.stringify(settings);
  await db
    .insertInto('terminal_settings')
    .values({ company_id: companyId, j_settings: json, updated_by: userId })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ j_settings: json, updated_by: userId, updated_at: sql`now()` }))
    .execute();
}
