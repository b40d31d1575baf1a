import { Card, Col, Empty, List, Row, Spin, Statistic } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { onlineOption } from '../dashboard/charts.ts';
import { EChart } from '../dashboard/EChart.tsx';
import { useDashboard } from '../dashboard/useDashboard.ts';

/** `/m_home`: the dashboard essentials in a phone layout. */
export default function MobileHomePage() {
  const { t } = useTranslation();
  const q = useDashboard();
  const d = q.data;
  const opt = useMemo(() => (d ? onlineOption(d, t) : null), [d, t]);
  if (q.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!d || !opt) return <Empty />;
  const cells = [
    ['count', d.count, undefined],
    ['onlineCount', d.onlineCount, '#2e9e5b'],
    ['faultCount', d.faultCount, '#e5484d'],
    ['tiringCount', d.tiringCount, '#d9480f'],
    ['helpCount', d.helpCount, '#b7791f'],
    ['todayNewFaultCount', d.todayNewFaultCount, '#e5484d'],
  ] as const;
  return (
    <div style={{ padding: 8, display: 'grid', gap: 8 }} data-testid="dashboard">
      <Row gutter={[8, 8]}>
        {cells.map(([k, v, color]) => (
          <Col span={12} key={k}>
            <Card size="small" data-testid={`counter-${k}`}>
              <Statistic title={t(`dashboard.counter.${k}`)} value={v} valueStyle={{ color, fontSize: 22 }} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" title={t('dashboard.chart.online')}>
        <EChart option={opt} height={200} />
      </Card>
      <Card size="small" title={t('dashboard.threeNewLift')}>
        <List
          size="small"
          dataSource={d.threeNewLift}
          locale={{ emptyText: t('dashboard.noNewLift') }}
          renderItem={(l) => (
            <List.Item>
              <Link to={`/m_monitor/${l.id}`}>{l.name}</Link>
              <span style={{ color: '#5b6679' }}>{l.code}</span>
            </List.Item>
          )}
        />
      </Card>
    </div>
  );
}
