import type { FastifyRequest } from 'fastify';
import { writeAudit } from '../../platform/audit.ts';
import type { Database } from '../../platform/db.ts';

/** Who changed what, when (the row's UTC timestamp) and from where: one line per create/update/delete. */
export async function auditChange(
  db: Database,
  req: FastifyRequest,
  action: string,
  target: string,
  detail?: Record<string, unknown>,
): Promise<void> {
  const a = req.auth;
  await writeAudit(db, {
    action,
    result: 'ok',
    userId: a?.userId ?? null,
    username: a?.username ?? null,
    companyId: a?.companyId ?? null,
    target,
    ip: req.ip,
    detail: detail ?? null,
  });
}
