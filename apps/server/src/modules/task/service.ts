import { ErrorCodes, type TTaskItem, ZSmsSignature } from '@liftguard/contract';
import { writeAudit } from '../../platform/audit.ts';
import type { AuthContext } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import * as repo from './repo.ts';

export const SIGNATURE_APPROVE = 'SIGNATURE_APPROVE';
type Scoped = AuthContext & { scopePath: string; companyId: number };

/** none: never requested; review: sms_signature_enabled 0; approved: 1; rejected: -1 (may be edited and sent again). */
export function signatureState(c: {
  sms_signature: string | null;
  sms_signature_enabled: number;
}): 'none' | 'review' | 'approved' | 'rejected' {
  if (!c.sms_signature) return 'none';
  return c.sms_signature_enabled === 1 ? 'approved' : c.sms_signature_enabled === -1 ? 'rejected' : 'review';
}

/**
 * A company asks for its SMS signature. It goes to review (0), and a SIGNATURE_APPROVE task
 * goes to the reviewing company: the nearest company above it, or the platform company for a
 * top-level one (which reviews its own). Until approved, alerts carry the platform signature.
 */
export async function requestSignature(ctx: AppContext, auth: Scoped, raw: string, ip: string) {
  const parsed = ZSmsSignature.safeParse(raw);
  if (!parsed.success) throw new AppError(ErrorCodes.SIGNATURE_INVALID);
  const signature = parsed.data;
  const company = await repo.findCompany(ctx.db, auth.companyId);
  if (!company) throw new AppError(ErrorCodes.NOT_FOUND);
  const reviewer = repo.ancestorCompanyIds(company.path, company.id)[0] ?? company.id;
  const taskId = await ctx.db.transaction().execute(async (tx) => {
    await repo.setSignature(tx, company.id, signature, 0);
    return repo.upsertOpenTask(tx, {
      company_id: reviewer,
      topic: SIGNATURE_APPROVE,
      subject_id: company.id,
      tip: signature,
      sender_user_id: auth.userId,
      sender_company_id: company.id,
    });
  });
  await writeAudit(ctx.db, {
    action: 'sms.signature.request',
    result: 'ok',
    userId: auth.userId,
    username: auth.username,
    companyId: company.id,
    target: `company:${company.id}`,
    ip,
    detail: { signature, reviewer, taskId },
  });
  return { sms_signature: signature, sms_signature_enabled: 0, signature_state: 'review' as const, task_id: taskId };
}

export async function listTasks(ctx: AppContext, auth: Scoped): Promise<TTaskItem[]> {
  const rows = await repo.listOpenTasks(ctx.db, auth.companyId);
  return rows.map((r) => ({
    id: Number(r.id),
    topic: 'SIGNATURE_APPROVE' as const,
    content: { id: r.subject_id, tip: r.tip },
    j_sender: { realname: r.realname || r.username || '', company_name: r.company_name ?? '' },
    insert_time: new Date(r.created_at).toISOString(),
  }));
}

async function decide(
  ctx: AppContext,
  auth: Scoped,
  task: { id: number; subject_id: number; tip: string },
  resolved: 1 | -1,
  signature: string,
  ip: string,
) {
  await ctx.db.transaction().execute(async (tx) => {
    if (!(await repo.resolveTask(tx, task.id, resolved, auth.userId))) throw new AppError(ErrorCodes.TASK_ALREADY_HANDLED);
    await repo.setSignature(tx, task.subject_id, signature, resolved);
  });
  await writeAudit(ctx.db, {
    action: resolved === 1 ? 'sms.signature.approve' : 'sms.signature.reject',
    result: 'ok',
    userId: auth.userId,
    username: auth.username,
    companyId: auth.companyId,
    target: `company:${task.subject_id}`,
    ip,
    detail: { taskId: task.id, signature },
  });
}

/** PUT /task/resolve: agree (1) or refuse (-1) a task addressed to a company in the caller's scope. */
export async function resolveTask(ctx: AppContext, auth: Scoped, id: number, resolved: 1 | -1, ip: string): Promise<void> {
  const task = await repo.findTaskInScope(ctx.db, id, auth.scopePath);
  if (!task) throw new AppError(ErrorCodes.NOT_FOUND);
  if (task.resolved !== 0) throw new AppError(ErrorCodes.TASK_ALREADY_HANDLED);
  await decide(ctx, auth, { id: Number(task.id), subject_id: task.subject_id, tip: task.tip }, resolved, task.tip, ip);
}

/**
 * PUT /depart/approvesignature: approve or reject the signature a company asked for (id is the
 * company). The reviewer may correct the text when approving; it must still be a valid signature.
 */
export async function approveSignature(
  ctx: AppContext,
  auth: Scoped,
  companyId: number,
  enabled: 1 | -1,
  text: string | undefined,
  ip: string,
) {
  const open = await repo.findOpenTask(ctx.db, SIGNATURE_APPROVE, companyId);
  const task = open ? await repo.findTaskInScope(ctx.db, Number(open.id), auth.scopePath) : undefined;
  if (!task) throw new AppError(ErrorCodes.SIGNATURE_NOT_IN_REVIEW);
  let signature = task.tip;
  if (text && text !== task.tip) {
    const parsed = ZSmsSignature.safeParse(text);
    if (!parsed.success) throw new AppError(ErrorCodes.SIGNATURE_INVALID);
    signature = parsed.data;
  }
  await decide(ctx, auth, { id: Number(task.id), subject_id: companyId, tip: task.tip }, enabled, signature, ip);
  return { id: companyId, sms_signature: signature, sms_signature_enabled: enabled };
}
