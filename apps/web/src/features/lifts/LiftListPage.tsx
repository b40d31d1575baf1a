import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { TLift } from '@liftguard/contract/registry/lift';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Space, Spin, Tabs, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { toast } from '../../app/feedback.tsx';
import { RemoteControlButton } from '../commands/RemoteControlButton.tsx';
import { deleteLift, listLifts } from './api.ts';
import { BatchEditModal } from './BatchEditModal.tsx';
import { ImportModal } from './ImportModal.tsx';
import { LiftDetailDrawer } from './LiftDetailDrawer.tsx';
import { LiftFilters } from './LiftFilters.tsx';
import { LiftFormDrawer } from './LiftFormDrawer.tsx';
import { LiftTable } from './LiftTable.tsx';
import { downloadFile } from './transfer.ts';
import { usePagedList } from './usePagedList.ts';

// Leaflet and its stylesheet load only when the map tab opens
const LiftMapPanel = lazy(() => import('../map/LiftMapPanel.tsx'));
const IMPORT_INVALIDATE = ['lift'] as const;

/** /device/list: the lift register — list with filters, favourites, form, batch edit, export, import and the map. */
export default function LiftListPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'map' ? 'map' : 'list';
  const detailId = Number(params.get('lift')) || null;
  const list = usePagedList(['lift', 'list'], (q, signal) => listLifts('list', q, signal));
  const [editing, setEditing] = useState<TLift | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [batchOpen, setBatchOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);

  const setParam = (key: string, value: string | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (value === null) next.delete(key);
      else next.set(key, value);
      return next;
    });
  const openDetail = (id: number | null) => setParam('lift', id === null ? null : String(id));
  const openForm = (lift: TLift | null) => {
    setEditing(lift);
    setFormOpen(true);
  };

  const remove = useMutation({
    mutationFn: deleteLift,
    onSuccess: () => {
      toast.success(t('lift.deleted'));
      void qc.invalidateQueries({ queryKey: ['lift'] });
    },
  });

  const listTab = (
    <>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <LiftFilters value={list.filters} onChange={list.setFilters} />
        <Space wrap style={{ marginBottom: 12 }}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)} data-testid="lift-add">
            {t('lift.action.add')}
          </Button>
          <Button icon={<EditOutlined />} disabled={selected.length === 0} onClick={() => setBatchOpen(true)}>
            {t('lift.action.batchEdit')}
            {selected.length ? ` (${selected.length})` : ''}
          </Button>
          <Button icon={<UploadOutlined />} onClick={() => setImportOpen(true)} data-testid="lift-import">
            {t('lift.action.import')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => {
              const { page: _p, size: _s, ...filters } = list.query;
              void downloadFile('/device/export', filters, 'lifts.xlsx');
            }}
          >
            {t('lift.action.export')}
          </Button>
        </Space>
      </Space>
      <LiftTable
        favourites
        actionsWidth={390}
        rows={list.rows}
        loading={list.q.isFetching}
        pagination={list.pagination}
        onChange={list.onTableChange}
        sortOrderOf={list.sortOrderOf}
        onOpenDetail={openDetail}
        selectedIds={selected}
        onSelect={setSelected}
        actions={(l) => (
          <Space size={4} wrap={false}>
            <Link to={`/device/list/${l.id}`} data-testid={`lift-page-${l.id}`}>
              {t('lift.action.detail')}
            </Link>
            <Link to={`/device/monitor/${l.id}`}>{t('lift.action.monitor')}</Link>
            <RemoteControlButton lift={l} />
            <Button type="link" size="small" onClick={() => openForm(l)}>
              {t('lift.action.edit')}
            </Button>
            <Popconfirm
              title={t('lift.confirmDelete', { name: l.name })}
              description={t('lift.confirmDeleteHint')}
              okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutateAsync(l.id)}
            >
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('lift.action.delete')}
                data-testid={`delete-${l.id}`}
              />
            </Popconfirm>
          </Space>
        )}
      />
    </>
  );

  return (
    <Card variant="borderless">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('route.device_list')}
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(k) => setParam('tab', k === 'map' ? 'map' : null)}
        items={[
          { key: 'list', label: t('lift.tab.list'), children: listTab },
          {
            key: 'map',
            label: t('lift.tab.map'),
            children: (
              <Suspense fallback={<Spin />}>
                <LiftMapPanel onOpenDetail={openDetail} />
              </Suspense>
            ),
          },
        ]}
      />
      <LiftDetailDrawer id={detailId} onClose={() => openDetail(null)} onEdit={(l) => openForm(l)} />
      <LiftFormDrawer open={formOpen} lift={editing} onClose={() => setFormOpen(false)} />
      <BatchEditModal
        ids={selected}
        open={batchOpen}
        onClose={(done) => {
          setBatchOpen(false);
          if (done) setSelected([]);
        }}
      />
      <ImportModal
        open={importOpen}
        onClose={() => setImportOpen(false)}
        title={t('lift.import.title')}
        importPath="/device/import"
        templatePath="/device/import/template"
        templateName="lift-import-template.xlsx"
        invalidate={IMPORT_INVALIDATE}
      />
    </Card>
  );
}
