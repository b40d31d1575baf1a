import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Modal, Popconfirm, Space, Switch, Table, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/feedback.tsx';
import { LiftSelect } from '../faults/LiftSelect.tsx';
import { usePagedList } from '../lifts/usePagedList.ts';
import {
  type AccountInput,
  addAccount,
  deleteAccount,
  fetchAccounts,
  fetchLiftParams,
  fetchPushLogs,
  type LiftPushParams,
  type PusherAccount,
  type PushLog,
  pushLift,
  saveLiftParams,
  updateAccount,
} from './api.ts';

const ACCOUNTS_KEY = ['pusher', 'accounts'] as const;
const LOGS_KEY = ['pusher', 'logs'] as const;
const fmt = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');

function AccountsTab() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const list = usePagedList<PusherAccount>(ACCOUNTS_KEY, fetchAccounts);
  const [editing, setEditing] = useState<PusherAccount | 'new' | null>(null);
  const [form] = Form.useForm<AccountInput>();
  const [saving, setSaving] = useState(false);
  const refresh = () => qc.invalidateQueries({ queryKey: ACCOUNTS_KEY });

  const open = (row: PusherAccount | 'new') => {
    setEditing(row);
    form.setFieldsValue(row === 'new' ? { name: '', base_url: '', account: '', secret: '', enabled: true } : { ...row, secret: '' });
  };
  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      if (editing === 'new') await addAccount(v);
      else if (editing) await updateAccount({ ...v, id: editing.id });
      toast.success(t('pusher.saved'));
      setEditing(null);
      await refresh();
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <Button type="primary" onClick={() => open('new')} style={{ marginBottom: 16 }} data-testid="pusher-add">
        {t('pusher.account.add')}
      </Button>
      <Table<PusherAccount>
        rowKey="id"
        size="middle"
        data-testid="pusher-accounts"
        loading={list.q.isFetching}
        dataSource={list.rows}
        pagination={list.pagination}
        onChange={list.onTableChange}
        columns={[
          { key: 'name', title: t('pusher.account.name'), dataIndex: 'name' },
          { key: 'base_url', title: t('pusher.account.baseUrl'), dataIndex: 'base_url', ellipsis: true },
          { key: 'account', title: t('pusher.account.account'), dataIndex: 'account' },
          {
            key: 'enabled',
            title: t('pusher.account.enabled'),
            render: (_, r) => (r.enabled ? <Tag color="green">{t('pusher.on')}</Tag> : <Tag>{t('pusher.off')}</Tag>),
          },
          { key: 'insert_time', title: t('pusher.time'), render: (_, r) => fmt(r.insert_time) },
          {
            key: 'actions',
            title: t('pusher.actions'),
            render: (_, r) => (
              <Space>
                <Button size="small" onClick={() => open(r)}>
                  {t('pusher.edit')}
                </Button>
                <Popconfirm
                  title={t('pusher.account.deleteConfirm')}
                  okText={t('pusher.ok')}
                  cancelText={t('pusher.cancel')}
                  onConfirm={async () => {
                    await deleteAccount(r.id);
                    toast.success(t('pusher.deleted'));
                    await refresh();
                  }}
                >
                  <Button size="small" danger>
                    {t('pusher.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('pusher.account.add') : t('pusher.account.edit')}
        onCancel={() => setEditing(null)}
        onOk={() => void save()}
        okText={t('pusher.ok')}
        cancelText={t('pusher.cancel')}
        confirmLoading={saving}
        forceRender
      >
        <Form form={form} layout="vertical" data-testid="pusher-account-form">
          <Form.Item name="name" label={t('pusher.account.name')} rules={[{ required: true, max: 64, message: t('pusher.required') }]}>
            <Input />
          </Form.Item>
          <Form.Item
            name="base_url"
            label={t('pusher.account.baseUrl')}
            rules={[{ required: true, pattern: /^https?:\/\/\S+$/, message: t('pusher.account.urlInvalid') }]}
          >
            <Input placeholder="https://" />
          </Form.Item>
          <Form.Item
            name="account"
            label={t('pusher.account.account')}
            rules={[{ required: true, max: 128, message: t('pusher.required') }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="secret"
            label={t('pusher.account.secret')}
            extra={editing !== 'new' && editing?.has_secret ? t('pusher.account.secretKeep') : undefined}
            rules={[{ required: true, max: 128, message: t('pusher.required') }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="enabled" label={t('pusher.account.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

const PARAM_FIELDS = ['serial_number', 'manufacturer_credit_code', 'registration_code'] as const;

function LiftParamsTab() {
  const { t } = useTranslation();
  const [liftId, setLiftId] = useState<number | null>(null);
  const [form] = Form.useForm<LiftPushParams>();
  const [busy, setBusy] = useState(false);
  const pick = async (id: number | null) => {
    setLiftId(id);
    form.resetFields();
    if (id) form.setFieldsValue(await fetchLiftParams(id));
  };
  const save = async (push: boolean) => {
    if (!liftId) return;
    const v = await form.validateFields();
    setBusy(true);
    try {
      await saveLiftParams({ ...v, lift_id: liftId });
      if (push) await pushLift(liftId);
      toast.success(push ? t('pusher.params.pushed') : t('pusher.saved'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%', maxWidth: 560 }}>
      <LiftSelect placeholder={t('pusher.params.lift')} value={liftId} onChange={(v) => void pick(v)} style={{ width: '100%' }} />
      {liftId ? (
        <Form form={form} layout="vertical" data-testid="pusher-params-form">
          {PARAM_FIELDS.map((f) => (
            <Form.Item
              key={f}
              name={f}
              label={t(`pusher.params.${f}`)}
              rules={[{ required: true, whitespace: true, max: 64, message: t('pusher.required') }]}
            >
              <Input />
            </Form.Item>
          ))}
          <Space>
            <Button type="primary" loading={busy} onClick={() => void save(false)}>
              {t('pusher.params.save')}
            </Button>
            <Button loading={busy} onClick={() => void save(true)}>
              {t('pusher.params.saveAndPush')}
            </Button>
          </Space>
        </Form>
      ) : (
        <Typography.Text type="secondary">{t('pusher.params.pickLift')}</Typography.Text>
      )}
    </Space>
  );
}

function LogsTab() {
  const { t } = useTranslation();
  const list = usePagedList<PushLog>(LOGS_KEY, fetchPushLogs);
  const color = { queued: 'blue', sent: 'green', failed: 'red' } as const;
  return (
    <Table<PushLog>
      rowKey="id"
      size="middle"
      data-testid="pusher-logs"
      loading={list.q.isFetching}
      dataSource={list.rows}
      pagination={list.pagination}
      onChange={list.onTableChange}
      columns={[
        { key: 'insert_time', title: t('pusher.time'), render: (_, r) => fmt(r.insert_time) },
        { key: 'account', title: t('pusher.log.account'), dataIndex: 'account_name' },
        { key: 'lift', title: t('pusher.log.lift'), dataIndex: 'lift_name' },
        { key: 'kind', title: t('pusher.log.kind'), render: (_, r) => t(`pusher.kind.${r.kind}`) },
        {
          key: 'status',
          title: t('pusher.log.status'),
          render: (_, r) => <Tag color={color[r.status]}>{t(`pusher.status.${r.status}`)}</Tag>,
        },
        { key: 'attempts', title: t('pusher.log.attempts'), dataIndex: 'attempts' },
        {
          key: 'error',
          title: t('pusher.log.error'),
          ellipsis: true,
          render: (_, r) => r.error ?? (r.response_status ? `HTTP ${r.response_status}` : ''),
        },
        { key: 'sent_at', title: t('pusher.log.sentAt'), render: (_, r) => fmt(r.sent_at) },
      ]}
    />
  );
}

/** /system/pusher_account: regulatory platform accounts, per-lift push parameters, push log. */
export default function PusherPage() {
  const { t } = useTranslation();
  return (
    <Card variant="borderless">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'accounts', label: t('pusher.tab.accounts'), children: <AccountsTab /> },
          { key: 'params', label: t('pusher.tab.params'), children: <LiftParamsTab /> },
          { key: 'logs', label: t('pusher.tab.logs'), children: <LogsTab /> },
        ]}
      />
    </Card>
  );
}
