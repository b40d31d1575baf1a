import { UserSwitchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Button, Modal, Space, Table, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/http.ts';
import { FAULT_COUNT_QUERY_KEY } from '../../app/shell/FaultBadge.tsx';
import { fetchTiring, TIRING_QUERY_KEY, type TiringItem } from './api.ts';

/** Trapped-persons modal (SPEC.md §2): GET /api/fault/tiringlist with paging. */
export function TrappedModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(12);
  const q = useQuery({
    queryKey: [...TIRING_QUERY_KEY, page, size],
    queryFn: ({ signal }) => fetchTiring({ page, size, orderKey: 'id', orderMethod: 'desc' }, signal),
    enabled: open,
    placeholderData: keepPreviousData,
    refetchInterval: open ? 10_000 : false,
  });
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('fault.trappedModal.title')} width={960} destroyOnHidden>
      <Table<TiringItem>
        rowKey="id"
        size="middle"
        data-testid="trapped-table"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: t('fault.trappedModal.empty') }}
        pagination={{
          current: page,
          pageSize: size,
          total: q.data?.totalRow ?? 0,
          pageSizeOptions: [12, 18, 24],
          showSizeChanger: true,
          onChange: (p, s) => {
            setPage(s !== size ? 1 : p);
            setSize(s);
          },
        }}
        columns={[
          { key: 'name', title: t('fault.trappedModal.lift'), dataIndex: 'name' },
          { key: 'device_name', title: t('fault.trappedModal.terminal'), dataIndex: 'device_name' },
          { key: 'model', title: t('fault.trappedModal.model'), render: (_, r) => r.model ?? '' },
          {
            key: 'fault_no',
            title: t('fault.trappedModal.faultNo'),
            render: (_, r) => <Tooltip title={r.fault_name}>{r.fault_no}</Tooltip>,
          },
          { key: 'occur_time', title: t('fault.trappedModal.time'), render: (_, r) => dayjs(r.occur_time).format('YYYY-MM-DD HH:mm:ss') },
          {
            key: 'reporters',
            title: t('fault.trappedModal.reporters'),
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                {r.j_alarm_charger.map((c) => (
                  <span key={`${c.name}-${c.mobile}`}>
                    {c.name} <a href={`tel:${c.mobile}`}>{c.mobile}</a>
                  </span>
                ))}
              </Space>
            ),
          },
        ]}
      />
    </Modal>
  );
}

/** Header action: open trapped faults with a count; opens the trapped-persons modal. */
export function TrappedButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const count = useQuery({
    queryKey: [...FAULT_COUNT_QUERY_KEY, 'tiring'],
    queryFn: () => request<{ count: number; tiringCount: number }>('/fault/count', { silent: true }),
    refetchInterval: 30_000,
  });
  const n = count.data?.tiringCount ?? 0;
  return (
    <>
      <Tooltip title={t('fault.trappedModal.title')}>
        <Button type="text" onClick={() => setOpen(true)} aria-label={t('fault.trappedModal.title')} data-testid="trapped-button">
          <Badge count={n} size="small" offset={[6, -2]}>
            <UserSwitchOutlined style={{ fontSize: 16, color: n > 0 ? '#e5484d' : undefined }} />
          </Badge>
        </Button>
      </Tooltip>
      <TrappedModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}
