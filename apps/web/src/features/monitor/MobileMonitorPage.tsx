import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LiftMonitorView } from './LiftMonitorView.tsx';

/** `/m_monitor/:id`: the lift monitor in a phone layout. */
export default function MobileMonitorPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return <Empty description={t('monitor.notFound')} />;
  return (
    <div style={{ padding: 8, display: 'grid', gap: 12 }}>
      <LiftMonitorView liftId={id} compact />
    </div>
  );
}
