import { CloudUploadOutlined, SendOutlined, SyncOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UpdateTarget } from './api.ts';
import { rowsOf, type UpgradeRow } from './ota-state.ts';
import { PackageUploadModal } from './PackageUploadModal.tsx';
import { SettingsPushModal } from './SettingsPushModal.tsx';
import { UpgradeModal } from './UpgradeModal.tsx';
import { UpgradeProgress } from './UpgradeProgress.tsx';

/** Terminal-list actions: upgrade the selected terminals, upload a package, push settings. */
export function OtaToolbar({ selected }: { selected: string[] }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [modal, holder] = Modal.useModal();
  const [choosing, setChoosing] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [pushing, setPushing] = useState(false);
  const [progress, setProgress] = useState<UpgradeRow[] | null>(null);

  const showLatest = (latest: UpdateTarget[]) =>
    modal.info({
      title: t('ota.latestTitle'),
      width: 560,
      content: (
        <Table<UpdateTarget>
          rowKey="terminal_id"
          size="small"
          pagination={false}
          dataSource={latest}
          data-testid="ota-latest"
          columns={[
            { title: t('ota.terminal'), dataIndex: 'terminal_id' },
            { title: t('ota.current'), dataIndex: 'current_version', render: (v: string | null) => v ?? '—' },
            { title: t('ota.latest'), dataIndex: 'new_version' },
          ]}
        />
      ),
    });

  return (
    <Space wrap>
      {holder}
      <Button icon={<SyncOutlined />} disabled={selected.length === 0} onClick={() => setChoosing(true)} data-testid="ota-upgrade">
        {t('ota.upgrade', { count: selected.length })}
      </Button>
      <Button icon={<CloudUploadOutlined />} onClick={() => setUploading(true)} data-testid="ota-upload">
        {t('ota.uploadPackage')}
      </Button>
      <Button icon={<SendOutlined />} onClick={() => setPushing(true)} data-testid="ota-push">
        {t('ota.pushSettings')}
      </Button>
      <UpgradeModal
        open={choosing}
        terminalIds={selected}
        onClose={() => setChoosing(false)}
        onStarted={(r) => {
          setChoosing(false);
          if (r.sent.length) setProgress(rowsOf(r.sent));
          if (r.latest.length) showLatest(r.latest);
        }}
      />
      {progress && (
        <UpgradeProgress
          rows={progress}
          onClose={() => {
            setProgress(null);
            // versions changed: reload the terminal list
            void qc.invalidateQueries({ queryKey: ['terminal'] });
          }}
        />
      )}
      <PackageUploadModal open={uploading} onClose={() => setUploading(false)} />
      <SettingsPushModal open={pushing} onClose={() => setPushing(false)} />
    </Space>
  );
}
