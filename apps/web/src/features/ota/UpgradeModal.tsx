import type { TOtaKind } from '@liftguard/contract/command/index';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Form, Modal, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listPackages, type PortalUpdateResult, startUpdate } from './api.ts';

type Props = { terminalIds: string[]; open: boolean; onClose: () => void; onStarted: (r: PortalUpdateResult, kind: TOtaKind) => void };

/** Choose the target version (firmware or terminal app) for the selected terminals. */
export function UpgradeModal({ terminalIds, open, onClose, onStarted }: Props) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<TOtaKind>('firmware');
  const [version, setVersion] = useState('');
  const [busy, setBusy] = useState(false);
  const pkgs = useQuery({ queryKey: ['ota', 'packages', kind], queryFn: () => listPackages(kind), enabled: open });
  const submit = async () => {
    if (!version.trim()) return;
    setBusy(true);
    try {
      const r = await startUpdate({ list: terminalIds, new_version: version.trim(), kind });
      onStarted(r, kind);
    } catch {
      // the http client has told the user (a code in the answer means failure)
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('ota.upgradeTitle', { count: terminalIds.length })}
      okText={t('ota.start')}
      okButtonProps={{ disabled: !version.trim() }}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('ota.kind')}>
          <Segmented
            value={kind}
            onChange={(v) => setKind(v as TOtaKind)}
            options={[
              { value: 'firmware', label: t('ota.firmware') },
              { value: 'apk', label: t('ota.apk') },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('ota.version')} extra={t('ota.versionHint')}>
          <AutoComplete
            value={version}
            onChange={setVersion}
            options={(pkgs.data ?? []).map((p) => ({ value: p.version, label: `${p.version} · ${p.file_name}` }))}
            placeholder="V_1203"
            data-testid="ota-version"
          />
        </Form.Item>
      </Form>
      <div style={{ color: '#5b6679', fontSize: 12 }}>{terminalIds.join(', ')}</div>
    </Modal>
  );
}
