import { Modal, Progress, Table, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/feedback.tsx';
import { listTerminalCommands } from '../commands/api.ts';
import { readCommandState } from '../commands/command-state.ts';
import { useLiveEvent, useLiveSubscription } from '../monitor/useLive.ts';
import { applyUpdateCommand, applyUpdateReport, finished, type UpgradeRow } from './ota-state.ts';

/** Per-terminal progress of an upgrade, from return_update / return_update_apk. */
export function UpgradeProgress({ rows: initial, onClose }: { rows: UpgradeRow[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState(initial);
  const told = useRef(new Set<string>());
  useEffect(() => setRows(initial), [initial]);
  useLiveSubscription(rows.map((r) => r.terminal_id));
  useLiveEvent(['return_update', 'return_update_apk'], (e) => setRows((rs) => applyUpdateReport(rs, e.terminal_id, e.data)));
  useLiveEvent(['command_state'], (e) => {
    const c = readCommandState(e.data);
    if (c?.action === 'update') setRows((rs) => applyUpdateCommand(rs, c));
  });
  // a fast terminal can finish before this dialog has subscribed: read where each command stands
  useEffect(() => {
    let live = true;
    for (const r of initial) {
      if (!r.cmd_id) continue;
      void listTerminalCommands(r.terminal_id)
        .then((p) => {
          const c = p.list.find((x) => x.id === r.cmd_id);
          if (live && c) setRows((rs) => applyUpdateCommand(rs, { cmd_id: c.id, state: c.state, progress: c.progress, reason: c.reason }));
        })
        .catch(() => undefined);
    }
    return () => {
      live = false;
    };
  }, [initial]);
  useEffect(() => {
    for (const r of rows) {
      if (told.current.has(r.terminal_id)) continue;
      if (r.stage === 'success') toast.success(`${r.terminal_id}: ${t('ota.success')}`);
      else if (r.stage === 'failure') toast.warning(`${r.terminal_id}: ${t('ota.failure')}${r.reason ? ` (${r.reason})` : ''}`);
      else continue;
      told.current.add(r.terminal_id);
    }
  }, [rows, t]);
  const done = finished(rows);
  return (
    <Modal
      open
      title={t('ota.progressTitle')}
      onCancel={onClose}
      onOk={onClose}
      okText={t('ota.close')}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={720}
    >
      <Table<UpgradeRow>
        rowKey="terminal_id"
        size="small"
        pagination={false}
        dataSource={rows}
        data-testid="ota-progress"
        onRow={(r) => ({ 'data-terminal': r.terminal_id, 'data-stage': r.stage }) as object}
        columns={[
          { title: t('ota.terminal'), dataIndex: 'terminal_id' },
          { title: t('ota.from'), dataIndex: 'from', render: (v: string | null) => v ?? '—' },
          { title: t('ota.to'), dataIndex: 'to' },
          {
            title: t('ota.stage'),
            dataIndex: 'stage',
            render: (v: UpgradeRow['stage']) => (
              <Tag color={v === 'success' ? 'success' : v === 'failure' ? 'error' : 'processing'}>{t(`ota.stages.${v}`)}</Tag>
            ),
          },
          {
            title: t('ota.progress'),
            key: 'progress',
            width: 200,
            render: (_, r) => (
              <Progress
                percent={r.progress}
                size="small"
                status={r.stage === 'failure' ? 'exception' : r.stage === 'success' ? 'success' : 'active'}
              />
            ),
          },
        ]}
      />
      {done && <div style={{ marginTop: 12, color: '#5b6679' }}>{t('ota.allDone')}</div>}
    </Modal>
  );
}
