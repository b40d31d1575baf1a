import {
  defaultFaultAlerting,
  ErrorCodes,
  FAULT_CODES,
  faultCodeEntry,
  faultName,
  faultNo,
  type Locale,
  type TFaultItem,
  type TFaultListQuery,
  type TFaultSettingsUpdate,
} from '@liftguard/contract';
import { writeAudit } from '../../platform/audit.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { clockFor } from '../../platform/clock.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import * as repo from './repo.ts';

type Scoped = AuthContext & { scopePath: string; companyId: number };
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Faults may be queried for the latest three years (SPEC.md §9). */
export const FAULT_QUERY_YEARS = 3;

/** The inclusive query window: defaults to the latest three years; a start before that, or an end before the start, is a 4001. */
export function faultWindow(now: Date, start?: string, end?: string): { from: Date; to: Date } {
  const earliest = new Date(now);
  earliest.setUTCFullYear(earliest.getUTCFullYear() - FAULT_QUERY_YEARS);
  const from = start ? new Date(start) : earliest;
  let to = end ? new Date(end) : now;
  // A bare date as end means "that whole day".
  if (end && /^\d{4}-\d{2}-\d{2}$/.test(end)) to = new Date(to.getTime() + 86_399_999);
  if (from.getTime() < earliest.getTime() - 86_400_000 || to.getTime() < from.getTime()) throw new AppError(ErrorCodes.PARAMETER);
  return { from: from < earliest ? earliest : from, to };
}

export async function listFaults(ctx: AppContext, auth: Scoped, q: TFaultListQuery, locale: Locale) {
  const window = faultWindow(clockFor(ctx).now(), q.start, q.end);
  const { rows, total } = await repo.listFaults(ctx.db, auth, { ...q, ...window });
  const list: TFaultItem[] = rows.map((r) => ({
    id: Number(r.id),
    lift_id: r.lift_id,
    lift_name: r.lift_name,
    lift_code: r.lift_code,
    community_id: r.community_id,
    community_name: r.community_name,
    location: [r.community_name, r.building_name, r.unit_name].filter(Boolean).join(' '),
    terminal_id: r.terminal_id,
    code: r.code,
    fault_no: faultNo(r.code),
    fault_name: faultName(r.code, locale),
    fault_meaning: faultCodeEntry(r.code)?.meaning[locale] ?? '',
    state: r.state,
    trapped: Boolean(r.trapped),
    floor: r.floor,
    floor_display: r.floor_display,
    repeat_count: r.repeat_count,
    insert_time: new Date(r.occurred_at).toISOString(),
    solved_at: iso(r.solved_at),
    processed_at: iso(r.processed_at),
    processed_by_name: r.processed_by_name ?? null,
    note: r.note,
  }));
  return { list, pageNumber: q.page, totalRow: total };
}

/** untreated → processed, once, with who, when and a note. */
export async function processFault(ctx: AppContext, auth: Scoped, id: number, note: string, ip: string) {
  const fault = await repo.findFaultInScope(ctx.db, id, auth);
  if (!fault) throw new AppError(ErrorCodes.NOT_FOUND);
  const at = clockFor(ctx).now();
  if (fault.state !== 'untreated' || !(await repo.markProcessed(ctx.db, id, auth.userId, note, at))) {
    throw new AppError(ErrorCodes.FAULT_ALREADY_PROCESSED);
  }
  await writeAudit(ctx.db, {
    action: 'fault.process',
    result: 'ok',
    userId: auth.userId,
    username: auth.username,
    companyId: fault.company_id,
    target: `fault:${id}`,
    ip,
    detail: { code: fault.code, lift_id: fault.lift_id, note },
  });
  return { id, state: 'processed' as const, processed_at: at.toISOString() };
}

export function codeCatalogue(locale: Locale) {
  return FAULT_CODES.map((f) => ({
    code: f.code,
    fault_no: f.no,
    category: f.category,
    applies: f.applies,
    name: f.name[locale],
    meaning: f.meaning[locale],
  }));
}

/** Whether a code alerts on screen and by SMS for a company (its choice, else the catalogue default) — for the live channel. */
export async function alertingFor(
  ctx: Pick<AppContext, 'db'>,
  companyId: number,
  code: string,
): Promise<{ screen: boolean; sms: boolean }> {
  const saved = (await repo.findSettings(ctx.db, companyId)).find((s) => s.code === code);
  return saved ? { screen: saved.screen, sms: saved.sms } : defaultFaultAlerting(code);
}

export async function settings(ctx: AppContext, auth: Scoped, locale: Locale) {
  const saved = new Map((await repo.findSettings(ctx.db, auth.companyId)).map((s) => [s.code, s]));
  return codeCatalogue(locale).map((c) => {
    const s = saved.get(c.code);
    return { ...c, ...(s ? { screen: s.screen, sms: s.sms } : defaultFaultAlerting(c.code)), custom: Boolean(s) };
  });
}

export async function saveSettings(ctx: AppContext, auth: Scoped, body: TFaultSettingsUpdate, ip: string) {
  for (const s of body.list) if (!faultCodeEntry(s.code)) throw new AppError(ErrorCodes.UNKNOWN_FAULT_CODE, { code: s.code });
  await repo.saveSettings(ctx.db, auth.companyId, body.list);
  await writeAudit(ctx.db, {
    action: 'fault.settings.update',
    result: 'ok',
    userId: auth.userId,
    username: auth.username,
    companyId: auth.companyId,
    target: `company:${auth.companyId}`,
    ip,
    detail: { list: body.list },
  });
}

export async function trapped(ctx: AppContext, auth: Scoped, q: import('@liftguard/contract').TPageQuery, locale: Locale) {
  const { rows, total } = await repo.listTrapped(ctx.db, auth, q);
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      device_name: r.terminal_id,
      model: r.model,
      fault_no: faultNo(r.code),
      fault_name: faultName(r.code, locale),
      occur_time: new Date(r.occurred_at).toISOString(),
      j_alarm_charger: (r.j_alarm_charger ?? []).map((c) => ({ name: String(c.name ?? ''), mobile: String(c.mobile ?? '') })),
    })),
    pageNumber: q.page,
    totalRow: total,
  };
}
