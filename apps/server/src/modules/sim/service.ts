import {
  BS_RE,
  IMSI_RE,
  imsiCarrier,
  imsiMatchesBs,
  SIM_CARRIERS,
  SIM_NET_TYPES,
  SIM_STORED_STATES,
  type TSimCarrier,
  type TSimForm,
} from '@liftguard/contract';
import type { Insertable, Updateable } from 'kysely';
import type { Database } from '../../platform/db.ts';
import type { SimCardTable } from '../../platform/db-schema.ts';
import { AppError } from '../../platform/errors.ts';
import { grantedCommunities } from '../../platform/scope.ts';
import type { Caller } from '../lift/service.ts';
import { withUniqueMapping } from '../lift/service.ts';
import * as repo from './repo.ts';

/**
 * SIM rules: IMSI 15 digits (4150) and unique (4096); BS number 11–13 digits (4151) and unique
 * (4094); IMSI and BS number must not name different carriers (4095, see imsiMatchesBs). The
 * carrier defaults to the one the IMSI names; a carrier that contradicts the IMSI is 4095 too.
 */
export function checkSim(
  form: Partial<TSimForm>,
  existing: { imsi: string; bs_number: string | null } | null,
  taken: { imsi: Set<string>; bs: Set<string> },
): Updateable<SimCardTable> {
  const out: Updateable<SimCardTable> = {};
  const imsi = form.imsi !== undefined ? form.imsi.trim() : existing?.imsi;
  if (imsi === undefined || imsi === '') throw new AppError(4148);
  if (!IMSI_RE.test(imsi)) throw new AppError(4150);
  if (form.imsi !== undefined) {
    if (taken.imsi.has(imsi)) throw new AppError(4096);
    out.imsi = imsi;
  }
  const bs = form.bs_number !== undefined ? form.bs_number?.trim() || null : (existing?.bs_number ?? null);
  if (bs !== null) {
    if (!BS_RE.test(bs)) throw new AppError(4151);
    if (form.bs_number !== undefined && taken.bs.has(bs)) throw new AppError(4094);
    if (!imsiMatchesBs(imsi, bs)) throw new AppError(4095);
  }
  if (form.bs_number !== undefined) out.bs_number = bs;
  const named = imsiCarrier(imsi);
  if (form.carrier !== undefined) {
    if (named !== null && form.carrier !== named) throw new AppError(4095);
    out.carrier = form.carrier;
  } else if (!existing || form.imsi !== undefined) out.carrier = named ?? 'other';
  if (form.iccid !== undefined) out.iccid = form.iccid || null;
  if (form.state !== undefined) out.state = form.state;
  if (form.net_type !== undefined) out.net_type = form.net_type ?? null;
  if (form.open_date !== undefined) out.open_date = form.open_date ?? null;
  if (form.traffic_expire !== undefined) out.traffic_expire = form.traffic_expire ?? null;
  if (form.package !== undefined) out.package = form.package || null;
  if (form.traffic_total_mb !== undefined) out.traffic_total_mb = form.traffic_total_mb ?? null;
  if (form.traffic_used_mb !== undefined) out.traffic_used_mb = form.traffic_used_mb;
  if (form.terminal_id !== undefined) out.terminal_id = form.terminal_id || null;
  return out;
}

/** A member narrowed to some communities only puts a SIM into a terminal it can see (4061 otherwise). */
async function checkTerminal(db: Database, caller: Caller, terminalId: string | null | undefined): Promise<void> {
  if (!terminalId || grantedCommunities(caller) === null) return;
  if (!(await repo.terminalVisible(db, caller, terminalId))) throw new AppError(4061);
}

export async function createSim(db: Database, caller: Caller, form: TSimForm): Promise<number> {
  const taken = await repo.taken(db, [form.imsi.trim()], form.bs_number ? [form.bs_number.trim()] : []);
  const values = { ...checkSim(form, null, taken), company_id: caller.companyId } as Insertable<SimCardTable>;
  await checkTerminal(db, caller, values.terminal_id);
  const [id] = await withUniqueMapping(() => repo.insertSims(db, [values]));
  return id as number;
}

export async function updateSim(db: Database, caller: Caller, id: number, form: Partial<TSimForm>): Promise<void> {
  const existing = await repo.findSim(db, caller, id);
  if (!existing) throw new AppError(4064);
  const taken = await repo.taken(db, form.imsi ? [form.imsi.trim()] : [], form.bs_number ? [form.bs_number.trim()] : [], id);
  const values = checkSim(form, existing, taken);
  await checkTerminal(db, caller, values.terminal_id);
  await withUniqueMapping(() => repo.updateSim(db, id, values));
}

export async function deleteSim(db: Database, caller: Caller, id: number): Promise<void> {
  if (!(await repo.findSim(db, caller, id))) throw new AppError(4064);
  await repo.deleteSim(db, id);
}

const CARRIER_ALIASES: Record<string, TSimCarrier> = {
  cmcc: 'cmcc',
  中国移动: 'cmcc',
  移动: 'cmcc',
  'china mobile': 'cmcc',
  cucc: 'cucc',
  中国联通: 'cucc',
  联通: 'cucc',
  'china unicom': 'cucc',
  ctcc: 'ctcc',
  中国电信: 'ctcc',
  电信: 'ctcc',
  'china telecom': 'ctcc',
  other: 'other',
};

/** A SIM import row (SIM_IMPORT_COLUMNS) as a form; 4001 for cells that are not understood. */
export function rowToSimForm(get: (c: string) => string): TSimForm {
  const s = (c: string) => get(c).trim();
  const carrierText = s('carrier').toLowerCase();
  const carrier = carrierText ? CARRIER_ALIASES[carrierText] : undefined;
  if (carrierText && !carrier) throw new AppError(4001);
  const state = s('state') || 'normal';
  if (!(SIM_STORED_STATES as readonly string[]).includes(state)) throw new AppError(4001);
  const net = s('net_type');
  if (net && !(SIM_NET_TYPES as readonly string[]).includes(net)) throw new AppError(4001);
  const date = (c: string) => {
    const v = s(c);
    if (!v) return null;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) throw new AppError(4001);
    return v;
  };
  const int = (c: string) => {
    const v = s(c);
    if (!v) return null;
    if (!/^\d+$/.test(v)) throw new AppError(4001);
    return Number(v);
  };
  return {
    imsi: s('imsi'),
    iccid: s('iccid') || null,
    bs_number: s('bs_number') || null,
    ...(carrier ? { carrier } : {}),
    state: state as TSimForm['state'],
    net_type: (net || null) as TSimForm['net_type'],
    open_date: date('open_date'),
    traffic_expire: date('traffic_expire'),
    package: s('package') || null,
    traffic_total_mb: int('traffic_total_mb'),
    traffic_used_mb: int('traffic_used_mb') ?? 0,
  };
}

export { SIM_CARRIERS };
