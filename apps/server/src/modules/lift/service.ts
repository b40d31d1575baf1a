import { type ErrorCode, SET_EXPIRE_KEY, type TLiftBatchEditRequest, type TLiftForm, type TPerson } from '@liftguard/contract';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Actor } from '../../platform/auth.ts';
import type { Database } from '../../platform/db.ts';
import type { LiftTable } from '../../platform/db-schema.ts';
import { AppError } from '../../platform/errors.ts';
import { grantedCommunities } from '../../platform/scope.ts';
import * as repo from './repo.ts';
import {
  addMonths,
  checkAlarmPersons,
  checkM3u8,
  checkSecondaryFloors,
  checkTerminalFormat,
  parseDateField,
  renewedExpiry,
  resolveFloors,
} from './rules.ts';

/** Who acts, in which scope (from scopeOf(req), never from the body). */
export type Caller = Omit<Actor, 'ip'>;

export type LiftRaw = Selectable<LiftTable>;
type MainInfo = { id: number; main_lift_id: number | null; total: number };

/** Everything the rules need from the database for a batch of forms, loaded in a few queries. */
export type Lookup = {
  takenCodes: Set<string>;
  terminals: Map<string, repo.TerminalInfo>;
  communities: Set<number>;
  nodes: Set<number>;
  companies: Set<number>;
  mains: Map<number, MainInfo>;
};

export const canSetExpiry = (c: Caller): boolean => c.isRoot || c.keys.includes(SET_EXPIRE_KEY);
const nonEmpty = (v: string | null | undefined): v is string => typeof v === 'string' && v.trim() !== '';

export async function loadLookup(db: Database, caller: Caller, forms: Partial<TLiftForm>[], exceptId?: number): Promise<Lookup> {
  const codes = [...new Set(forms.map((f) => f.code).filter(nonEmpty))];
  const tids = [...new Set(forms.flatMap((f) => [f.terminal_id, f.face_terminal_id]).filter(nonEmpty))];
  const communityIds = [...new Set(forms.map((f) => f.community_id).filter((v): v is number => typeof v === 'number'))];
  const nodeIds = [...new Set(forms.map((f) => f.company_id).filter((v): v is number => typeof v === 'number'))];
  const mtIds = [...new Set(forms.map((f) => f.mt_company_id).filter((v): v is number => typeof v === 'number'))];
  const mainIds = [...new Set(forms.map((f) => f.main_lift_id).filter((v): v is number => typeof v === 'number'))];
  const [takenCodes, terminals, communities, companies, nodes, mains] = await Promise.all([
    repo.takenCodes(db, codes, exceptId),
    repo.terminalsInfo(db, caller.scopePath, tids),
    repo.communitiesInScope(db, caller, communityIds),
    repo.companiesExist(db, mtIds),
    Promise.all(nodeIds.map(async (id) => ((await repo.nodeInScope(db, caller.scopePath, id)) ? id : null))).then(
      (ids) => new Set(ids.filter((v): v is number => v !== null)),
    ),
    Promise.all(mainIds.map((id) => repo.findLiftRaw(db, caller, id))).then(
      (rows) =>
        new Map(
          rows
            .filter((r): r is LiftRaw => !!r && r.deleted_at === null)
            .map((r) => [r.id, { id: r.id, main_lift_id: r.main_lift_id, total: r.positive_floors + r.negative_floors }]),
        ),
    ),
  ]);
  return { takenCodes, terminals, communities, nodes, companies, mains };
}

/**
 * Apply every rule of SPEC.md §5 to a lift form (whole for a create, partial for an update
 * merged onto `existing`) and answer the column values to write. Throws the first broken rule.
 */
