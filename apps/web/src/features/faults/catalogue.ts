import { FAULT_CODES, faultCodeEntry } from '@liftguard/contract/alerts/fault-codes';
import type { Locale } from '@liftguard/contract/errors';

/** Name and meaning of a fault code in a language, from the contract catalogue (unknown codes read as themselves). */
export function faultText(code: string, locale: Locale): { name: string; meaning: string; no: string } {
  const e = faultCodeEntry(code);
  return { name: e?.name[locale] ?? code, meaning: e?.meaning[locale] ?? '', no: e?.no ?? code };
}

export function faultCodeOptions(locale: Locale) {
  return FAULT_CODES.map((f) => ({ value: f.code, label: `${f.no} ${f.name[locale]}` }));
}

/** The fault list reaches back three years (server rule, else 4001). */
export const FAULT_HISTORY_YEARS = 3;
