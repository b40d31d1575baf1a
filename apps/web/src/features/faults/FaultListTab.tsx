import { FAULT_STATES } from '@liftguard/contract/alerts/fault';
import { useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Modal, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { live } from '../../api/live.ts';
import { toast } from '../../app/feedback.tsx';
import { FAULT_COUNT_QUERY_KEY } from '../../app/shell/FaultBadge.tsx';
import { currentLocale } from '../../i18n/i18n.ts';
import { CommunitySelect } from '../lifts/CommunitySelect.tsx';
import { usePagedList } from '../lifts/usePagedList.ts';
import { FAULTS_QUERY_KEY, type FaultItem, fetchFaults, processFault } from './api.ts';
import { FAULT_HISTORY_YEARS, faultCodeOptions, faultText } from './catalogue.ts';
import { LiftSelect } from './LiftSelect.tsx';

type Filters = { range?: [Dayjs, Dayjs] | null; lift_id?: number | null; community_id?: number | null; code?: string; state?: string };

const fmt = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');

/** Fault list: date range (latest three years), lift, community, code and state filters; process a fault. */
export function FaultListTab() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const qc = useQueryClient();
  const list = usePagedList<FaultItem>(FAULTS_QUERY_KEY, fetchFaults);
  const [form] = Form.useForm<Filters>();
  const [processing, setProcessing] = useState<FaultItem | null>(null);
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  const earliest = dayjs().subtract(FAULT_HISTORY_YEARS, 'year').startOf('day');
  // a fault raised or solved anywhere in the scope shows up without a reload
  useEffect(() => live.on(['addF', 'delF', 'up_solve_fault'], () => void qc.invalidateQueries({ queryKey: FAULTS_QUERY_KEY })), [qc]);

  const apply = (v: Filters) =>
    list.setFilters({
      start: v.range?.[0]?.format('YYYY-MM-DD'),
      end: v.range?.[1]?.format('YYYY-MM-DD'),
      lift_id: v.lift_id ?? undefined,
      community_id: v.community_id ?? undefined,
      code: v.code || undefined,
      state: v.state || undefined,
    });

  const onProcess = async () => {
    if (!processing) return;
    setSaving(true);
    try {
      await processFault(processing.id, note.trim());
      toast.success(t('fault.process.done'));
      setProcessing(null);
      await Promise.all([qc.invalidateQueries({ queryKey: FAULTS_QUERY_KEY }), qc.invalidateQueries({ queryKey: FAULT_COUNT_QUERY_KEY })]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Form form={form} layout="inline" onFinish={apply} style={{ marginBottom: 16, rowGap: 8 }} data-testid="fault-filters">
        <Form.Item name="range" label={t('fault.filter.range')}>
          <DatePicker.RangePicker
            allowClear
            disabledDate={(d) => d.isBefore(earliest) || d.isAfter(dayjs().endOf('day'))}
            data-testid="fault-filter-range"
          />
        </Form.Item>
        <Form.Item name="lift_id">
          <LiftSelect placeholder={t('fault.filter.lift')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="community_id">
          <CommunitySelect style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="code">
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('fault.filter.code')}
            options={faultCodeOptions(locale)}
            style={{ width: 220 }}
          />
        </Form.Item>
        <Form.Item name="state">
          <Select
            allowClear
            placeholder={t('fault.filter.state')}
            options={FAULT_STATES.map((s) => ({ value: s, label: t(`fault.state.${s}`) }))}
            style={{ width: 130 }}
            data-testid="fault-filter-state"
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('fault.filter.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                list.setFilters({});
              }}
            >
              {t('fault.filter.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<FaultItem>
        rowKey="id"
        size="middle"
        data-testid="fault-table"
        loading={list.q.isFetching}
        dataSource={list.rows}
        pagination={list.pagination}
        onChange={list.onTableChange}
        scroll={{ x: 1480 }}
        columns={[
          { key: 'fault_no', title: t('fault.col.no'), width: 70, render: (_, r) => faultText(r.code, locale).no },
          {
            key: 'name',
            title: t('fault.col.name'),
            width: 220,
            render: (_, r) => {
              const f = faultText(r.code, locale);
              return (
                <Tooltip title={f.meaning}>
                  <Space size={4}>
                    {r.trapped ? <Tag color="red">{t('fault.trapped')}</Tag> : null}
                    <span>{f.name}</span>
                  </Space>
                </Tooltip>
              );
            },
          },
          {
            key: 'meaning',
            title: t('fault.col.meaning'),
            width: 200,
            ellipsis: true,
            render: (_, r) => (
              <Tooltip title={faultText(r.code, locale).meaning}>
                <Typography.Text type="secondary">{faultText(r.code, locale).meaning}</Typography.Text>
              </Tooltip>
            ),
          },
          { key: 'lift', title: t('fault.col.lift'), width: 180, render: (_, r) => `${r.lift_name} · ${r.lift_code}` },
          { key: 'location', title: t('fault.col.location'), width: 180, dataIndex: 'location' },
          { key: 'floor', title: t('fault.col.floor'), width: 70, render: (_, r) => r.floor_display ?? r.floor ?? '' },
          { key: 'insert_time', title: t('fault.col.time'), width: 170, render: (_, r) => fmt(r.insert_time) },
          {
            key: 'state',
            title: t('fault.col.state'),
            width: 110,
            render: (_, r) =>
              r.state === 'processed' ? (
                <Tag color="green">{t('fault.state.processed')}</Tag>
              ) : r.solved_at ? (
                <Tag color="blue">{t('fault.state.solved')}</Tag>
              ) : (
                <Tag color="red">{t('fault.state.untreated')}</Tag>
              ),
          },
          {
            key: 'handled',
            title: t('fault.col.handled'),
            width: 230,
            render: (_, r) =>
              r.state === 'processed' ? (
                <Space direction="vertical" size={0}>
                  <span>
                    {r.processed_by_name ?? ''} · {fmt(r.processed_at)}
                  </span>
                  {r.note ? <Typography.Text type="secondary">{r.note}</Typography.Text> : null}
                </Space>
              ) : null,
          },
          {
            key: 'actions',
            title: t('fault.col.actions'),
            width: 100,
            fixed: 'right',
            render: (_, r) =>
              r.state === 'untreated' ? (
                <Button
                  size="small"
                  type="primary"
                  data-testid={`fault-process-${r.id}`}
                  onClick={() => {
                    setNote('');
                    setProcessing(r);
                  }}
                >
                  {t('fault.process.action')}
                </Button>
              ) : null,
          },
        ]}
      />
      <Modal
        open={processing !== null}
        title={t('fault.process.title')}
        onCancel={() => setProcessing(null)}
        onOk={() => void onProcess()}
        okText={t('fault.process.ok')}
        cancelText={t('fault.process.cancel')}
        confirmLoading={saving}
        destroyOnHidden
      >
        {processing ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text>
              {processing.lift_name} · {faultText(processing.code, locale).name} · {fmt(processing.insert_time)}
            </Typography.Text>
            <Input.TextArea
              rows={4}
              maxLength={500}
              showCount
              value={note}
              onChange={(e) => setNote(e.target.value)}
              placeholder={t('fault.process.note')}
              data-testid="fault-process-note"
            />
          </Space>
        ) : null}
      </Modal>
    </>
  );
}
