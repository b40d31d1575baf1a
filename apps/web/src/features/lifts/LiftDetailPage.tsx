import { ArrowLeftOutlined } from '@ant-design/icons';
import type { TLift } from '@liftguard/contract/registry/lift';
import type { TSim } from '@liftguard/contract/registry/sim';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, Progress, Result, Skeleton, Space, Table, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { currentLocale } from '../../i18n/i18n.ts';
import { fetchFaults } from '../faults/api.ts';
import { faultText } from '../faults/catalogue.ts';
import { MaintenanceTab } from '../maintenance/MaintenanceTab.tsx';
import { STATE_TAG } from '../map/state-colour.ts';
import { listSims } from '../sims/api.ts';
import { SIM_STATE_COLOUR, trafficPercent } from '../sims/sim-state.ts';
import { liftDetail } from './api.ts';
import { FavouriteStar } from './FavouriteStar.tsx';
import { LiftFormDrawer } from './LiftFormDrawer.tsx';
import { LABEL, LiftInfo } from './LiftInfo.tsx';

const TABS = ['overview', 'faults', 'maintenance'] as const;
type Tab = (typeof TABS)[number];

/** The lift's SIM card: the one on its terminal, else the one with its IMSI. */
function useLiftSim(lift: TLift) {
  const keyword = lift.terminal_id ?? lift.imsi;
  return useQuery({
    queryKey: ['sim', 'of-lift', lift.id, keyword],
    enabled: !!keyword,
    queryFn: async (): Promise<TSim | null> => {
      const page = await listSims({ keyword: keyword as string, page: 1, size: 12 });
      return page.list.find((s) => (lift.terminal_id && s.terminal_id === lift.terminal_id) || (lift.imsi && s.imsi === lift.imsi)) ?? null;
    },
  });
}

function TerminalAndSim({ lift }: { lift: TLift }) {
  const { t } = useTranslation();
  const sim = useLiftSim(lift);
  const s = sim.data;
  const percent = s ? trafficPercent(s) : null;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions
        styles={LABEL}
        title={t('maintenance.detail.terminal')}
        column={{ xs: 1, sm: 2 }}
        size="small"
        bordered
        data-testid="lift-terminal"
      >
        <Descriptions.Item label={t('lift.field.terminal_id')}>
          {lift.terminal_id ? <Link to={`/device/monitor/${lift.id}`}>{lift.terminal_id}</Link> : t('lift.unbound')}
        </Descriptions.Item>
        <Descriptions.Item label={t('lift.field.state')}>
          <Tag color={STATE_TAG[lift.state]}>{t(`lift.state.${lift.state}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('lift.field.face_terminal_id')}>{lift.face_terminal_id ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('lift.field.expire_at')}>
          <Typography.Text type={lift.expired ? 'danger' : undefined}>{dayjs(lift.expire_at).format('YYYY-MM-DD')}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Descriptions
        styles={LABEL}
        title={t('maintenance.detail.sim')}
        column={{ xs: 1, sm: 2 }}
        size="small"
        bordered
        data-testid="lift-sim"
      >
        {s ? (
          <>
            <Descriptions.Item label={t('sim.field.imsi')}>{s.imsi}</Descriptions.Item>
            <Descriptions.Item label={t('sim.field.bs_number')}>{s.bs_number ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('sim.field.carrier')}>{t(`sim.carrier.${s.carrier}`)}</Descriptions.Item>
            <Descriptions.Item label={t('sim.field.state')}>
              <Tag color={SIM_STATE_COLOUR[s.display_state]}>{t(`sim.state.${s.display_state}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('sim.field.traffic')}>
              {percent === null ? (
                `${s.traffic_used_mb} MB`
              ) : (
                <Space>
                  <Progress percent={percent} size="small" style={{ width: 120, margin: 0 }} showInfo={false} />
                  <span>
                    {s.traffic_used_mb} / {s.traffic_total_mb} MB
                  </span>
                </Space>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('sim.field.traffic_expire')}>{s.traffic_expire ?? '—'}</Descriptions.Item>
          </>
        ) : (
          <Descriptions.Item label={t('sim.field.imsi')}>
            {sim.isLoading ? <Skeleton.Input active size="small" /> : (lift.imsi ?? t('maintenance.detail.noSim'))}
          </Descriptions.Item>
        )}
      </Descriptions>
    </Space>
  );
}

