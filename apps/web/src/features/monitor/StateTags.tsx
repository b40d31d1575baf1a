import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LiveLift } from './lift-live.ts';

/** Online / fault / trapped tags of a lift. */
export function StateTags({ live }: { live: LiveLift }) {
  const { t } = useTranslation();
  return (
    <span data-testid="lift-online" data-online={live.online ? '1' : '0'}>
      <Tag color={live.online ? 'green' : 'default'}>{t(live.online ? 'monitor.online' : 'monitor.offline')}</Tag>
      {live.faults.length > 0 && <Tag color="red">{t('monitor.faultCount', { count: live.faults.length })}</Tag>}
      {live.trapped && <Tag color="volcano">{t('monitor.trapped')}</Tag>}
    </span>
  );
}