export function checkLift(
  form: Partial<TLiftForm>,
  existing: LiftRaw | null,
  lookup: Lookup,
  caller: Caller,
  now: Date,
  opts: { maxSecondaryFloors?: number } = {},
): Insertable<LiftTable> | Updateable<LiftTable> {
  const out: Updateable<LiftTable> = {};
  const has = (k: keyof TLiftForm) => form[k] !== undefined;
  const id = existing?.id;

  if (!existing || has('name')) {
    if (!nonEmpty(form.name)) throw new AppError(4148);
    out.name = form.name.trim();
  }
  if (!existing || has('code')) {
    if (!nonEmpty(form.code)) throw new AppError(4148);
    if (lookup.takenCodes.has(form.code)) throw new AppError(4062);
    out.code = form.code.trim();
  }

  const floorsTouched = !existing || has('j_floors') || has('positive_floors') || has('negative_floors') || has('is_through_door');
  let total = existing ? existing.positive_floors + existing.negative_floors : 0;
  if (floorsTouched) {
    const listGiven = has('j_floors');
    const countsGiven = has('positive_floors') || has('negative_floors');
    const floors = resolveFloors({
      j_floors: listGiven ? form.j_floors : countsGiven ? undefined : (existing?.j_floors ?? undefined),
      positive_floors: form.positive_floors ?? existing?.positive_floors,
      negative_floors: form.negative_floors ?? existing?.negative_floors,
      is_through_door: form.is_through_door ?? existing?.is_through_door ?? false,
    });
    out.j_floors = JSON.stringify(floors.j_floors);
    out.positive_floors = floors.positive_floors;
    out.negative_floors = floors.negative_floors;
    total = floors.total;
    if (opts.maxSecondaryFloors !== undefined) checkSecondaryFloors(opts.maxSecondaryFloors, total);
  }
  if (has('is_through_door')) out.is_through_door = !!form.is_through_door;

  const mainId = has('main_lift_id') ? (form.main_lift_id ?? null) : (existing?.main_lift_id ?? null);
  if (mainId !== null && (floorsTouched || has('main_lift_id'))) {
    const main = lookup.mains.get(mainId);
    if (!main || mainId === id || main.main_lift_id !== null) throw new AppError(4149);
    checkSecondaryFloors(total, main.total);
  }
  if (has('main_lift_id')) out.main_lift_id = mainId;

  if (has('j_alarm_charger')) {
    const next = form.j_alarm_charger as TPerson[];
    if (checkAlarmPersons(next, existing ? existing.j_alarm_charger : null, now)) {
      out.j_alarm_charger = JSON.stringify(next);
      out.alarm_charger_set_at = now;
    }
  }

  if (has('terminal_id')) {
    const tid = nonEmpty(form.terminal_id) ? form.terminal_id.trim() : null;
    if (tid !== null) {
      checkTerminalFormat(tid);
      const t = lookup.terminals.get(tid);
      if (!t?.in_scope) throw new AppError(4061);
      if (t.lift_id !== null && t.lift_id !== id) throw new AppError(4043);
    }
    out.terminal_id = tid;
  }
  if (has('face_terminal_id')) {
    const fid = nonEmpty(form.face_terminal_id) ? form.face_terminal_id.trim() : null;
    if (fid !== null) {
      checkTerminalFormat(fid);
      const t = lookup.terminals.get(fid);
      if (!t?.in_scope) throw new AppError(4061);
      if (t.type !== 'f') throw new AppError(4158);
      if (t.face_lift_id !== null && t.face_lift_id !== id) throw new AppError(4091);
    }
    out.face_terminal_id = fid;
  }
  if (has('m3u8_url')) {
    const url = nonEmpty(form.m3u8_url) ? form.m3u8_url.trim() : null;
    if (url !== null) checkM3u8(url);
    out.m3u8_url = url;
  }

  if (has('community_id')) {
    const cid = form.community_id ?? null;
    if (cid !== null && !lookup.communities.has(cid)) throw new AppError(4032);
    out.community_id = cid;
  }
  // a member narrowed to some communities only places lifts in one of them (else the lift would vanish from their scope)
  if (grantedCommunities(caller) !== null && (!existing || has('community_id')) && (out.community_id ?? null) === null) {
    throw new AppError(4032);
  }
  if (has('company_id')) {
    if (!lookup.nodes.has(form.company_id as number)) throw new AppError(4064);
    out.company_id = form.company_id as number;
  } else if (!existing) {
    out.company_id = caller.companyId;
  }
  if (has('mt_company_id')) {
    const mt = form.mt_company_id ?? null;
    if (mt !== null && !lookup.companies.has(mt)) throw new AppError(4064);
    out.mt_company_id = mt;
  }

  if (has('insurance_expire')) {
    const d = parseDateField(form.insurance_expire, { dateOnly: true });
    out.insurance_expire = d ? d.toISOString().slice(0, 10) : null;
  }
  if (has('expire_at')) {
    const d = parseDateField(form.expire_at) as Date;
    const same = existing && existing.expire_at.getTime() === d.getTime();
    if (!same) {
      if (!canSetExpiry(caller)) throw new AppError(4147);
      out.expire_at = d;
    }
  } else if (!existing) {
    out.expire_at = addMonths(now);
  }

  for (const k of [
    'model',
    'factory_number',
    'equipment_code',
    'yd_unique_code',
    'register_number',
    'brand',
    'address',
    'remark',
    'ad_company',
    'imsi',
    'bs_number',
    'insurance_company',
    'insurance_no',
  ] as const) {
    if (has(k)) out[k] = nonEmpty(form[k]) ? (form[k] as string).trim() : null;
  }
  for (const k of ['speed', 'load', 'latitude', 'longitude'] as const) if (has(k)) out[k] = form[k] ?? null;
  if (has('variety')) out.variety = form.variety as number;
  if (has('manual_door')) out.manual_door = !!form.manual_door;
  if (has('sms_switch')) out.sms_switch = !!form.sms_switch;
  if (has('sms_limit')) out.sms_limit = form.sms_limit as number;
  if (has('is_virtual')) out.is_virtual = !!form.is_virtual;
  if (has('j_mt_workers')) out.j_mt_workers = JSON.stringify(form.j_mt_workers);
  if (has('j_responsible')) out.j_responsible = JSON.stringify(form.j_responsible);
  if (has('building_id') || has('unit_id')) {
    out.building_id = form.building_id ?? null;
    out.unit_id = form.unit_id ?? null;
  }
  return out;
}

