import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Modal, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/feedback.tsx';
import { useLiveEvent, useLiveSubscription } from '../monitor/useLive.ts';
import { type ConfigState, configStates, pushSettings } from './api.ts';

const COLOR = { not_configured: 'default', sent: 'processing', configured: 'success' } as const;
const revisionText = (rev: number | null) => (rev ? dayjs(rev).format('MM-DD HH:mm:ss') : '—');

/** Push the terminal default settings to one or all terminals; each terminal's state: not configured, sent, configured. */
export function SettingsPushModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['ota', 'config-states', page],
    queryFn: () => configStates(page, 12),
    enabled: open,
    refetchInterval: open ? 10_000 : false,
  });
  const rows = q.data?.list ?? [];
  useLiveSubscription(open ? rows.map((r) => r.terminal_id) : []);
  useLiveEvent(['up_report_parameter', 'list_monitor_config', 'command_state'], (e) => {
    if (e.action === 'command_state' && e.data.action !== 'settings') return;
    if (rows.some((r) => r.terminal_id === e.terminal_id)) void q.refetch();
  });
  const push = useMutation({
    mutationFn: (id?: string) => pushSettings(id),
    onSuccess: (r) => {
      toast.success(t('ota.pushed', { sent: r.sent.length, pending: r.pending.length }));
      void q.refetch();
    },
  });
  return (
    <Modal open={open} title={t('ota.pushTitle')} onCancel={onClose} footer={null} width={820} destroyOnHidden>
      <div style={{ marginBottom: 12, display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          type="primary"
          loading={push.isPending && push.variables === undefined}
          onClick={() => push.mutate(undefined)}
          data-testid="ota-push-all"
        >
          {t('ota.pushAll')}
        </Button>
      </div>
      <Table<ConfigState>
        rowKey="terminal_id"
        size="small"
        loading={q.isFetching && !q.data}
        dataSource={rows}
        pagination={{ current: page, pageSize: 12, total: q.data?.totalRow ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('ota.terminal'), dataIndex: 'terminal_id' },
          {
            title: t('ota.configState'),
            dataIndex: 'state',
            render: (v: ConfigState['state']) => <Tag color={COLOR[v]}>{t(`ota.config.${v}`)}</Tag>,
          },
          {
            // revisions are the save times of the default settings: the one the terminal runs (none while a push is on its way) / the current one
            title: t('ota.revision'),
            key: 'rev',
            render: (_, r) => `${revisionText(r.state === 'sent' ? null : r.revision)} / ${revisionText(r.current_revision)}`,
          },
          { title: t('ota.sentAt'), dataIndex: 'sent_at', render: (v: string | null) => (v ? dayjs(v).format('MM-DD HH:mm:ss') : '—') },
          {
            title: t('ota.confirmedAt'),
            dataIndex: 'confirmed_at',
            render: (v: string | null) => (v ? dayjs(v).format('MM-DD HH:mm:ss') : '—'),
          },
          {
            key: 'push',
            render: (_, r) => (
              <Button size="small" onClick={() => push.mutate(r.terminal_id)} loading={push.isPending && push.variables === r.terminal_id}>
                {t('ota.push')}
              </Button>
            ),
          },
        ]}
      />
    </Modal>
  );
}
