import type { TCommand, TCommandState } from '@liftguard/contract';
import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../platform/db.ts';
import type { CommandTable } from '../../platform/db-schema.ts';
import { companyInScope, type DataScope, liftIdInGrant, liftInScope } from '../../platform/scope.ts';

const iso = (d: unknown) => (d === null || d === undefined ? null : new Date(d as string).toISOString());

export function present(r: Selectable<CommandTable>): TCommand {
  return {
    id: r.id,
    lift_id: r.lift_id,
    terminal_id: r.terminal_id,
    company_id: r.company_id,
    action: r.action,
    params: (r.j_params ?? {}) as Record<string, unknown>,
    user_id: r.user_id,
    username: r.username,
    state: r.state,
    reason: r.reason,
    progress: r.progress,
    created_at: iso(r.created_at) as string,
    sent_at: iso(r.sent_at),
    delivered_at: iso(r.delivered_at),
    finished_at: iso(r.finished_at),
    expires_at: iso(r.expires_at) as string,
  };
}

export async function insertCommand(db: Database, row: Insertable<CommandTable>): Promise<TCommand> {
  const r = await db.insertInto('command').values(row).returningAll().executeTakeFirstOrThrow();
  return present(r);
}

/** Many command rows in a few statements (an update rollout), in the order given. */
export async function insertCommands(db: Database, rows: Insertable<CommandTable>[]): Promise<TCommand[]> {
  const byId = new Map<string, TCommand>();
  for (let i = 0; i < rows.length; i += 500) {
    const r = await db
      .insertInto('command')
      .values(rows.slice(i, i + 500))
      .returningAll()
      .execute();
    for (const c of r) byId.set(c.id, present(c));
  }
  return rows.map((r) => byId.get(r.id as string) as TCommand);
}

export async function findCommand(db: Database, id: string): Promise<TCommand | null> {
  const r = await db.selectFrom('command').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? present(r) : null;
}

export async function actionOf(db: Database, id: string): Promise<string | null> {
  const r = await db.selectFrom('command').select('action').where('id', '=', id).executeTakeFirst();
  return r?.action ?? null;
}

/** The one way a command changes state: only from one of `from`, only for its own terminal. */
export async function moveCommand(
  db: Database,
  id: string,
  from: TCommandState[],
  to: TCommandState,
  timeColumn: 'sent_at' | 'delivered_at' | 'finished_at' | null,
  patch: { reason?: string | null; progress?: number | null; terminalId?: string },
): Promise<TCommand | null> {
  let q = db
    .updateTable('command')
    .set({
      state: to,
      ...(timeColumn ? { [timeColumn]: new Date() } : {}),
      ...(patch.reason !== undefined && patch.reason !== null ? { reason: patch.reason.slice(0, 500) } : {}),
      ...(patch.progress !== undefined && patch.progress !== null ? { progress: patch.progress } : {}),
    })
    .where('id', '=', id)
    .where('state', 'in', from);
  if (patch.terminalId) q = q.where('terminal_id', '=', patch.terminalId);
  const r = await q.returningAll().executeTakeFirst();
  return r ? present(r) : null;
}

export async function setProgress(db: Database, id: string, progress: number): Promise<TCommand | null> {
  const r = await db
    .updateTable('command')
    .set({ progress })
    .where('id', '=', id)
    .where('state', '=', 'delivered')
    .returningAll()
    .executeTakeFirst();
  return r ? present(r) : null;
}

/** company path (who may see it) and lift name of a command */
export async function describeCommand(db: Database, id: string): Promise<{ scope: string; lift_name: string | null } | null> {
  const r = await db
    .selectFrom('command as c')
    .innerJoin('company as co', 'co.id', 'c.company_id')
    .leftJoin('lift as l', 'l.id', 'c.lift_id')
    .select(['co.path as scope', 'l.name as lift_name'])
    .where('c.id', '=', id)
    .executeTakeFirst();
  return r ?? null;
}

export async function staleCommands(db: Database, before: Date): Promise<Array<{ id: string; state: TCommandState }>> {
  return db
    .selectFrom('command')
    .select(['id', 'state'])
    .where('state', 'in', ['queued', 'sent', 'delivered'])
    .where('expires_at', '<', before)
    .limit(500)
    .execute();
}

/** Commands of the caller's scope, newest first, for one lift or terminal. */
export async function listCommands(
  db: Database,
  scope: DataScope,
  q: { lift_id?: number | undefined; terminal_id?: string | undefined; page: number; size: number },
): Promise<{ list: TCommand[]; total: number }> {
  let base = db
    .selectFrom('command')
    .where((eb) => companyInScope(eb, 'command.company_id', scope.scopePath))
    .where(liftIdInGrant('command.lift_id', scope));
  if (q.lift_id !== undefined) base = base.where('lift_id', '=', q.lift_id);
  if (q.terminal_id !== undefined) base = base.where('terminal_id', '=', q.terminal_id);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(present), total: Number(count.n) };
}

/** The lift a remote command addresses, in the caller's scope (by terminal id or lift id). */
export async function liftForCommand(db: Database, scope: DataScope, by: { terminalId?: string; liftId?: number }) {
  let q = db
    .selectFrom('lift')
    .innerJoin('company', 'company.id', 'lift.company_id')
    .select(['lift.id', 'lift.name', 'lift.terminal_id', 'lift.company_id', 'lift.is_virtual', 'lift.expire_at', 'company.path as scope'])
    .where('lift.deleted_at', 'is', null)
    .where((eb) => liftInScope(eb, scope));
  if (by.terminalId !== undefined) q = q.where('lift.terminal_id', '=', by.terminalId);
  if (by.liftId !== undefined) q = q.where('lift.id', '=', by.liftId);
  return q.executeTakeFirst();
}

export async function passwordHashOf(db: Database, userId: number): Promise<string | null> {
  const r = await db.selectFrom('app_user').select('password_hash').where('id', '=', userId).executeTakeFirst();
  return r?.password_hash ?? null;
}

/** an open trapped-passenger fault: the lift is in distress */
export async function inDistress(db: Database, liftId: number): Promise<boolean> {
  const r = await db
    .selectFrom('fault')
    .select('id')
    .where('lift_id', '=', liftId)
    .where('trapped', '=', true)
    .where('solved_at', 'is', null)
    .where('state', '=', 'untreated')
    .limit(1)
    .executeTakeFirst();
  return r !== undefined;
}
