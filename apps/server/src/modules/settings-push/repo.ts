import type { Database } from '../../platform/db.ts';
import { companyInScope, type DataScope, terminalVisibleInGrant } from '../../platform/scope.ts';

/** revision of a company's terminal default settings: when they were last saved (ms), 0 when never */
export const revisionOf = (updatedAt: unknown): number => (updatedAt ? new Date(updatedAt as string).getTime() : 0);

export async function targets(db: Database, scope: DataScope, by: { terminalId?: string; companyId?: number }) {
  let q = db
    .selectFrom('terminal')
    .innerJoin('company', 'company.id', 'terminal.company_id')
    .leftJoin('lift', (j) => j.onRef('lift.terminal_id', '=', 'terminal.terminal_id').on('lift.deleted_at', 'is', null))
    .select(['terminal.terminal_id', 'terminal.company_id', 'company.path as scope', 'lift.id as lift_id', 'lift.name as lift_name'])
    .where((eb) => companyInScope(eb, 'terminal.company_id', scope.scopePath))
    .where(terminalVisibleInGrant('terminal.terminal_id', scope));
  if (by.terminalId !== undefined) q = q.where('terminal.terminal_id', '=', by.terminalId);
  if (by.companyId !== undefined) q = q.where('terminal.company_id', '=', by.companyId);
  const rows = await q.orderBy('terminal.id').execute();
  return rows.map((r) => ({ ...r, company_id: r.company_id as number }));
}

export async function target(db: Database, terminalId: string) {
  const rows = await db
    .selectFrom('terminal')
    .innerJoin('company', 'company.id', 'terminal.company_id')
    .leftJoin('lift', (j) => j.onRef('lift.terminal_id', '=', 'terminal.terminal_id').on('lift.deleted_at', 'is', null))
    .select(['terminal.terminal_id', 'terminal.company_id', 'company.path as scope', 'lift.id as lift_id', 'lift.name as lift_name'])
    .where('terminal.terminal_id', '=', terminalId)
    .execute();
  const r = rows[0];
  return r ? { ...r, company_id: r.company_id as number } : null;
}

export async function markSent(db: Database, terminalId: string, companyId: number, revision: number, claimResend = false): Promise<void> {
  const now = new Date();
  await db
    .insertInto('terminal_config')
    .values({
      terminal_id: terminalId,
      company_id: companyId,
      revision,
      state: 'sent',
      cmd_id: null,
      sent_at: now,
      confirmed_at: null,
      resent_at: null,
    })
    .onConflict((oc) =>
      oc.column('terminal_id').doUpdateSet({
        company_id: companyId,
        revision,
        state: 'sent',
        cmd_id: null,
        sent_at: now,
        confirmed_at: null,
        ...(claimResend ? { resent_at: now } : {}),
      }),
    )
    .execute();
}

export async function setCmd(db: Database, terminalId: string, cmdId: string): Promise<void> {
  await db.updateTable('terminal_config').set({ cmd_id: cmdId }).where('terminal_id', '=', terminalId).execute();
}

/** the terminal reported `revision` applied: configured when that covers what was sent */
export async function markConfigured(db: Database, terminalId: string, revision: number) {
  return db
    .updateTable('terminal_config')
    .set({ state: 'configured', confirmed_at: new Date() })
    .where('terminal_id', '=', terminalId)
    .where('state', '=', 'sent')
    .where('revision', '<=', revision)
    .returning(['company_id', 'revision'])
    .executeTakeFirst();
}

/** terminals whose last push is not confirmed yet */
export async function unconfirmedTerminals(db: Database): Promise<string[]> {
  const rows = await db.selectFrom('terminal_config').select('terminal_id').where('state', '=', 'sent').execute();
  return rows.map((r) => r.terminal_id);
}

/**
 * Claim the re-send of a pending push to a terminal that came back or is online now: only when
 * its last attempt ended without reaching it (expired, timed out, failed), at most once per `gapMs`,
 * so several instances or flapping connections do not flood it.
 */
export async function claimPending(db: Database, terminalId: string, gapMs: number) {
  const now = new Date();
  return (
    db
      .updateTable('terminal_config')
      .set({ resent_at: now })
      .where('terminal_id', '=', terminalId)
      .where('state', '=', 'sent')
      .where((eb) => eb.or([eb('resent_at', 'is', null), eb('resent_at', '<', new Date(now.getTime() - gapMs))]))
      // only when the last attempt is over without reaching it (an open one may still arrive), or
      // never got its command (the push failed before it; a push in progress has none for a moment)
      .where((eb) =>
        eb.or([
          eb.and([eb('cmd_id', 'is', null), eb('sent_at', '<', new Date(now.getTime() - gapMs))]),
          eb(
            'cmd_id',
            'in',
            eb.selectFrom('command').select('command.id').where('command.state', 'in', ['failed', 'timed_out', 'expired']),
          ),
        ]),
      )
      .returning(['company_id'])
      .executeTakeFirst()
  );
}

export async function states(db: Database, scope: DataScope, q: { page: number; size: number; keyword?: string | undefined }) {
  let base = db
    .selectFrom('terminal')
    .leftJoin('terminal_config as tc', 'tc.terminal_id', 'terminal.terminal_id')
    .leftJoin('terminal_settings as ts', 'ts.company_id', 'terminal.company_id')
    .where((eb) => companyInScope(eb, 'terminal.company_id', scope.scopePath))
    .where(terminalVisibleInGrant('terminal.terminal_id', scope));
  if (q.keyword) base = base.where('terminal.terminal_id', 'like', `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const [rows, count] = await Promise.all([
    base
      .select(['terminal.terminal_id', 'tc.state', 'tc.revision', 'tc.sent_at', 'tc.confirmed_at', 'ts.updated_at as settings_at'])
      .orderBy('terminal.id', 'desc')
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function scopeOfCompany(db: Database, companyId: number): Promise<string | null> {
  const r = await db.selectFrom('company').select('path').where('id', '=', companyId).executeTakeFirst();
  return r?.path ?? null;
}
