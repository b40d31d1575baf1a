import { PlusOutlined } from '@ant-design/icons';
import { TERMINAL_TYPES, type TTerminal } from '@liftguard/contract/registry/terminal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Input, Popconfirm, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/feedback.tsx';
import { usePagedList } from '../lifts/usePagedList.ts';
import { OtaToolbar } from '../ota/OtaToolbar.tsx';
import { deleteTerminal, listTerminals } from './api.ts';
import { RegisterTerminalModal } from './RegisterTerminalModal.tsx';

/** Terminals by type with bound/unbound and online filters, version number, last seen; register and delete. */
export function TerminalList() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const list = usePagedList(['terminal', 'list'], listTerminals);
  const [registering, setRegistering] = useState(false);
  const [selected, setSelected] = useState<TTerminal[]>([]);
  const remove = useMutation({
    mutationFn: deleteTerminal,
    onSuccess: () => {
      toast.success(t('terminal.deleted'));
      void qc.invalidateQueries({ queryKey: ['terminal'] });
    },
  });
  const set = (k: string, v: string | undefined) => list.setFilters({ ...list.filters, [k]: v });
  const yesNo = (yes: string, no: string) => [
    { value: '1', label: yes },
    { value: '0', label: no },
  ];
  const sortable = (key: string) => ({ key, sorter: true, sortOrder: list.sortOrderOf(key) });
  const columns: ColumnsType<TTerminal> = [
    { title: t('terminal.field.terminal_id'), dataIndex: 'terminal_id', ...sortable('terminal_id') },
    {
      title: t('terminal.field.type'),
      dataIndex: 'type',
      render: (v: TTerminal['type']) => <Tag>{t(`terminal.type.${v}`)}</Tag>,
      ...sortable('type'),
    },
    { title: t('terminal.field.face_id'), dataIndex: 'face_id', render: (v: string | null) => v ?? '—' },
    { title: t('terminal.field.version'), dataIndex: 'version', render: (v: string | null) => v ?? '—', ...sortable('version') },
    {
      title: t('terminal.field.version_number'),
      dataIndex: 'version_number',
      render: (v: number | null) =>
        v === null ? <Typography.Text type="secondary">{t('terminal.noVersion')}</Typography.Text> : String(v).padStart(4, '0'),
    },
    {
      title: t('terminal.field.bound'),
      dataIndex: 'lift_name',
      render: (v: string | null, r) => (r.bound ? <Tag color="blue">{v ?? `#${r.lift_id}`}</Tag> : <Tag>{t('terminal.unbound')}</Tag>),
    },
    {
      title: t('terminal.field.online'),
      dataIndex: 'online',
      render: (v: boolean) => <Badge status={v ? 'success' : 'default'} text={t(v ? 'terminal.online' : 'terminal.offline')} />,
    },
    {
      title: t('terminal.field.last_seen_at'),
      dataIndex: 'last_seen_at',
      ...sortable('last_seen_at'),
      render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : t('terminal.never')),
    },
    {
      title: t('lift.column.actions'),
      key: 'actions',
      render: (_, r) =>
        r.bound ? null : (
          <Popconfirm
            title={t('terminal.confirmDelete', { id: r.terminal_id })}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutateAsync(r.id)}
          >
            <Button type="link" size="small" danger>
              {t('terminal.action.delete')}
            </Button>
          </Popconfirm>
        ),
    },
  ];
  return (
    <>
      <Tabs
        size="small"
        activeKey={(list.filters.type as string | undefined) ?? 'all'}
        onChange={(k) => set('type', k === 'all' ? undefined : k)}
        items={[
          { key: 'all', label: t('terminal.type.all') },
          ...TERMINAL_TYPES.map((ty) => ({ key: ty, label: t(`terminal.type.${ty}`) })),
        ]}
      />
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('terminal.search')}
            style={{ width: 220 }}
            onSearch={(v) => set('keyword', v.trim() || undefined)}
          />
          <Select
            allowClear
            style={{ width: 200 }}
            placeholder={t('terminal.field.bound')}
            options={yesNo(t('terminal.bound'), t('terminal.unbound'))}
            onChange={(v: string | undefined) => set('bound', v)}
          />
          <Select
            allowClear
            style={{ width: 150 }}
            placeholder={t('terminal.field.online')}
            options={yesNo(t('terminal.online'), t('terminal.offline'))}
            onChange={(v: string | undefined) => set('online', v)}
          />
        </Space>
        <OtaToolbar selected={selected.map((r) => r.terminal_id)} />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setRegistering(true)} data-testid="terminal-add">
          {t('terminal.action.register')}
        </Button>
      </Space>
      <Table<TTerminal>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.rows}
        loading={list.q.isFetching}
        pagination={{ ...list.pagination, showTotal: (n) => t('lift.total', { count: n }) }}
        onChange={list.onTableChange}
        rowSelection={{
          selectedRowKeys: selected.map((r) => r.id),
          onChange: (_, rows) => setSelected(rows),
          preserveSelectedRowKeys: true,
        }}
        scroll={{ x: 1000 }}
      />
      <RegisterTerminalModal open={registering} onClose={() => setRegistering(false)} />
    </>
  );
}
