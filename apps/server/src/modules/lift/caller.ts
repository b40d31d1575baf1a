import type { FastifyRequest } from 'fastify';
import { writeAudit } from '../../platform/audit.ts';
import { actorOf } from '../../platform/auth.ts';
import type { Database } from '../../platform/db.ts';
import type { Caller } from './service.ts';

/** The acting user and scope of a request (shared by the registry modules). */
export function callerOf(req: FastifyRequest): Caller {
  return actorOf(req);
}

/** Audit a registry write made by `caller`. */
export function auditWrite(
  db: Database,
  req: FastifyRequest,
  caller: Caller,
  action: string,
  target: string,
  detail?: Record<string, unknown>,
  result = 'ok',
): Promise<void> {
  return writeAudit(db, {
    action,
    result,
    userId: caller.userId,
    username: caller.username,
    companyId: caller.companyId,
    target,
    ip: req.ip,
    detail: detail ?? null,
  });
}
