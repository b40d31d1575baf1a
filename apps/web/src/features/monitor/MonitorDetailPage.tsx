import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { CommandPanel } from '../commands/CommandPanel.tsx';
import { LiftMonitorView } from './LiftMonitorView.tsx';

/** `/device/monitor/:id`: one lift, live, with remote commands. */
export default function MonitorDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return <Empty description={t('monitor.notFound')} />;
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <div>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/monitor')}>
          {t('monitor.backToList')}
        </Button>
      </div>
      <LiftMonitorView liftId={id} commands={(l) => <CommandPanel liftId={l.id} terminalId={l.terminalId} floors={l.floors} />} />
    </div>
  );
}
