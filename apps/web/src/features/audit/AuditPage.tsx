import type { TAuditEntry } from '@liftguard/contract/org/audit';
import { Button, Card, DatePicker, Flex, Form, Select, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { listAudit } from '../org/api.ts';
import { usePaged } from '../org/usePaged.ts';
import { UserPicker } from './UserPicker.tsx';

const ACTIONS = [
  'login',
  'logout',
  'user.setcompany',
  'user.updatepwd',
  'password.reset',
  'permission.denied',
  'company.create',
  'company.update',
  'company.move',
  'company.delete',
  'company.logo',
  'role.create',
  'role.update',
  'role.delete',
  'user.create',
  'user.update',
  'user.delete',
  'user.export',
  'membership.save',
  'membership.delete',
  'community.create',
  'community.update',
  'community.delete',
  'building.create',
  'unit.create',
];

type Filters = { action?: string; user_id?: number; range?: [Dayjs | null, Dayjs | null] | null };

/** `/system/audit`: who did what, when and from where (root: everything; company administrators: their scope). */
export default function AuditPage() {
  const { t } = useTranslation();
  const paged = usePaged(['org', 'audit'], listAudit);
  const onFilter = (f: Filters) =>
    paged.setFilters({
      action: f.action?.trim() || undefined,
      user_id: f.user_id,
      from: f.range?.[0]?.startOf('day').toISOString(),
      to: f.range?.[1]?.endOf('day').toISOString(),
    });
  return (
    <Card title={t('route.system_audit')} data-testid="audit-page">
      <Form<Filters> layout="inline" onFinish={onFilter} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="action" label={t('org.audit.action')}>
          <Select
            allowClear
            showSearch
            style={{ width: 220 }}
            options={ACTIONS.map((a) => ({ value: a, label: a }))}
            data-testid="audit-action"
          />
        </Form.Item>
        <Form.Item name="user_id" label={t('org.audit.user')}>
          <UserPicker />
        </Form.Item>
        <Form.Item name="range" label={t('org.audit.range')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
        <Form.Item>
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" data-testid="audit-search">
              {t('org.action.search')}
            </Button>
            <Button htmlType="reset" onClick={() => paged.setFilters({})}>
              {t('org.action.reset')}
            </Button>
          </Flex>
        </Form.Item>
      </Form>
      <Table<TAuditEntry>
        rowKey="id"
        size="middle"
        loading={paged.isFetching}
        dataSource={paged.rows}
        pagination={{ ...paged.pagination, showTotal: (n) => t('org.total', { count: n }) }}
        scroll={{ x: 1000 }}
        expandable={{
          rowExpandable: (r) => r.detail !== null,
          expandedRowRender: (r) => <Typography.Text code>{JSON.stringify(r.detail)}</Typography.Text>,
        }}
        columns={[
          {
            key: 'at',
            title: t('org.audit.at'),
            dataIndex: 'at',
            width: 190,
            render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
          },
          { key: 'user', title: t('org.audit.user'), dataIndex: 'username', render: (v) => v ?? '—' },
          { key: 'action', title: t('org.audit.action'), dataIndex: 'action', render: (v: string) => <Tag>{v}</Tag> },
          { key: 'target', title: t('org.audit.target'), dataIndex: 'target', render: (v) => v ?? '—' },
          {
            key: 'result',
            title: t('org.audit.result'),
            dataIndex: 'result',
            render: (v: string) => <Tag color={v === 'ok' ? 'green' : v === 'denied' ? 'orange' : 'red'}>{v}</Tag>,
          },
          { key: 'ip', title: t('org.audit.ip'), dataIndex: 'ip', render: (v) => v ?? '—' },
        ]}
      />
    </Card>
  );
}
