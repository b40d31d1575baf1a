import type { Database } from './db.ts';

export type AuditEntry = {
  action: string;
  result: 'ok' | 'denied' | 'failed' | string;
  userId?: number | null;
  username?: string | null;
  companyId?: number | null;
  target?: string | null;
  ip?: string | null;
  detail?: Record<string, unknown> | null;
};

/** Append one line to the audit log (sign-ins, denials, writes, remote commands). Never throws. */
export function writeAudit(db: Database, e: AuditEntry): Promise<void> {
  return writeAuditMany(db, [e]);
}

/** Append many lines in a few statements (the `queued` line of every command of a rollout). Never throws. */
export async function writeAuditMany(db: Database, entries: AuditEntry[]): Promise<void> {
  try {
    for (let i = 0; i < entries.length; i += 500) {
      await db
        .insertInto('audit_log')
        .values(
          entries.slice(i, i + 500).map((e) => ({
            action: e.action,
            result: e.result,
            user_id: e.userId ?? null,
            username: e.username ?? null,
            company_id: e.companyId ?? null,
            target: e.target ?? null,
            ip: e.ip ?? null,
            detail: e.detail ? JSON.stringify(e.detail) : null,
          })),
        )
        .execute();
    }
  } catch {
    // auditing must never break the request it records
  }
}
