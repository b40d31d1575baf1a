import { faultCodeEntry, faultName } from '@liftguard/contract/alerts/fault-codes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Empty, Spin, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/i18n.ts';
import { fetchHistory, fetchLift, fetchLiftState, fetchOpenFaults, type HistoryItem } from './api.ts';
import { LiftShaft } from './LiftShaft.tsx';
import { applyLiveEvent, EMPTY_LIVE, fromState, type LiveLift, shaftFloors } from './lift-live.ts';
import styles from './monitor.module.css';
import { StateTags } from './StateTags.tsx';
import { useLiveEvent, useLiveReconnect, useLiveSubscription } from './useLive.ts';

type Props = {
  liftId: number;
  compact?: boolean;
  /** remote commands and their lifecycle (issue 6), given the lift's terminal */
  commands?: (lift: { id: number; terminalId: string; floors: { floor: number; label: string }[] }) => ReactNode;
};

/** One lift, live: shaft, floor display, doors, running and online state, current faults, status history. */
export function LiftMonitorView({ liftId, compact, commands }: Props) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const lift = useQuery({ queryKey: ['monitor', 'lift', liftId], queryFn: () => fetchLift(liftId) });
  const state = useQuery({ queryKey: ['monitor', 'state', liftId], queryFn: () => fetchLiftState(liftId) });
  const faults = useQuery({ queryKey: ['monitor', 'faults', liftId], queryFn: () => fetchOpenFaults(liftId) });
  const history = useQuery({ queryKey: ['monitor', 'history', liftId], queryFn: () => fetchHistory(liftId) });
  const [liveLift, setLive] = useState<LiveLift>(EMPTY_LIVE);

  useEffect(() => {
    if (state.data) setLive(fromState(state.data, faults.data?.list.map((f) => f.code) ?? []));
  }, [state.data, faults.data]);

  const terminalId = lift.data?.terminal_id ?? state.data?.terminal_id ?? null;
  useLiveSubscription([terminalId]);
  useLiveEvent(['up_report_status', 'status_report', 'up_report_fault', 'up_solve_fault', 'addF', 'delF', 'onoff'], (e) => {
    if (!terminalId || e.terminal_id !== terminalId) return;
    setLive((s) => applyLiveEvent(s, e));
    if (e.action === 'up_report_status' || e.action === 'status_report') void history.refetch();
  });
  useLiveReconnect(() => void qc.invalidateQueries({ queryKey: ['monitor'] }));

  const reported = liveLift.status?.floor ?? 0;
  // a terminal may report a floor the lift record does not list: draw the shaft tall enough for it
  const floors = useMemo(
    () =>
      lift.data
        ? shaftFloors(Math.max(lift.data.positive_floors, reported), Math.max(lift.data.negative_floors, -reported), lift.data.j_floors)
        : [],
    [lift.data, reported],
  );

  if (lift.isLoading || state.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!lift.data) return <Empty description={t('monitor.notFound')} />;

  const s = liveLift.status;
  const busyText = state.data?.busy ? t(`monitor.busy.${state.data.busy}`) : null;
  return (
    <div className={compact ? undefined : styles.detail} data-testid="lift-monitor" data-lift={liftId}>
      <Card size="small" title={lift.data.name} extra={<StateTags live={liveLift} />}>
        <LiftShaft
          floors={floors}
          status={s}
          online={liveLift.online}
          faulty={liveLift.faults.length > 0}
          row={compact ? 28 : 34}
          maxHeight={compact ? 360 : 560}
        />
      </Card>
      <div style={{ display: 'grid', gap: 12, alignContent: 'start' }}>
        {!terminalId && <Alert type="warning" showIcon message={t('monitor.noTerminal')} />}
        {state.data?.expired && <Alert type="warning" showIcon message={t('monitor.expired')} />}
        {busyText && <Alert type="info" showIcon message={busyText} />}
        <Card size="small" title={t('monitor.detail.state')}>
          <Descriptions size="small" column={compact ? 1 : 2} bordered>
            <Descriptions.Item label={t('monitor.field.code')}>{lift.data.code}</Descriptions.Item>
            <Descriptions.Item label={t('monitor.field.terminal')}>{terminalId ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('monitor.field.floor')}>
              <span data-testid="state-floor">{s ? s.floor_display : '—'}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('monitor.field.direction')}>{s ? t(`monitor.direction.${s.direction}`) : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('monitor.field.door')}>
              <span data-testid="state-door">{s ? t(`monitor.door.${s.door}`) : '—'}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('monitor.field.run')}>
              <span data-testid="state-run">{s ? t(`monitor.run.${s.run_state}`) : '—'}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('monitor.field.occupied')}>
              {s ? t(s.occupied ? 'monitor.yes' : 'monitor.no') : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('monitor.field.updated')}>
              {liveLift.statusAt ? dayjs(liveLift.statusAt).format('HH:mm:ss') : '—'}
            </Descriptions.Item>
          </Descriptions>
        </Card>
        <Card size="small" title={t('monitor.detail.faults')}>
          {liveLift.faults.length === 0 ? (
            <span style={{ color: '#5b6679' }}>{t('monitor.noFaults')}</span>
          ) : (
            <div data-testid="current-faults">
              {liveLift.faults.map((c) => (
                <Tag key={c} color="red">
                  {faultCodeEntry(c) ? faultName(c, currentLocale()) : (faults.data?.list.find((f) => f.code === c)?.fault_name ?? c)}
                </Tag>
              ))}
            </div>
          )}
        </Card>
        {terminalId && commands?.({ id: liftId, terminalId, floors })}
        <Card size="small" title={t('monitor.detail.history')}>
          <Table<HistoryItem>
            size="small"
            rowKey="id"
            loading={history.isFetching && !history.data}
            dataSource={history.data?.list ?? []}
            pagination={false}
            scroll={{ x: true }}
            columns={[
              { title: t('monitor.field.time'), dataIndex: 'at', render: (v: string) => dayjs(v).format('MM-DD HH:mm:ss') },
              { title: t('monitor.field.floor'), dataIndex: 'floor_display' },
              { title: t('monitor.field.direction'), dataIndex: 'direction', render: (v: string) => t(`monitor.direction.${v}`, v) },
              { title: t('monitor.field.door'), dataIndex: 'door', render: (v: string) => t(`monitor.door.${v}`, v) },
              { title: t('monitor.field.run'), dataIndex: 'run_state', render: (v: string) => t(`monitor.run.${v}`, v) },
            ]}
          />
        </Card>
      </div>
    </div>
  );
}
