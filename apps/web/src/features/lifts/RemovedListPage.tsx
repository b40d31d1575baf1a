import { UndoOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, failureText } from '../../api/http.ts';
import { toast } from '../../app/feedback.tsx';
import { currentLocale } from '../../i18n/i18n.ts';
import { listLifts, restoreLift } from './api.ts';
import { LiftDetailDrawer } from './LiftDetailDrawer.tsx';
import { LiftFilters } from './LiftFilters.tsx';
import { LiftTable } from './LiftTable.tsx';
import { usePagedList } from './usePagedList.ts';

/** /device/remove_list: deleted lifts, with restore (4045 when someone restored it already). */
export default function RemovedListPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const list = usePagedList(['lift', 'removed'], (q, signal) => listLifts('remove_list', q, signal));
  const [detailId, setDetailId] = useState<number | null>(null);
  const restore = useMutation({
    mutationFn: restoreLift,
    onSuccess: () => toast.success(t('lift.restored')),
    onError: (err) => {
      if (err instanceof ApiError && err.code === 4045 && !err.handled) toast.warning(failureText(err.code, err.msg, currentLocale()));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: ['lift'] }),
  });
  return (
    <Card variant="borderless">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('route.device_remove_list')}
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
          <Popconfirm title={t('lift.confirmRestore', { name: l.name })} onConfirm={() => restore.mutateAsync(l.id)}>
            <Button type="link" size="small" icon={<UndoOutlined />} data-testid={`restore-${l.id}`}>
              {t('lift.action.restore')}
            </Button>
          </Popconfirm>
        )}
      />
      <LiftDetailDrawer id={detailId} onClose={() => setDetailId(null)} />
    </Card>
  );
}
