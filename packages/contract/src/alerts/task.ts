import { z } from 'zod';

export const TASK_TOPICS = ['SIGNATURE_APPROVE'] as const;

/** A task of the task centre (SPEC.md §4 Task). */
export const ZTaskItem = z.object({
  id: z.number().int(),
  topic: z.enum(TASK_TOPICS),
  /** for SIGNATURE_APPROVE: id of the requesting company and the requested signature */
  content: z.object({ id: z.number().int(), tip: z.string() }),
  j_sender: z.object({ realname: z.string(), company_name: z.string() }),
  insert_time: z.string(),
});
export type TTaskItem = z.infer<typeof ZTaskItem>;

/** PUT /api/task/resolve */
export const ZTaskResolve = z.object({
  id: z.coerce.number().int().positive(),
  resolved: z.coerce.number().pipe(z.union([z.literal(1), z.literal(-1)])),
});

/** PUT /api/depart/approvesignature — id is the requesting company. */
export const ZApproveSignature = z.object({
  id: z.coerce.number().int().positive(),
  sms_signature_enabled: z.coerce.number().pipe(z.union([z.literal(1), z.literal(-1)])),
  sms_signature: z.string().trim().max(12).optional(),
});
