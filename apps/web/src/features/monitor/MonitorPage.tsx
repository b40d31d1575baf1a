import type { TLift } from '@liftguard/contract/registry/lift';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Card, Empty, Input, Pagination, Segmented, Spin, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchLiftState, listMonitorLifts } from './api.ts';
import { applyLiveEvent, EMPTY_LIVE, fromState, type LiveLift } from './lift-live.ts';
import styles from './monitor.module.css';
import { StateTags } from './StateTags.tsx';
import { useLiveEvent, useLiveReconnect, useLiveSubscription } from './useLive.ts';

const SIZE = 24;

/** `/monitor`: the lifts in scope with their live state; a click opens the lift's monitor. */
export default function MonitorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const [online, setOnline] = useState<'all' | '1' | '0'>('all');
  const lifts = useQuery({
    queryKey: ['monitor', 'lifts', keyword, online, page],
    queryFn: ({ signal }) =>
      listMonitorLifts(
        {
          page,
          size: SIZE,
          keyword: keyword || undefined,
          online: online === 'all' ? undefined : online,
          orderKey: 'id',
          orderMethod: 'asc',
        },
        signal,
      ),
  });
  const list = lifts.data?.list ?? [];
  const states = useQueries({
    queries: list.map((l) => ({ queryKey: ['monitor', 'state', l.id], queryFn: () => fetchLiftState(l.id), staleTime: 30_000 })),
  });
  const [live, setLive] = useState<Record<string, LiveLift>>({});
  const byTerminal = useMemo(() => {
    const m = new Map<string, TLift>();
    for (const l of list) if (l.terminal_id) m.set(l.terminal_id, l);
    return m;
  }, [list]);

  useLiveSubscription(list.map((l) => l.terminal_id));
  useLiveEvent(['up_report_status', 'status_report', 'up_report_fault', 'up_solve_fault', 'addF', 'delF', 'onoff'], (e) => {
    if (!e.terminal_id || !byTerminal.has(e.terminal_id)) return;
    const id = e.terminal_id;
    setLive((m) => ({ ...m, [id]: applyLiveEvent(m[id] ?? baseOf(id), e) }));
  });
  useLiveReconnect(() => {
    setLive({});
    void lifts.refetch();
  });

  function baseOf(terminalId: string): LiveLift {
    const l = byTerminal.get(terminalId);
    const s = l ? states[list.indexOf(l)]?.data : undefined;
    const expired = l ? Date.parse(l.expire_at) <= Date.now() : false;
    return s ? fromState(s) : { ...EMPTY_LIVE, online: (l?.online ?? false) && !expired, expired };
  }
  const liveOf = (l: TLift): LiveLift => (l.terminal_id && live[l.terminal_id]) || baseOf(l.terminal_id ?? '') || EMPTY_LIVE;
  const open = (l: TLift) => navigate(`/device/monitor/${l.id}`);

  return (
    <Card
      title={t('monitor.title')}
      extra={
        <div style={{ display: 'flex', gap: 8 }}>
          <Input.Search
            allowClear
            placeholder={t('monitor.search')}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPage(1);
            }}
            style={{ width: 240 }}
            data-testid="monitor-search"
          />
          <Segmented
            value={online}
            onChange={(v) => {
              setOnline(v as 'all' | '1' | '0');
              setPage(1);
            }}
            options={[
              { value: 'all', label: t('monitor.filter.all') },
              { value: '1', label: t('monitor.online') },
              { value: '0', label: t('monitor.offline') },
            ]}
            data-testid="monitor-online-filter"
          />
          <Segmented
            value={view}
            onChange={(v) => setView(v as 'grid' | 'list')}
            options={[
              { value: 'grid', label: t('monitor.view.grid') },
              { value: 'list', label: t('monitor.view.list') },
            ]}
          />
        </div>
      }
    >
      {lifts.isLoading ? (
        <Spin style={{ display: 'block', margin: 48 }} />
      ) : list.length === 0 ? (
        <Empty description={t('monitor.empty')} />
      ) : view === 'grid' ? (
        <div className={styles.grid}>
          {list.map((l) => {
            const s = liveOf(l);
            return (
              <Card
                key={l.id}
                size="small"
                hoverable
                className={styles.tile}
                onClick={() => open(l)}
                title={l.name}
                data-testid="monitor-tile"
                data-lift={l.id}
              >
                <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
                  <span className={styles.tileFloor} data-testid="tile-floor">
                    {s.status ? s.status.floor_display : '--'}
                  </span>
                  <span style={{ color: '#5b6679', fontSize: 12, textAlign: 'right' }}>
                    {s.status ? `${t(`monitor.direction.${s.status.direction}`)} · ${t(`monitor.door.${s.status.door}`)}` : l.code}
                  </span>
                </div>
                <div style={{ marginTop: 8 }}>
                  <StateTags live={s} />
                </div>
              </Card>
            );
          })}
        </div>
      ) : (
        <Table<TLift>
          rowKey="id"
          size="small"
          dataSource={list}
          pagination={false}
          onRow={(l) => ({ onClick: () => open(l), style: { cursor: 'pointer' } })}
          columns={[
            { title: t('monitor.field.name'), dataIndex: 'name' },
            { title: t('monitor.field.code'), dataIndex: 'code' },
            { title: t('monitor.field.community'), dataIndex: 'community_name' },
            { title: t('monitor.field.floor'), key: 'floor', render: (_, l) => liveOf(l).status?.floor_display ?? '--' },
            {
              title: t('monitor.field.run'),
              key: 'run',
              render: (_, l) => {
                const s = liveOf(l).status;
                return s ? t(`monitor.run.${s.run_state}`) : '—';
              },
            },
            { title: t('monitor.field.state'), key: 'state', render: (_, l) => <StateTags live={liveOf(l)} /> },
          ]}
        />
      )}
      {(lifts.data?.totalRow ?? 0) > SIZE && (
        <Pagination
          style={{ marginTop: 16, textAlign: 'right' }}
          current={page}
          pageSize={SIZE}
          total={lifts.data?.totalRow ?? 0}
          showSizeChanger={false}
          onChange={setPage}
        />
      )}
    </Card>
  );
}
