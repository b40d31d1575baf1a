import { SMS_STATUSES } from '@liftguard/contract/alerts/sms';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Input, Row, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/feedback.tsx';
import { usePagedList } from '../lifts/usePagedList.ts';
import { fetchSmsRecords, fetchSmsUsage, requestSignature, SMS_USAGE_KEY, type SmsRecord, type SmsUsage } from './api.ts';
import { UsageChart } from './UsageChart.tsx';

const STATUS_COLOR: Record<string, string> = { sent: 'green', queued: 'blue', suppressed: 'default', failed: 'red' };
const STATE_COLOR: Record<SmsUsage['signature_state'], string> = { none: 'default', review: 'gold', approved: 'green', rejected: 'red' };

/** The company SMS signature: request, then in review / approved / rejected (click to edit again). */
function Signature({ usage }: { usage: SmsUsage }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [editing, setEditing] = useState(usage.signature_state === 'none');
  const [text, setText] = useState(usage.sms_signature ?? '');
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    setSaving(true);
    try {
      await requestSignature(text.trim());
      toast.success(t('sms.signature.sent'));
      setEditing(false);
      await qc.invalidateQueries({ queryKey: SMS_USAGE_KEY });
    } finally {
      setSaving(false);
    }
  };
  if (editing)
    return (
      <Space.Compact style={{ width: '100%' }}>
        <Input
          value={text}
          maxLength={12}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('sms.signature.placeholder')}
          data-testid="sms-signature-input"
        />
        <Button type="primary" loading={saving} disabled={text.trim().length < 2} onClick={() => void submit()}>
          {t('sms.signature.submit')}
        </Button>
      </Space.Compact>
    );
  return (
    <Tooltip title={t('sms.signature.editHint')}>
      <Button type="link" style={{ padding: 0 }} onClick={() => setEditing(true)} data-testid="sms-signature-state">
        <Space>
          <span>【{usage.sms_signature ?? ''}】</span>
          <Tag color={STATE_COLOR[usage.signature_state]}>{t(`sms.signature.state.${usage.signature_state}`)}</Tag>
        </Space>
      </Button>
    </Tooltip>
  );
}

/** SMS usage vs. limit, the signature, and every SMS of the scope (sent or suppressed with the reason). */
export function SmsTab() {
  const { t } = useTranslation();
  const usage = useQuery({ queryKey: SMS_USAGE_KEY, queryFn: fetchSmsUsage });
  const list = usePagedList<SmsRecord>(['sms', 'list'], fetchSmsRecords);
  const u = usage.data;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Card size="small" title={t('sms.usage.title')}>
            {u ? <UsageChart count={u.sms_count} limit={u.sms_limit} /> : null}
          </Card>
        </Col>
        <Col xs={24} md={16}>
          <Card size="small" title={t('sms.signature.title')} style={{ height: '100%' }}>
            {u ? (
              <Descriptions column={1} size="small">
                <Descriptions.Item label={t('sms.usage.enable')}>{t(`sms.enable.${u.sms_enable}`)}</Descriptions.Item>
                <Descriptions.Item label={t('sms.usage.count')}>
                  {u.sms_count} / {u.sms_limit}
                </Descriptions.Item>
                <Descriptions.Item label={t('sms.signature.label')}>
                  <Signature key={`${u.signature_state}-${u.sms_signature ?? ''}`} usage={u} />
                </Descriptions.Item>
              </Descriptions>
            ) : null}
          </Card>
        </Col>
      </Row>
      <Space wrap>
        <Select
          allowClear
          placeholder={t('sms.col.status')}
          style={{ width: 160 }}
          options={SMS_STATUSES.map((s) => ({ value: s, label: t(`sms.status.${s}`) }))}
          onChange={(v: string | undefined) => list.setFilters({ ...list.filters, status: v })}
          data-testid="sms-status-filter"
        />
        <Input.Search
          allowClear
          placeholder={t('sms.search')}
          style={{ width: 280 }}
          onSearch={(v) => list.setFilters({ ...list.filters, keyword: v.trim() || undefined })}
          data-testid="sms-search"
        />
      </Space>
      <Table<SmsRecord>
        rowKey="id"
        size="middle"
        data-testid="sms-table"
        loading={list.q.isFetching}
        dataSource={list.rows}
        pagination={list.pagination}
        onChange={list.onTableChange}
        scroll={{ x: 900 }}
        columns={[
          {
            key: 'insert_time',
            title: t('sms.col.time'),
            width: 170,
            render: (_, r) => dayjs(r.insert_time).format('YYYY-MM-DD HH:mm:ss'),
          },
          { key: 'lift', title: t('sms.col.lift'), render: (_, r) => r.lift_name ?? '' },
          { key: 'mobile', title: t('sms.col.mobile'), width: 150, dataIndex: 'mobile' },
          {
            key: 'status',
            title: t('sms.col.status'),
            render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{t(`sms.status.${r.status}`)}</Tag>,
          },
          {
            key: 'reason',
            title: t('sms.col.reason'),
            render: (_, r) => {
              const reason = r.reason ? (
                <Typography.Text type={r.status === 'failed' ? 'danger' : 'secondary'} data-testid={`sms-reason-${r.id}`}>
                  {t(`sms.reason.${r.reason}`, { defaultValue: r.reason })}
                </Typography.Text>
              ) : null;
              // the provider's own message, and attempts whose outcome is unknown (timeouts)
              const detail = [
                r.last_error,
                r.unknown_outcomes > 0 ? t('sms.unknownOutcomes', { count: r.unknown_outcomes }) : null,
                r.attempts > 1 ? t('sms.attempts', { count: r.attempts }) : null,
              ]
                .filter(Boolean)
                .join(' · ');
              return detail && (reason || r.status === 'sent') ? (
                <Tooltip title={detail}>
                  {reason ?? <Typography.Text type="secondary">{t('sms.attempts', { count: r.attempts })}</Typography.Text>}
                </Tooltip>
              ) : (
                reason
              );
            },
          },
          {
            key: 'body',
            title: t('sms.col.body'),
            width: 380,
            ellipsis: true,
            render: (_, r) => <Tooltip title={r.body}>{r.body}</Tooltip>,
          },
        ]}
      />
    </Space>
  );
}
