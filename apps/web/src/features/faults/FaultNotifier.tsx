import type { TLiveEvent } from '@liftguard/contract/live/messages';
import { notification } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { live } from '../../api/live.ts';
import { currentLocale } from '../../i18n/i18n.ts';
import { fetchFaults } from './api.ts';
import { faultText } from './catalogue.ts';

/** Seconds a fault notice stays on screen (SPEC.md: the 3-second fault pop-up). */
export const FAULT_NOTICE_SECONDS = 3;

/** Where the lift is (community, building, unit): from its newest fault row; empty when that fails. */
async function locationOf(e: TLiveEvent): Promise<string> {
  if (!e.lift_id) return '';
  try {
    const page = await Promise.race([
      fetchFaults({ page: 1, size: 12, lift_id: e.lift_id }),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('slow')), 1500)),
    ]);
    const id = Number(e.data.fault_id);
    return (page.list.find((f) => f.id === id) ?? page.list[0])?.location ?? '';
  } catch {
    return '';
  }
}

/**
 * Mounted once in the header: each live up_report_fault the company shows on screen
 * (`alert_screen`, set by the server from the fault settings) pops a 3-second notice with the
 * lift, its location and the fault name in the current language.
 */
export function FaultNotifier() {
  const { t } = useTranslation();
  // below the 60 px header: a notice never covers the badge, task centre, language or profile
  const [api, holder] = notification.useNotification({ maxCount: 5, top: 72 });
  useEffect(
    () =>
      live.on('up_report_fault', (e) => {
        if (e.data.alert_screen === false) return;
        const code = String(e.data.code ?? e.code ?? '');
        const name = faultText(code, currentLocale()).name;
        void locationOf(e).then((location) => {
          const floor = e.data.floor_display ?? e.data.floor;
          api.warning({
            key: `fault-${String(e.data.fault_id ?? code)}`,
            duration: FAULT_NOTICE_SECONDS,
            placement: 'topRight',
            message: <span data-testid="fault-notice">{t('fault.notice.title', { name })}</span>,
            description: (
              <div>
                <div>{t('fault.notice.lift', { lift: e.deviceName ?? e.terminal_id ?? '' })}</div>
                {location ? <div>{t('fault.notice.location', { location })}</div> : null}
                {floor !== undefined && floor !== null ? <div>{t('fault.notice.floor', { floor: String(floor) })}</div> : null}
              </div>
            ),
          });
        });
      }),
    [api, t],
  );
  return holder;
}
