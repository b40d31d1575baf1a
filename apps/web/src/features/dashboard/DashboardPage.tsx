import {
  AlertOutlined,
  ApiOutlined,
  CloudServerOutlined,
  DisconnectOutlined,
  PlusCircleOutlined,
  SafetyOutlined,
  ToolOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { Card, Col, Empty, List, Row, Spin, Statistic } from 'antd';
import dayjs from 'dayjs';
import type { KeyboardEvent, ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TrappedModal } from '../faults/TrappedModal.tsx';
import { faultMonthOption, onlineOption } from './charts.ts';
import { EChart } from './EChart.tsx';
import { useDashboard } from './useDashboard.ts';

type Counter = { key: string; value: number; icon: ReactNode; color?: string; onOpen?: () => void };

/** `/home`: every counter of SPEC.md §2 for the current scope, live. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const q = useDashboard();
  const d = q.data;
  const [trappedOpen, setTrappedOpen] = useState(false);
  const faultOpt = useMemo(() => (d ? faultMonthOption(d, t) : null), [d, t]);
  const onlineOpt = useMemo(() => (d ? onlineOption(d, t) : null), [d, t]);
  if (q.isLoading) return <Spin style={{ display: 'block', margin: 64 }} />;
  if (!d || !faultOpt || !onlineOpt) return <Empty />;

  const main: Counter[] = [
    { key: 'count', value: d.count, icon: <CloudServerOutlined /> },
    { key: 'onlineCount', value: d.onlineCount, icon: <ApiOutlined />, color: '#2e9e5b' },
    { key: 'offlineCount', value: d.offlineCount, icon: <DisconnectOutlined />, color: '#6b7280' },
    { key: 'faultCount', value: d.faultCount, icon: <AlertOutlined />, color: '#e5484d' },
    // trapped passengers: opens the trapped-persons modal, as the header button does
    { key: 'tiringCount', value: d.tiringCount, icon: <WarningOutlined />, color: '#d9480f', onOpen: () => setTrappedOpen(true) },
    { key: 'helpCount', value: d.helpCount, icon: <SafetyOutlined />, color: '#b7791f' },
    { key: 'maintainCount', value: d.maintainCount, icon: <ToolOutlined /> },
    { key: 'maintenanceCount', value: d.maintenanceCount, icon: <ToolOutlined /> },
    { key: 'repairsCount', value: d.repairsCount, icon: <ToolOutlined /> },
    { key: 'todayNewLiftCount', value: d.todayNewLiftCount, icon: <PlusCircleOutlined /> },
    { key: 'todayNewFaultCount', value: d.todayNewFaultCount, icon: <PlusCircleOutlined />, color: '#e5484d' },
  ];
  const terminals: Counter[] = (['f', 't', 'wcr', 'u', 'e'] as const).map((k) => ({ key: `terminal.${k}`, value: d[k], icon: null }));

  return (
    <div style={{ display: 'grid', gap: 16 }} data-testid="dashboard">
      <Row gutter={[12, 12]}>
        {main.map((c) => (
          <Col key={c.key} xs={12} sm={8} md={6} xl={4}>
            <Card
              size="small"
              data-testid={`counter-${c.key}`}
              {...(c.onOpen
                ? {
                    hoverable: true,
                    role: 'button',
                    tabIndex: 0,
                    'aria-label': t('fault.trappedModal.title'),
                    onClick: c.onOpen,
                    onKeyDown: (e: KeyboardEvent) => {
                      if (e.key === 'Enter' || e.key === ' ') {
                        e.preventDefault();
                        c.onOpen?.();
                      }
                    },
                  }
                : {})}
            >
              <Statistic title={t(`dashboard.counter.${c.key}`)} value={c.value} prefix={c.icon} valueStyle={{ color: c.color }} />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={14}>
          <Card size="small" title={t('dashboard.chart.faultMonth')}>
            <EChart option={faultOpt} testId="chart-fault-month" />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card size="small" title={t('dashboard.chart.online')}>
            <EChart option={onlineOpt} testId="chart-online" />
          </Card>
        </Col>
      </Row>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={14}>
          <Card size="small" title={t('dashboard.terminals')}>
            <Row gutter={[12, 12]}>
              {terminals.map((c) => (
                <Col key={c.key} style={{ flex: '1 1 140px' }}>
                  <Statistic title={t(`dashboard.${c.key}`)} value={c.value} data-testid={`counter-${c.key}`} />
                </Col>
              ))}
            </Row>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card size="small" title={t('dashboard.threeNewLift')}>
            <List
              size="small"
              dataSource={d.threeNewLift}
              locale={{ emptyText: t('dashboard.noNewLift') }}
              renderItem={(l) => (
                <List.Item extra={<span style={{ color: '#5b6679' }}>{dayjs(l.created_at).format('YYYY-MM-DD HH:mm')}</span>}>
                  <Link to={`/device/monitor/${l.id}`}>{l.name}</Link>
                  <span style={{ color: '#5b6679', marginLeft: 8 }}>{l.code}</span>
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
      <TrappedModal open={trappedOpen} onClose={() => setTrappedOpen(false)} />
    </div>
  );
}