function RecentFaults({ lift }: { lift: TLift }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const q = useQuery({
    queryKey: ['faults', 'list', 'of-lift', lift.id],
    queryFn: ({ signal }) => fetchFaults({ lift_id: lift.id, page: 1, size: 12 }, signal),
  });
  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
        <Typography.Text type="secondary">{t('maintenance.detail.recentFaults')}</Typography.Text>
        <Link to="/device/fault">{t('maintenance.detail.allFaults')}</Link>
      </Space>
      <Table
        rowKey="id"
        size="small"
        data-testid="lift-faults"
        // the first load only: live fault events refetch this list often, it should not flicker
        loading={q.isLoading}
        dataSource={q.data?.list ?? []}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('maintenance.detail.noFaults')} /> }}
        scroll={{ x: 720 }}
        columns={[
          { key: 'time', title: t('fault.col.time'), width: 170, render: (_, r) => dayjs(r.insert_time).format('YYYY-MM-DD HH:mm:ss') },
          {
            key: 'name',
            title: t('fault.col.name'),
            render: (_, r) => (
              <Space size={4}>
                {r.trapped ? <Tag color="red">{t('fault.trapped')}</Tag> : null}
                <span>{faultText(r.code, locale).name}</span>
              </Space>
            ),
          },
          { key: 'floor', title: t('fault.col.floor'), width: 80, render: (_, r) => r.floor_display ?? r.floor ?? '' },
          {
            key: 'state',
            title: t('fault.col.state'),
            width: 120,
            render: (_, r) =>
              r.state === 'processed' ? (
                <Tag color="green">{t('fault.state.processed')}</Tag>
              ) : r.solved_at ? (
                <Tag color="blue">{t('fault.state.solved')}</Tag>
              ) : (
                <Tag color="red">{t('fault.state.untreated')}</Tag>
              ),
          },
        ]}
      />
    </>
  );
}

/** /device/list/:id — one lift on its own page: fields, state, terminal, SIM, recent faults and maintenance records. */
export default function LiftDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { id: idParam } = useParams();
  const id = /^\d+$/.test(idParam ?? '') ? Number(idParam) : null;
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'overview';
  const [editing, setEditing] = useState(false);
  const q = useQuery({ queryKey: ['lift', 'detail', id], queryFn: () => liftDetail(id as number), enabled: id !== null, retry: false });
  const l = q.data;

  // back to where the user came from; straight to the list when the page was opened directly
  const back = () => (location.key !== 'default' ? navigate(-1) : navigate('/device/list'));
  const setTab = (k: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (k === 'overview') next.delete('tab');
        else next.set('tab', k);
        return next;
      },
      { replace: true },
    );

  if (id === null || q.isError)
    return (
      <Card variant="borderless">
        <Result
          status="404"
          title={t('maintenance.detail.notFound')}
          extra={<Button onClick={() => navigate('/device/list')}>{t('route.device_list')}</Button>}
        />
      </Card>
    );

  return (
    <Card variant="borderless" data-testid="lift-detail-page">
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        <Space wrap align="center">
          <Button icon={<ArrowLeftOutlined />} onClick={back} data-testid="lift-detail-back">
            {t('maintenance.detail.back')}
          </Button>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {l ? `${l.name} · ${l.code}` : t('route.device_list_detail')}
          </Typography.Title>
          {l && <Tag color={STATE_TAG[l.state]}>{t(`lift.state.${l.state}`)}</Tag>}
          {l?.deleted_at && <Tag>{t('route.device_remove_list')}</Tag>}
        </Space>
        {l && (
          <Space wrap>
            {!l.deleted_at && <FavouriteStar lift={l} />}
            <Link to={`/device/monitor/${l.id}`}>{t('lift.action.monitor')}</Link>
            {!l.deleted_at && <Button onClick={() => setEditing(true)}>{t('lift.action.edit')}</Button>}
          </Space>
        )}
      </Space>
      {!l ? (
        <Skeleton active />
      ) : (
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'overview',
              label: t('maintenance.tab.overview'),
              children: (
                <Space direction="vertical" size={16} style={{ width: '100%' }}>
                  <TerminalAndSim lift={l} />
                  <LiftInfo lift={l} />
                </Space>
              ),
            },
            { key: 'faults', label: t('maintenance.tab.faults'), children: <RecentFaults lift={l} /> },
            { key: 'maintenance', label: t('maintenance.tab.records'), children: <MaintenanceTab lift={l} /> },
          ]}
        />
      )}
      {l && <LiftFormDrawer open={editing} lift={l} onClose={() => setEditing(false)} />}
    </Card>
  );
}