/** Map a unique-index violation raised by a concurrent write to its catalogue code. */
export function uniqueViolationCode(err: unknown): ErrorCode | null {
  const e = err as { code?: string; constraint?: string; message?: string };
  if (e?.code !== '23505') return null;
  const text = `${e.constraint ?? ''} ${e.message ?? ''}`;
  if (text.includes('lift_code_uq')) return 4062;
  if (text.includes('lift_face_terminal_uq')) return 4091;
  if (text.includes('lift_terminal_uq')) return 4043;
  if (text.includes('sim_imsi_uq')) return 4096;
  if (text.includes('sim_bs_uq')) return 4094;
  if (text.includes('terminal_terminal_id_key')) return 4154;
  return null;
}

export async function withUniqueMapping<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const code = uniqueViolationCode(err);
    if (code !== null) throw new AppError(code);
    throw err;
  }
}

export async function createLift(db: Database, caller: Caller, form: TLiftForm, now = new Date()): Promise<number> {
  const lookup = await loadLookup(db, caller, [form]);
  const values = checkLift(form, null, lookup, caller, now) as Insertable<LiftTable>;
  if (form.building_id && !(await validPlace(db, values))) throw new AppError(4001);
  return withUniqueMapping(async () => {
    const id = await repo.insertLift(db, values);
    await repo.claimTerminals(db, values.company_id, [values.terminal_id, values.face_terminal_id].filter(nonEmpty));
    return id;
  });
}

async function validPlace(db: Database, v: Updateable<LiftTable>): Promise<boolean> {
  if (!v.building_id) return true;
  if (!v.community_id) return false;
  return repo.unitBelongs(db, v.community_id, v.building_id, v.unit_id ?? null);
}

