import { UploadOutlined } from '@ant-design/icons';
import type { TOtaKind, TOtaPackage } from '@liftguard/contract/command/index';
import { APK_FILE_NAME } from '@liftguard/contract/registry/terminal';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Input, Modal, Progress, Segmented, Typography } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/feedback.tsx';
import { formatBytes } from '../terminals/upload-check.ts';
import { uploadPackage } from './api.ts';
import { checkPackage } from './ota-state.ts';

/**
 * Upload a firmware image (.bin) or the terminal app (.apk under its fixed name) with a version.
 * Shows the upload progress, then the stored package: version, size and SHA-256 checksum.
 */
export function PackageUploadModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [kind, setKind] = useState<TOtaKind>('apk');
  const [version, setVersion] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<TOtaPackage | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const close = () => {
    setDone(null);
    setProblem(null);
    setProgress(null);
    setFile(null);
    setVersion('');
    onClose();
  };

  const submit = async () => {
    const why = checkPackage(kind, version, file);
    if (why) {
      setProblem(t(`ota.check.${why}`, { name: APK_FILE_NAME }));
      return;
    }
    setProblem(null);
    setDone(null);
    setProgress(0);
    try {
      const pkg = await uploadPackage(kind, version.trim(), file as File, setProgress);
      toast.success(t('ota.uploaded', { version: pkg.version }));
      void qc.invalidateQueries({ queryKey: ['ota', 'packages'] });
      setProgress(100);
      setDone(pkg);
    } catch {
      // told by the http client
      setProgress(null);
    }
  };
  const uploading = progress !== null && done === null;

  return (
    <Modal
      open={open}
      title={t('ota.uploadTitle')}
      okText={done ? t('ota.close') : t('ota.upload')}
      confirmLoading={uploading}
      onOk={() => (done ? close() : void submit())}
      onCancel={close}
      cancelButtonProps={done ? { style: { display: 'none' } } : {}}
      destroyOnHidden
    >
      {/* once stored, the dialog shows what was stored instead of the form */}
      <Form layout="vertical" style={done ? { display: 'none' } : undefined}>
        <Form.Item label={t('ota.kind')}>
          <Segmented
            value={kind}
            onChange={(v) => {
              setKind(v as TOtaKind);
              setFile(null);
              setDone(null);
              setProgress(null);
            }}
            options={[
              { value: 'apk', label: t('ota.apk') },
              { value: 'firmware', label: t('ota.firmware') },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('ota.version')} extra={t('ota.versionHint')}>
          <Input
            value={version}
            onChange={(e) => {
              setVersion(e.target.value);
              setDone(null);
              setProgress(null);
            }}
            placeholder="V_1203"
            data-testid="ota-upload-version"
          />
        </Form.Item>
        <Form.Item label={t('ota.file')} extra={kind === 'apk' ? t('ota.apkName', { name: APK_FILE_NAME }) : t('ota.binHint')}>
          <input
            ref={input}
            type="file"
            accept={kind === 'apk' ? '.apk' : '.bin'}
            style={{ display: 'none' }}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setProblem(null);
              setDone(null);
              setProgress(null);
              e.target.value = '';
            }}
            data-testid="ota-upload-file"
          />
          <Button icon={<UploadOutlined />} onClick={() => input.current?.click()}>
            {file ? `${file.name} (${file.size} B)` : t('ota.chooseFile')}
          </Button>
        </Form.Item>
      </Form>
      {problem && !done && <Alert type="error" showIcon message={problem} data-testid="ota-upload-problem" />}
      {progress !== null && (
        <Progress percent={progress} status={done ? 'success' : 'active'} data-testid="ota-upload-progress" data-percent={progress} />
      )}
      {done && (
        <Descriptions
          size="small"
          column={1}
          bordered
          title={t('ota.uploadResult.title')}
          style={{ marginTop: 16 }}
          data-testid="ota-upload-result"
          styles={{ label: { width: '32%' } }}
          items={[
            { key: 'kind', label: t('ota.kind'), children: done.kind === 'apk' ? t('ota.apk') : t('ota.firmware') },
            { key: 'version', label: t('ota.version'), children: <span data-testid="ota-upload-result-version">{done.version}</span> },
            { key: 'name', label: t('ota.uploadResult.fileName'), children: done.file_name },
            {
              key: 'size',
              label: t('ota.uploadResult.size'),
              children: <span data-testid="ota-upload-result-size">{`${formatBytes(done.size)} (${done.size} B)`}</span>,
            },
            {
              key: 'sha256',
              label: t('ota.uploadResult.sha256'),
              children: (
                <Typography.Paragraph
                  copyable={{ text: done.sha256 }}
                  style={{ wordBreak: 'break-all', fontFamily: 'monospace', fontSize: 12, margin: 0 }}
                  data-testid="ota-upload-result-sha256"
                >
                  {done.sha256}
                </Typography.Paragraph>
              ),
            },
            { key: 'at', label: t('ota.uploadResult.uploadedAt'), children: dayjs(done.created_at).format('YYYY-MM-DD HH:mm:ss') },
          ]}
        />
      )}
    </Modal>
  );
}
