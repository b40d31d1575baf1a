import type { TTaskItem } from '@liftguard/contract/alerts/task';
import { request } from './http.ts';

/** Calls the shell makes besides identity (SPEC.md §7). */

export type IndexTree = { faultCount?: number } & Record<string, unknown>;

/** Current fault count for the header badge; 0 while the statistics route does not answer. */
export async function fetchFaultCount(): Promise<number> {
  try {
    const tree = await request<IndexTree | null>('/indextree', { silent: true });
    const n = Number(tree?.faultCount ?? 0);
    return Number.isFinite(n) && n > 0 ? n : 0;
  } catch {
    return 0;
  }
}

/** A row of the task-centre modal (SPEC.md §2), read from the contract's task item. */
export type Task = {
  id: number;
  topic: TTaskItem['topic'];
  /** the requesting company (SIGNATURE_APPROVE) */
  subjectId: number;
  applicant: string;
  time: string;
  company: string;
  signature: string;
};

export function readTask(item: TTaskItem): Task {
  return {
    id: item.id,
    topic: item.topic,
    subjectId: item.content.id,
    applicant: item.j_sender.realname,
    time: item.insert_time,
    company: item.j_sender.company_name,
    signature: item.content.tip,
  };
}

/** Answers the tasks, or throws the ApiError whose code means "choose a company first". */
export async function fetchTasks(): Promise<Task[]> {
  const data = await request<TTaskItem[] | null>('/task/getlist', { silent: true });
  return (data ?? []).map(readTask);
}

/** Agree (1) or refuse (-1): a signature request is decided through the company's signature call. */
export function resolveTask(task: Task, resolved: 1 | -1) {
  if (task.topic === 'SIGNATURE_APPROVE') {
    return request<unknown>('/depart/approvesignature', {
      method: 'PUT',
      body: { id: task.subjectId, sms_signature_enabled: resolved, sms_signature: task.signature },
    });
  }
  return request<unknown>('/task/resolve', { method: 'PUT', body: { id: task.id, resolved } });
}
