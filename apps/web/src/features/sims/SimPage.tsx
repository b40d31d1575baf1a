import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { SIM_CARRIERS, SIM_NET_TYPES, SIM_STATES, type TSim, type TSimState } from '@liftguard/contract/registry/sim';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Popconfirm, Progress, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/feedback.tsx';
import { ImportModal } from '../lifts/ImportModal.tsx';
import { usePagedList } from '../lifts/usePagedList.ts';
import { deleteSim, listSims } from './api.ts';
import { SimFormModal } from './SimFormModal.tsx';
import { SIM_STATE_COLOUR, trafficPercent } from './sim-state.ts';

const INVALIDATE = ['sim'] as const;

/** /device/sim: SIM cards with every state (incl. about to expire, traffic nearly used up), filters, form and import. */
export default function SimPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const list = usePagedList(['sim', 'list'], listSims);
  const [editing, setEditing] = useState<TSim | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const remove = useMutation({
    mutationFn: deleteSim,
    onSuccess: () => {
      toast.success(t('sim.deleted'));
      void qc.invalidateQueries({ queryKey: ['sim'] });
    },
  });
  const set = (k: string, v: string | undefined) => list.setFilters({ ...list.filters, [k]: v });
  const sortable = (key: string) => ({ key, sorter: true, sortOrder: list.sortOrderOf(key) });
  const columns: ColumnsType<TSim> = [
    { title: 'IMSI', dataIndex: 'imsi', ...sortable('imsi') },
    { title: t('sim.field.bs_number'), dataIndex: 'bs_number', render: (v: string | null) => v ?? '—' },
    {
      title: t('sim.field.carrier'),
      dataIndex: 'carrier',
      render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{t(`sim.carrier.${v}`, { defaultValue: v })}</span>,
    },
    {
      title: t('sim.field.state'),
      dataIndex: 'display_state',
      render: (v: TSimState) => <Tag color={SIM_STATE_COLOUR[v]}>{t(`sim.state.${v}`)}</Tag>,
    },
    { title: t('sim.field.net_type'), dataIndex: 'net_type', render: (v: string | null) => v ?? '—' },
    { title: t('sim.field.open_date'), dataIndex: 'open_date', ...sortable('open_date'), render: (v: string | null) => v ?? '—' },
    {
      title: t('sim.field.traffic_expire'),
      dataIndex: 'traffic_expire',
      ...sortable('traffic_expire'),
      render: (v: string | null) => v ?? '—',
    },
    { title: t('sim.field.package'), dataIndex: 'package', render: (v: string | null) => v ?? '—' },
    {
      title: t('sim.field.traffic'),
      key: 'traffic',
      width: 180,
      render: (_, s) => {
        const p = trafficPercent(s);
        return p === null ? (
          `${s.traffic_used_mb} MB`
        ) : (
          <Progress
            percent={p}
            size="small"
            status={s.display_state === 'traffic_low' ? 'exception' : 'normal'}
            format={() => `${s.traffic_used_mb}/${s.traffic_total_mb} MB`}
          />
        );
      },
    },
    { title: t('sim.field.terminal_id'), dataIndex: 'terminal_id', render: (v: string | null) => v ?? '—' },
    {
      title: t('lift.column.actions'),
      key: 'a',
      render: (_, s) => (
        <Space size={4}>
          <Button
            type="link"
            size="small"
            onClick={() => {
              setEditing(s);
              setFormOpen(true);
            }}
          >
            {t('lift.action.edit')}
          </Button>
          <Popconfirm
            title={t('sim.confirmDelete', { imsi: s.imsi })}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutateAsync(s.id)}
          >
            <Button type="link" size="small" danger>
              {t('lift.action.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <Card variant="borderless">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('route.device_sim')}
      </Typography.Title>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('sim.search')}
            style={{ width: 260 }}
            onSearch={(v) => set('keyword', v.trim() || undefined)}
          />
          <Select
            allowClear
            style={{ width: 170 }}
            placeholder={t('sim.field.state')}
            options={SIM_STATES.map((s) => ({ value: s, label: t(`sim.state.${s}`) }))}
            onChange={(v: string | undefined) => set('state', v)}
          />
          <Select
            allowClear
            style={{ width: 150 }}
            placeholder={t('sim.field.carrier')}
            options={SIM_CARRIERS.map((c) => ({ value: c, label: t(`sim.carrier.${c}`) }))}
            onChange={(v: string | undefined) => set('carrier', v)}
          />
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('sim.field.net_type')}
            options={SIM_NET_TYPES.map((n) => ({ value: n, label: n }))}
            onChange={(v: string | undefined) => set('net_type', v)}
          />
          <Select
            allowClear
            style={{ width: 200 }}
            placeholder={t('lift.filter.bound')}
            options={[
              { value: '1', label: t('lift.filter.yes') },
              { value: '0', label: t('lift.filter.no') },
            ]}
            onChange={(v: string | undefined) => set('bound', v)}
          />
        </Space>
        <Space>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            {t('sim.action.add')}
          </Button>
          <Button icon={<UploadOutlined />} onClick={() => setImportOpen(true)}>
            {t('lift.action.import')}
          </Button>
        </Space>
      </Space>
      <Table<TSim>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.rows}
        loading={list.q.isFetching}
        pagination={{ ...list.pagination, showTotal: (n) => t('lift.total', { count: n }) }}
        onChange={list.onTableChange}
        scroll={{ x: 1200 }}
      />
      <SimFormModal open={formOpen} sim={editing} onClose={() => setFormOpen(false)} />
      <ImportModal
        open={importOpen}
        onClose={() => setImportOpen(false)}
        title={t('sim.importTitle')}
        importPath="/device/sim/import"
        templatePath="/device/sim/import/template"
        templateName="sim-import-template.xlsx"
        invalidate={INVALIDATE}
      />
    </Card>
  );
}