export async function updateLift(
  db: Database,
  caller: Caller,
  id: number,
  form: Partial<TLiftForm>,
  now = new Date(),
): Promise<Updateable<LiftTable>> {
  const existing = await repo.findLiftRaw(db, caller, id);
  if (!existing || existing.deleted_at) throw new AppError(4064);
  const lookup = await loadLookup(db, caller, [form], id);
  const floorsTouched = form.j_floors !== undefined || form.positive_floors !== undefined || form.negative_floors !== undefined;
  const maxSecondaryFloors = floorsTouched ? await repo.maxSecondaryFloors(db, id) : undefined;
  const values = checkLift(form, existing, lookup, caller, now, { maxSecondaryFloors: maxSecondaryFloors || undefined });
  if (
    (form.building_id !== undefined || form.unit_id !== undefined) &&
    !(await validPlace(db, { community_id: existing.community_id, ...values }))
  ) {
    throw new AppError(4001);
  }
  await withUniqueMapping(async () => {
    await repo.updateLift(db, id, values);
    await repo.claimTerminals(db, existing.company_id, [values.terminal_id, values.face_terminal_id].filter(nonEmpty));
  });
  return values;
}

export async function deleteLift(db: Database, caller: Caller, id: number): Promise<void> {
  const lift = await repo.findLiftRaw(db, caller, id);
  if (!lift) throw new AppError(4064);
  if (lift.deleted_at) throw new AppError(4045);
  await repo.updateLift(db, id, { deleted_at: new Date() });
}

/** Restore from the deleted list; 4156 when its code or terminal has been taken meanwhile. */
export async function restoreLift(db: Database, caller: Caller, id: number): Promise<void> {
  const lift = await repo.findLiftRaw(db, caller, id);
  if (!lift?.deleted_at) throw new AppError(4064);
  if ((await repo.takenCodes(db, [lift.code], id)).size > 0) throw new AppError(4156);
  const tids = [lift.terminal_id, lift.face_terminal_id].filter(nonEmpty);
  const info = await repo.terminalsInfo(db, caller.scopePath, tids);
  for (const t of info.values())
    if ((t.lift_id !== null && t.lift_id !== id) || (t.face_lift_id !== null && t.face_lift_id !== id)) throw new AppError(4156);
  try {
    await repo.updateLift(db, id, { deleted_at: null });
  } catch (e) {
    if (uniqueViolationCode(e) !== null) throw new AppError(4156);
    throw e;
  }
}

/** Renew the monitor expiry by `months` (4037 when the lift cannot be renewed). */
export async function renewLift(db: Database, caller: Caller, id: number, months: number, now = new Date()): Promise<Date> {
  const lift = await repo.findLiftRaw(db, caller, id);
  if (!lift || lift.deleted_at) throw new AppError(4037);
  const expireAt = renewedExpiry(new Date(lift.expire_at), months, now);
  await repo.updateLift(db, id, { expire_at: expireAt });
  return expireAt;
}

/** Batch edit of a safe subset of fields (no codes, terminals, floors or expiry). */
export async function batchEdit(db: Database, caller: Caller, req: TLiftBatchEditRequest): Promise<number> {
  const ids = [...new Set(req.ids)];
  const found = await repo.liftsByIds(db, caller, ids);
  if (found.length !== ids.length) throw new AppError(4064);
  const set: Updateable<LiftTable> = {};
  const s = req.set;
  if (Object.keys(s).length === 0) throw new AppError(4001);
  if (s.community_id !== undefined) {
    if (s.community_id !== null && !(await repo.communityInScope(db, caller, s.community_id))) throw new AppError(4032);
    set.community_id = s.community_id;
    set.building_id = null;
    set.unit_id = null;
  }
  if (s.mt_company_id !== undefined) {
    if (s.mt_company_id !== null && (await repo.companiesExist(db, [s.mt_company_id])).size === 0) throw new AppError(4064);
    set.mt_company_id = s.mt_company_id;
  }
  if (s.variety !== undefined) set.variety = s.variety;
  if (s.brand !== undefined) set.brand = s.brand || null;
  if (s.ad_company !== undefined) set.ad_company = s.ad_company || null;
  if (s.remark !== undefined) set.remark = s.remark || null;
  if (s.sms_switch !== undefined) set.sms_switch = s.sms_switch;
  if (s.sms_limit !== undefined) set.sms_limit = s.sms_limit;
  if (s.j_mt_workers !== undefined) set.j_mt_workers = JSON.stringify(s.j_mt_workers);
  return repo.updateLifts(db, caller, ids, set);
}
