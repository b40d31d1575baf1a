import type { TCommand, TRemoteAction } from '@liftguard/contract/command/index';
import { LIFT_COMMANDS } from '@liftguard/contract/protocol/downstream';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, List, Progress, Space, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/feedback.tsx';
import { useLiveEvent, useLiveReconnect } from '../monitor/useLive.ts';
import { listCommands } from './api.ts';
import { CommandModal } from './CommandModal.tsx';
import { applyCommandState, readCommandState } from './command-state.ts';

const STATE_COLOR: Record<string, string> = {
  queued: 'default',
  sent: 'processing',
  delivered: 'blue',
  succeeded: 'success',
  failed: 'error',
  timed_out: 'warning',
  expired: 'default',
};
const ACTIONS: readonly TRemoteAction[] = [...LIFT_COMMANDS, 'call_floor'];

type Props = { liftId: number; terminalId: string; liftName?: string; floors: { floor: number; label: string }[] };

/** Remote command buttons of a lift and the live lifecycle of its recent commands. */
export function CommandPanel({ liftId, terminalId, liftName, floors }: Props) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const key = ['commands', liftId] as const;
  const q = useQuery({ queryKey: key, queryFn: () => listCommands(liftId), select: (p) => p.list });
  const [action, setAction] = useState<TRemoteAction | null>(null);

  useLiveEvent(['command_state'], (e) => {
    if (e.terminal_id !== terminalId) return;
    const ev = readCommandState(e.data);
    if (!ev) return;
    qc.setQueryData<{ list: TCommand[]; pageNumber: number; totalRow: number }>(key, (old) =>
      old ? { ...old, list: applyCommandState(old.list, ev, { terminalId, liftId, at: e.timestamp }).slice(0, 12) } : old,
    );
  });
  useLiveReconnect(() => void q.refetch());

  return (
    <Card size="small" title={t('command.title')} data-testid="command-panel">
      <Space wrap style={{ marginBottom: 12 }}>
        {ACTIONS.map((a) => (
          <Button
            key={a}
            size="small"
            danger={a === 'lock' || a === 'stop' || a === 'forced_descent'}
            onClick={() => setAction(a)}
            data-testid={`cmd-${a}`}
          >
            {t(`command.action.${a}`)}
          </Button>
        ))}
      </Space>
      {(q.data ?? []).length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('command.none')} />
      ) : (
        <List
          size="small"
          dataSource={q.data ?? []}
          data-testid="command-list"
          renderItem={(c) => (
            <List.Item data-testid="command-row" data-state={c.state} data-action={c.action}>
              <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', width: '100%' }}>
                <Tag color={STATE_COLOR[c.state]}>{t(`command.state.${c.state}`)}</Tag>
                <strong>{t(`command.action.${c.action}`, c.action)}</strong>
                {c.action === 'call_floor' && typeof c.params.floor === 'number' && <span>→ {String(c.params.floor)}</span>}
                <span style={{ color: '#5b6679', fontSize: 12 }}>
                  {c.username ?? ''} · {dayjs(c.created_at).format('HH:mm:ss')}
                </span>
                {c.progress !== null && c.state !== 'succeeded' && <Progress percent={c.progress} size="small" style={{ width: 120 }} />}
                {c.reason && (
                  <Tooltip title={c.reason}>
                    <span
                      style={{
                        color: '#a15c00',
                        fontSize: 12,
                        maxWidth: 240,
                        overflow: 'hidden',
                        textOverflow: 'ellipsis',
                        whiteSpace: 'nowrap',
                      }}
                    >
                      {c.reason}
                    </span>
                  </Tooltip>
                )}
              </div>
            </List.Item>
          )}
        />
      )}
      <CommandModal
        action={action}
        terminalId={terminalId}
        liftName={liftName}
        floors={floors}
        onClose={() => setAction(null)}
        onSent={() => {
          setAction(null);
          toast.success(t('command.queued'));
          void q.refetch();
        }}
      />
    </Card>
  );
}
