import { Card, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TerminalList } from './TerminalList.tsx';
import { TerminalSettingsEditor } from './TerminalSettingsEditor.tsx';

/** /device/terminal: the terminal list and the company's terminal default settings. */
export default function TerminalPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'settings' ? 'settings' : 'list';
  return (
    <Card variant="borderless">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('route.device_terminal')}
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams(k === 'settings' ? { tab: 'settings' } : {})}
        items={[
          { key: 'list', label: t('terminal.tab.list'), children: <TerminalList /> },
          { key: 'settings', label: t('terminal.tab.settings'), children: <TerminalSettingsEditor /> },
        ]}
      />
    </Card>
  );
}
