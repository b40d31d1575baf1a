import type { TSmsSuppressReason } from '@liftguard/contract';

/**
 * Whether a fault alert may be sent to one number (SPEC.md §9 "Fault SMS" and the provider
 * limits). Pure: the caller passes "now" and what was already sent, so every rule can be
 * tested with a fake clock. "Today" is the calendar day in Asia/Shanghai (UTC+8, no daylight
 * saving): the company's users and the SMS provider count days in China time.
 */
export const SMS_DAY_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

export const PROVIDER_LIMITS = { perMinute: 50, perHour: 50, perDay: 50 } as const;
/** at most this many fault SMS per device per day (lift.sms_limit lowers it) */
export const DEVICE_DAILY_CAP = 3;

/** Start of the Asia/Shanghai calendar day that contains `now`. */
export function shanghaiDayStart(now: Date): Date {
  const local = now.getTime() + SMS_DAY_OFFSET_MS;
  return new Date(Math.floor(local / DAY_MS) * DAY_MS - SMS_DAY_OFFSET_MS);
}

export type NumberClass = { kind: 'domestic' | 'overseas'; number: string } | { kind: 'invalid' };

/** Mainland mobile numbers (1[3-9] and 11 digits, optionally +86/0086) are domestic; other E.164 numbers are overseas. */
export function classifyNumber(raw: string): NumberClass {
  const n = raw.replace(/[\s\-().]/g, '');
  if (/^1[3-9]\d{9}$/.test(n)) return { kind: 'domestic', number: n };
  const cn = /^(?:\+|00)86(\d+)$/.exec(n);
  if (cn) return cn[1] && /^1[3-9]\d{9}$/.test(cn[1]) ? { kind: 'domestic', number: cn[1] } : { kind: 'invalid' };
  const intl = /^(?:\+|00)([1-9]\d{6,14})$/.exec(n);
  if (intl) return { kind: 'overseas', number: `+${intl[1]}` };
  return { kind: 'invalid' };
}

/** An earlier fault SMS to the same number that was queued or sent (suppressed and failed ones do not count). */
export type SmsHistoryEntry = { at: Date; liftId: number | null; code: string | null; slot?: number | null };

export type CompanySmsState = {
  /** 0 off, 1 domestic only, 2 domestic and overseas */
  smsEnable: number;
  smsCount: number;
  smsLimit: number;
  /** SMS already queued but not yet sent: they will count when sent, so they hold a unit now */
  pending: number;
};
export type LiftSmsState = { smsSwitch: boolean; smsLimit: number };

export type FaultAlertInput = {
  now: Date;
  liftId: number;
  code: string;
  company: CompanySmsState;
  lift: LiftSmsState;
  contacts: Array<{ name: string; mobile: string }>;
  /** earlier SMS per normalised number, covering at least the current Shanghai day and the last hour */
  historyOf: (number: string) => SmsHistoryEntry[];
};

export type ContactDecision = {
  name: string;
  /** normalised number, or the raw text when it is not a valid number */
  mobile: string;
} & ({ send: true; slot: number } | { send: false; reason: TSmsSuppressReason });

export function decideForNumber(
  input: Omit<FaultAlertInput, 'contacts' | 'historyOf'> & { number: NumberClass; history: SmsHistoryEntry[] },
): { send: true; slot: number } | { send: false; reason: TSmsSuppressReason } {
  const { now, company, lift, number, history } = input;
  if (company.smsEnable === 0) return { send: false, reason: 'sms_disabled' };
  if (!lift.smsSwitch) return { send: false, reason: 'lift_switch_off' };
  if (number.kind === 'invalid') return { send: false, reason: 'invalid_number' };
  if (number.kind === 'overseas' && company.smsEnable !== 2) return { send: false, reason: 'overseas_not_allowed' };

  const dayStart = shanghaiDayStart(now).getTime();
  const t = now.getTime();
  const today = history.filter((h) => h.at.getTime() >= dayStart && h.at.getTime() <= t);
  const sameDevice = today.filter((h) => h.liftId === input.liftId);
  if (sameDevice.some((h) => h.code === input.code)) return { send: false, reason: 'same_fault_today' };
  const cap = Math.max(0, Math.min(DEVICE_DAILY_CAP, lift.smsLimit));
  if (sameDevice.length >= cap) return { send: false, reason: 'device_daily_cap' };
  // the device-and-number slot of the day this SMS takes (a unique key in sms_record): the lowest free one
  const taken = new Set(sameDevice.map((h) => h.slot));
  let slot = 1;
  while (taken.has(slot)) slot += 1;

  const within = (ms: number) => history.filter((h) => h.at.getTime() > t - ms && h.at.getTime() <= t).length;
  if (within(60_000) >= PROVIDER_LIMITS.perMinute) return { send: false, reason: 'number_minute_limit' };
  if (within(3_600_000) >= PROVIDER_LIMITS.perHour) return { send: false, reason: 'number_hour_limit' };
  if (today.length >= PROVIDER_LIMITS.perDay) return { send: false, reason: 'number_day_limit' };

  if (company.smsCount + company.pending >= company.smsLimit) return { send: false, reason: 'company_limit' };
  return { send: true, slot };
}

/**
 * One decision per alarm contact of the lift (a number listed twice is decided once). A
 * contact allowed here holds a unit of the company's limit, so the next contact sees it.
 */
export function decideFaultAlert(input: FaultAlertInput): ContactDecision[] {
  const out: ContactDecision[] = [];
  const seen = new Set<string>();
  let pending = input.company.pending;
  for (const c of input.contacts) {
    const number = classifyNumber(c.mobile);
    const key = number.kind === 'invalid' ? c.mobile : number.number;
    if (seen.has(key)) continue;
    seen.add(key);
    const history = number.kind === 'invalid' ? [] : input.historyOf(number.number);
    const d = decideForNumber({ ...input, company: { ...input.company, pending }, number, history });
    if (d.send) pending += 1;
    out.push({ name: c.name, mobile: key, ...d });
  }
  return out;
}

/** The signature used in the text: the company's own only once approved, else the platform's. */
export const PLATFORM_SIGNATURE = 'LiftGuard';
export function signatureFor(company: { sms_signature: string | null; sms_signature_enabled: number }): string {
  return company.sms_signature_enabled === 1 && company.sms_signature ? company.sms_signature : PLATFORM_SIGNATURE;
}

/** Shanghai wall-clock "MM-DD HH:mm" of a time, for the message text. */
export function shanghaiClock(at: Date): string {
  const d = new Date(at.getTime() + SMS_DAY_OFFSET_MS);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
}

/** The alert text: Chinese for mainland numbers, English for overseas ones. */
export function composeFaultSms(input: {
  signature: string;
  domestic: boolean;
  liftName: string;
  location: string;
  faultName: string;
  floor: string | null;
  occurredAt: Date;
}): string {
  const where = input.location ? ` (${input.location})` : '';
  const floor = input.floor ?? '-';
  if (input.domestic) {
    return `【${input.signature}】电梯 ${input.liftName}${where} 于 ${shanghaiClock(input.occurredAt)} 发生故障：${input.faultName}，楼层 ${floor}。请尽快处理。`;
  }
  return `[${input.signature}] Lift ${input.liftName}${where}: ${input.faultName} at ${shanghaiClock(input.occurredAt)} (China time), floor ${floor}. Please respond.`;
}
