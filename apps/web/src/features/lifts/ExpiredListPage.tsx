import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, InputNumber, Modal, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/feedback.tsx';
import { listLifts, renewLift } from './api.ts';
import { LiftDetailDrawer } from './LiftDetailDrawer.tsx';
import { LiftFilters } from './LiftFilters.tsx';
import { LiftTable } from './LiftTable.tsx';
import { usePagedList } from './usePagedList.ts';

/** /device/end_time_list: lifts past their monitor expiry (they read offline), with renewal (4037). */
export default function ExpiredListPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const list = usePagedList(['lift', 'expired'], (q, signal) => listLifts('end_time_list', q, signal));
  const [detailId, setDetailId] = useState<number | null>(null);
  const [renewing, setRenewing] = useState<{ id: number; name: string } | null>(null);
  const [months, setMonths] = useState(12);
  const renew = useMutation({
    mutationFn: (v: { id: number; months: number }) => renewLift(v.id, v.months),
    onSuccess: (r) => {
      toast.success(t('lift.renewed', { date: dayjs(r.expire_at).format('YYYY-MM-DD') }));
      setRenewing(null);
      void qc.invalidateQueries({ queryKey: ['lift'] });
    },
  });
  return (
    <Card variant="borderless">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('route.device_end_time_list')}
      </Typography.Title>
      <LiftFilters value={list.filters} onChange={list.setFilters} />
      <LiftTable
        rows={list.rows}
        loading={list.q.isFetching}
        pagination={list.pagination}
        onChange={list.onTableChange}
        sortOrderOf={list.sortOrderOf}
        onOpenDetail={setDetailId}
        actions={(l) => (
          <Button type="link" size="small" onClick={() => setRenewing({ id: l.id, name: l.name })}>
            {t('lift.action.renew')}
          </Button>
        )}
      />
      <Modal
        open={renewing !== null}
        title={t('lift.renewTitle', { name: renewing?.name ?? '' })}
        onCancel={() => setRenewing(null)}
        okButtonProps={{ loading: renew.isPending }}
        onOk={() => renewing && renew.mutate({ id: renewing.id, months })}
      >
        <Space>
          {t('lift.renewMonths')}
          <InputNumber min={1} max={60} precision={0} value={months} onChange={(v) => setMonths(v ?? 12)} />
        </Space>
      </Modal>
      <LiftDetailDrawer id={detailId} onClose={() => setDetailId(null)} />
    </Card>
  );
}
