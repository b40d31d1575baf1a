import type { Locale } from '@liftguard/contract/errors';
import { LIFT_VARIETY_IDS, varietyName } from '@liftguard/contract/registry/lift';

/** Variety options 1–14 in the user's language (names from the contract). */
export const varietyOptions = (locale: Locale) => LIFT_VARIETY_IDS.map((id) => ({ value: id, label: varietyName(id, locale) }));
