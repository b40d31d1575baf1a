import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { SmsTab } from '../sms/SmsTab.tsx';
import { FaultListTab } from './FaultListTab.tsx';
import { FaultSettingsTab } from './FaultSettingsTab.tsx';

/** /device/fault: fault list, fault settings per company, SMS records, usage and signature. */
export default function FaultPage() {
  const { t } = useTranslation();
  return (
    <Card variant="borderless">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'list', label: t('fault.tab.list'), children: <FaultListTab /> },
          { key: 'settings', label: t('fault.tab.settings'), children: <FaultSettingsTab /> },
          { key: 'sms', label: t('fault.tab.sms'), children: <SmsTab /> },
        ]}
      />
    </Card>
  );
}
