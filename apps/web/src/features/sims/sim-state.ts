import { BS_RE, IMSI_RE, imsiMatchesBs, type TSim, type TSimForm, type TSimState } from '@liftguard/contract/registry/sim';

/** Tag colour of every SIM state, stored and derived (SPEC.md §4). */
export const SIM_STATE_COLOUR: Readonly<Record<TSimState, string>> = {
  normal: 'success',
  arrears: 'error',
  stopped: 'volcano',
  expired: 'default',
  inactivated: 'purple',
  cancelled: 'default',
  expiring: 'warning',
  traffic_low: 'orange',
};

/** Share of the traffic used, 0–100 (null when the package has no total). */
export function trafficPercent(sim: Pick<TSim, 'traffic_total_mb' | 'traffic_used_mb'>): number | null {
  if (!sim.traffic_total_mb) return null;
  return Math.min(100, Math.round((sim.traffic_used_mb / sim.traffic_total_mb) * 100));
}

export type SimFormValues = {
  imsi?: string;
  iccid?: string;
  bs_number?: string;
  carrier?: TSimForm['carrier'];
  state?: TSimForm['state'];
  net_type?: TSimForm['net_type'];
  open_date?: string | null;
  traffic_expire?: string | null;
  package?: string;
  traffic_total_mb?: number | null;
  traffic_used_mb?: number | null;
  terminal_id?: string;
};

const txt = (v: string | undefined | null) => (v ?? '').trim() || null;

export function toSimBody(v: SimFormValues): TSimForm {
  return {
    imsi: (v.imsi ?? '').trim(),
    iccid: txt(v.iccid),
    bs_number: txt(v.bs_number),
    ...(v.carrier ? { carrier: v.carrier } : {}),
    state: v.state ?? 'normal',
    net_type: v.net_type ?? null,
    open_date: v.open_date || null,
    traffic_expire: v.traffic_expire || null,
    package: txt(v.package),
    traffic_total_mb: v.traffic_total_mb ?? null,
    traffic_used_mb: v.traffic_used_mb ?? 0,
    terminal_id: txt(v.terminal_id),
  };
}

/** Client copy of the IMSI and BS rules: 15-digit IMSI (4150), 11–13 digit BS (4151), same carrier (4095). */
export function checkSimForm(v: SimFormValues): { field: 'imsi' | 'bs_number'; code: number }[] {
  const out: { field: 'imsi' | 'bs_number'; code: number }[] = [];
  const imsi = (v.imsi ?? '').trim();
  const bs = (v.bs_number ?? '').trim();
  if (!IMSI_RE.test(imsi)) out.push({ field: 'imsi', code: 4150 });
  if (bs && !BS_RE.test(bs)) out.push({ field: 'bs_number', code: 4151 });
  else if (bs && IMSI_RE.test(imsi) && !imsiMatchesBs(imsi, bs)) out.push({ field: 'bs_number', code: 4095 });
  return out;
}

/** Form field of a server failure code. */
export function simFieldOfCode(code: number): 'imsi' | 'bs_number' | 'terminal_id' | null {
  if (code === 4096 || code === 4150) return 'imsi';
  if (code === 4094 || code === 4095 || code === 4151) return 'bs_number';
  if (code === 4061 || code === 4145) return 'terminal_id';
  return null;
}
