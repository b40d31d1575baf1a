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

/** A signature-approval task (SPEC.md §2 "Task-centre modal"); its content arrives as JSON text or an object. */
export type Task = {
  id: number;
  applicant: string;
  time: string;
  company: string;
  signature: string;
};

type RawTask = Record<string, unknown> & { id: number };

function contentOf(raw: RawTask): Record<string, unknown> {
  const c = raw.j_content ?? raw.content;
  if (typeof c === 'string') {
    try {
      const parsed: unknown = JSON.parse(c);
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  return c && typeof c === 'object' ? (c as Record<string, unknown>) : {};
}

const text = (...vs: unknown[]) => String(vs.find((v) => typeof v === 'string' || typeof v === 'number') ?? '');

export function readTask(raw: RawTask): Task {
  const c = contentOf(raw);
  return {
    id: raw.id,
    applicant: text(c.applicant, c.realname, raw.applicant, raw.realname),
    time: text(raw.create_time, c.time, raw.time),
    company: text(c.company, c.company_name, raw.company_name),
    signature: text(c.sms_signature, c.signature, raw.sms_signature),
  };
}

/** Answers the tasks, or throws the ApiError whose code means "choose a company first". */
export async function fetchTasks(): Promise<Task[]> {
  const data = await request<RawTask[] | { list?: RawTask[] } | null>('/task/getlist', { silent: true });
  const list = Array.isArray(data) ? data : (data?.list ?? []);
  return list.map(readTask);
}

export const resolveTask = (id: number, resolved: 1 | -1) => request<unknown>('/task/resolve', { method: 'PUT', body: { id, resolved } });
