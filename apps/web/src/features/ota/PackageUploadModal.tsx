import { UploadOutlined } from '@ant-design/icons';
import type { TOtaKind } from '@liftguard/contract/command/index';
import { APK_FILE_NAME } from '@liftguard/contract/registry/terminal';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Progress, Segmented } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/feedback.tsx';
import { uploadPackage } from './api.ts';
import { checkPackage } from './ota-state.ts';

/** Upload a firmware image (.bin) or the terminal app (.apk under its fixed name) with a version. */
export function PackageUploadModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [kind, setKind] = useState<TOtaKind>('apk');
  const [version, setVersion] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const submit = async () => {
    const why = checkPackage(kind, version, file);
    if (why) {
      setProblem(t(`ota.check.${why}`, { name: APK_FILE_NAME }));
      return;
    }
    setProblem(null);
    setProgress(0);
    try {
      const pkg = await uploadPackage(kind, version.trim(), file as File, setProgress);
      toast.success(t('ota.uploaded', { version: pkg.version }));
      void qc.invalidateQueries({ queryKey: ['ota', 'packages'] });
      setFile(null);
      setVersion('');
      onClose();
    } catch {
      // told by the http client
    } finally {
      setProgress(null);
    }
  };

  return (
    <Modal
      open={open}
      title={t('ota.uploadTitle')}
      okText={t('ota.upload')}
      confirmLoading={progress !== null}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('ota.kind')}>
          <Segmented
            value={kind}
            onChange={(v) => {
              setKind(v as TOtaKind);
              setFile(null);
            }}
            options={[
              { value: 'apk', label: t('ota.apk') },
              { value: 'firmware', label: t('ota.firmware') },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('ota.version')} extra={t('ota.versionHint')}>
          <Input value={version} onChange={(e) => setVersion(e.target.value)} placeholder="V_1203" data-testid="ota-upload-version" />
        </Form.Item>
        <Form.Item label={t('ota.file')} extra={kind === 'apk' ? t('ota.apkName', { name: APK_FILE_NAME }) : t('ota.binHint')}>
          <input
            ref={input}
            type="file"
            accept={kind === 'apk' ? '.apk' : '.bin'}
            style={{ display: 'none' }}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            data-testid="ota-upload-file"
          />
          <Button icon={<UploadOutlined />} onClick={() => input.current?.click()}>
            {file ? `${file.name} (${file.size} B)` : t('ota.chooseFile')}
          </Button>
        </Form.Item>
      </Form>
      {problem && <Alert type="error" showIcon message={problem} data-testid="ota-upload-problem" />}
      {progress !== null && <Progress percent={progress} />}
    </Modal>
  );
}
