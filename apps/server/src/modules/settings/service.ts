import { ErrorCodes, type TLiftStateSettings, ZLiftStateSettings } from '@liftguard/contract';
import { writeAudit } from '../../platform/audit.ts';
import type { AuthContext } from '../../platform/auth.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { getSettings, saveSettings } from './repo.ts';

type Scope = AuthContext & { companyId: number };

/** Merge a partial update into the company's settings; the heartbeat must fit inside the offline timeout. */
export async function updateSettings(
  db: Database,
  scope: Scope,
  patch: Partial<TLiftStateSettings>,
  ip: string,
): Promise<TLiftStateSettings> {
  const next = { ...(await getSettings(db, scope.companyId)), ...patch };
  const parsed = ZLiftStateSettings.safeParse(next);
  if (!parsed.success || next.heartbeat_s * 2 > next.offline_after_s) throw new AppError(ErrorCodes.PARAMETER);
  await saveSettings(db, scope.companyId, parsed.data);
  await writeAudit(db, {
    action: 'settings.update',
    result: 'ok',
    userId: scope.userId,
    username: scope.username,
    companyId: scope.companyId,
    target: `lift_state_setting ${scope.companyId}`,
    ip,
    detail: patch,
  });
  return parsed.data;
}
