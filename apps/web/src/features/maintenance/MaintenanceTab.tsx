import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { MAINTENANCE_TYPES, type TMaintenanceRecord } from '@liftguard/contract/maintenance/index';
import type { TLift } from '@liftguard/contract/registry/lift';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Form, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/feedback.tsx';
import { useCompanyOptions } from '../lifts/useCompanyOptions.ts';
import { usePagedList } from '../lifts/usePagedList.ts';
import { deleteMaintenance, listMaintenance, MAINTENANCE_QUERY_KEY } from './api.ts';
import { MaintenanceFormModal } from './MaintenanceFormModal.tsx';
import { MAINTENANCE_TYPE_COLOUR } from './maintenance-form.ts';

type Filters = { type?: string | null; range?: [Dayjs, Dayjs] | null };

/** The maintenance records of one lift: type and date filters, add, edit and delete (SPEC.md §3). */
export function MaintenanceTab({ lift }: { lift: TLift }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const list = usePagedList<TMaintenanceRecord>([...MAINTENANCE_QUERY_KEY, 'list', lift.id], (q, signal) =>
    listMaintenance({ ...q, lift_id: lift.id }, signal),
  );
  const [form] = Form.useForm<Filters>();
  const [editing, setEditing] = useState<TMaintenanceRecord | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const writable = !lift.deleted_at;
  // the form's unit list, loaded before the form opens
  useCompanyOptions();

  const openForm = (r: TMaintenanceRecord | null) => {
    setEditing(r);
    setFormOpen(true);
  };
  const remove = useMutation({
    mutationFn: deleteMaintenance,
    onSuccess: () => {
      toast.success(t('maintenance.deleted'));
      void qc.invalidateQueries({ queryKey: MAINTENANCE_QUERY_KEY });
    },
  });
  const apply = (v: Filters) =>
    list.setFilters({
      type: v.type || undefined,
      date_from: v.range?.[0]?.format('YYYY-MM-DD'),
      date_to: v.range?.[1]?.format('YYYY-MM-DD'),
    });

  return (
    <>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
        <Form form={form} layout="inline" onFinish={apply} style={{ rowGap: 8 }} data-testid="maintenance-filters">
          <Form.Item name="type">
            <Select
              allowClear
              placeholder={t('maintenance.filter.type')}
              style={{ width: 200 }}
              options={MAINTENANCE_TYPES.map((k) => ({ value: k, label: t(`maintenance.type.${k}`) }))}
              data-testid="maintenance-filter-type"
            />
          </Form.Item>
          <Form.Item name="range" label={t('maintenance.filter.range')}>
            <DatePicker.RangePicker allowClear />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                {t('maintenance.filter.search')}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  list.setFilters({});
                }}
              >
                {t('maintenance.filter.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
        {writable && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)} data-testid="maintenance-add">
            {t('maintenance.action.add')}
          </Button>
        )}
      </Space>
      <Table<TMaintenanceRecord>
        rowKey="id"
        size="middle"
        data-testid="maintenance-table"
        loading={list.q.isFetching}
        dataSource={list.rows}
        pagination={{ ...list.pagination, showTotal: (total) => t('maintenance.total', { count: total }) }}
        onChange={list.onTableChange}
        locale={{ emptyText: t('maintenance.empty') }}
        scroll={{ x: 960 }}
        columns={[
          {
            key: 'date',
            dataIndex: 'date',
            title: t('maintenance.field.date'),
            width: 120,
            sorter: true,
            sortOrder: list.sortOrderOf('date'),
            render: (v: string) => dayjs(v).format('YYYY-MM-DD'),
          },
          {
            key: 'type',
            dataIndex: 'type',
            title: t('maintenance.field.type'),
            width: 170,
            render: (v: TMaintenanceRecord['type']) => <Tag color={MAINTENANCE_TYPE_COLOUR[v]}>{t(`maintenance.type.${v}`)}</Tag>,
          },
          { key: 'unit', dataIndex: 'unit_name', title: t('maintenance.field.unit'), width: 190, ellipsis: true },
          { key: 'person', dataIndex: 'person', title: t('maintenance.field.person'), width: 120, ellipsis: true },
          {
            key: 'content',
            dataIndex: 'content',
            title: t('maintenance.field.content'),
            ellipsis: { showTitle: true },
          },
          {
            key: 'remark',
            dataIndex: 'remark',
            title: t('maintenance.field.remark'),
            width: 160,
            ellipsis: { showTitle: true },
            render: (v: string | null) => v ?? <Typography.Text type="secondary">—</Typography.Text>,
          },
          ...(writable
            ? [
                {
                  key: 'actions',
                  title: '',
                  width: 96,
                  fixed: 'right' as const,
                  render: (_: unknown, r: TMaintenanceRecord) => (
                    <Space size={4}>
                      <Button
                        type="link"
                        size="small"
                        icon={<EditOutlined />}
                        aria-label={t('maintenance.action.edit')}
                        title={t('maintenance.action.edit')}
                        onClick={() => openForm(r)}
                        data-testid={`maintenance-edit-${r.id}`}
                      />
                      <Popconfirm
                        title={t('maintenance.confirmDelete', { date: r.date })}
                        okButtonProps={{ danger: true }}
                        okText={t('maintenance.action.delete')}
                        cancelText={t('maintenance.action.cancel')}
                        onConfirm={() => remove.mutateAsync(r.id)}
                      >
                        <Button
                          type="link"
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('maintenance.action.delete')}
                          title={t('maintenance.action.delete')}
                          data-testid={`maintenance-delete-${r.id}`}
                        />
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <MaintenanceFormModal
        open={formOpen}
        lift={lift}
        record={editing}
        lastUnit={list.rows[0]?.unit_company_id ?? null}
        onClose={() => setFormOpen(false)}
      />
    </>
  );
}
