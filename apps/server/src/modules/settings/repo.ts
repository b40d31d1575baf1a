import { DEFAULT_LIFT_STATE_SETTINGS, type TLiftStateSettings, ZLiftStateSettings } from '@liftguard/contract';
import type { Database } from '../../platform/db.ts';

/** The company's lift-state settings, defaults filled in for anything not stored. */
export async function getSettings(db: Database, companyId: number): Promise<TLiftStateSettings> {
  const row = await db.selectFrom('lift_state_setting').select('j_settings').where('company_id', '=', companyId).executeTakeFirst();
  const merged = { ...DEFAULT_LIFT_STATE_SETTINGS, ...(row?.j_settings ?? {}) };
  const parsed = ZLiftStateSettings.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_LIFT_STATE_SETTINGS;
}

export async function saveSettings(db: Database, companyId: number, settings: TLiftStateSettings): Promise<void> {
  const json = JSON.stringify(settings);
  await db
    .insertInto('lift_state_setting')
    .values({ company_id: companyId, j_settings: json })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ j_settings: json, updated_at: new Date() }))
    .execute();
}
