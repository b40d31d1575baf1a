import { UploadOutlined } from '@ant-design/icons';
import { errorText } from '@liftguard/contract/errors';
import { type TUploadKind, UPLOAD_RULES } from '@liftguard/contract/registry/terminal';
import { Button, Progress, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/feedback.tsx';
import { currentLocale } from '../../i18n/i18n.ts';
import { uploadWithProgress } from '../lifts/transfer.ts';
import type { StoredFile } from './api.ts';
import { acceptOf, checkUpload, formatBytes } from './upload-check.ts';

type Props = { kind: TUploadKind; url: string; onUploaded: (f: StoredFile) => void; onClear?: () => void; testId?: string };

/** One file slot of the terminal settings: current file, upload through the file store with progress, clear. */
export function FileSlot({ kind, url, onUploaded, onClear, testId }: Props) {
  const { t } = useTranslation();
  const [percent, setPercent] = useState<number | null>(null);
  const rule = UPLOAD_RULES[kind];
  const upload = async (file: File) => {
    const problem = checkUpload(kind, file);
    if (problem) {
      toast.error(
        `${errorText(4153, currentLocale())}: ${t(`terminal.upload.${problem}`, { ext: rule.ext.join(', '), max: formatBytes(rule.maxBytes) })}`,
      );
      return;
    }
    const form = new FormData();
    form.set('kind', kind); // fields before the file, so the server sees them with it
    form.set('file', file);
    setPercent(0);
    try {
      onUploaded(await uploadWithProgress<StoredFile>('/device/terminal/upload', form, setPercent));
    } catch {
      // told by the http client
    } finally {
      setPercent(null);
    }
  };
  const name = url ? decodeURIComponent(url.split('/').pop() ?? url) : '';
  return (
    <Space direction="vertical" size={2} style={{ width: '100%' }} data-testid={testId}>
      <Space wrap>
        {kind === 'image' && url ? <img src={url} alt="" style={{ height: 40, borderRadius: 4, border: '1px solid #eee' }} /> : null}
        {url ? (
          <Typography.Link href={url} target="_blank" ellipsis style={{ maxWidth: 260 }}>
            {name}
          </Typography.Link>
        ) : (
          <Typography.Text type="secondary">{t('terminal.upload.empty')}</Typography.Text>
        )}
        <Upload
          accept={acceptOf(kind)}
          showUploadList={false}
          beforeUpload={(f) => {
            void upload(f);
            return false;
          }}
        >
          <Button size="small" icon={<UploadOutlined />} disabled={percent !== null}>
            {t('terminal.upload.choose')}
          </Button>
        </Upload>
        {url && onClear ? (
          <Button size="small" type="link" danger onClick={onClear}>
            {t('terminal.upload.clear')}
          </Button>
        ) : null}
      </Space>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('terminal.upload.rule', { ext: rule.ext.join(', '), max: formatBytes(rule.maxBytes) })}
      </Typography.Text>
      {percent !== null && <Progress percent={percent} size="small" />}
    </Space>
  );
}
