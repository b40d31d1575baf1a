import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { errorText } from '@liftguard/contract/errors';
import type { TImportRowError } from '@liftguard/contract/registry/import';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Progress, Space, Statistic, Table, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/i18n.ts';
import { IMPORT_ACCEPT, isImportFile } from './import-file.ts';
import { downloadFile, uploadWithProgress } from './transfer.ts';
import { useImportJob } from './useImportJob.ts';

type Props = {
  open: boolean;
  onClose: () => void;
  title: string;
  /** e.g. /device/import and /device/import/template */
  importPath: string;
  templatePath: string;
  templateName: string;
  /** query keys to refresh when the job ends */
  invalidate: readonly unknown[];
};

/** Batch import: template download, file upload with its progress, then the job's progress and per-row report. */
export function ImportModal({ open, onClose, title, importPath, templatePath, templateName, invalidate }: Props) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [badType, setBadType] = useState(false);
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const job = useImportJob(jobId);
  const j = job.data;
  const finished = j !== undefined && j.status !== 'running';

  useEffect(() => {
    if (finished) void qc.invalidateQueries({ queryKey: invalidate });
  }, [finished, qc, invalidate]);

  const reset = () => {
    setFile(null);
    setBadType(false);
    setUploadPercent(null);
    setJobId(null);
  };

  const start = async () => {
    if (!file) return;
    const form = new FormData();
    form.set('file', file);
    setUploadPercent(0);
    try {
      const r = await uploadWithProgress<{ id: number }>(importPath, form, setUploadPercent);
      setJobId(r.id);
    } catch {
      setUploadPercent(null);
    }
  };

  const busy = uploadPercent !== null && !finished;
  return (
    <Modal
      open={open}
      title={title}
      width={760}
      onCancel={() => {
        if (busy && !finished && jobId === null) return;
        reset();
        onClose();
      }}
      footer={
        <Space>
          {finished && <Button onClick={reset}>{t('lift.import.again')}</Button>}
          <Button
            onClick={() => {
              reset();
              onClose();
            }}
          >
            {t('lift.action.close')}
          </Button>
          {!jobId && (
            <Button type="primary" disabled={!file || busy} loading={busy} onClick={start} data-testid="import-start">
              {t('lift.import.start')}
            </Button>
          )}
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Space>
          <Button icon={<DownloadOutlined />} onClick={() => void downloadFile(templatePath, {}, templateName)}>
            {t('lift.import.template')}
          </Button>
          <Typography.Text type="secondary">{t('lift.import.types')}</Typography.Text>
        </Space>
        {!jobId && (
          <Upload.Dragger
            accept={IMPORT_ACCEPT}
            maxCount={1}
            disabled={busy}
            fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
            onRemove={() => setFile(null)}
            beforeUpload={(f) => {
              const ok = isImportFile(f.name);
              setBadType(!ok);
              setFile(ok ? f : null);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('lift.import.drop')}</p>
          </Upload.Dragger>
        )}
        {badType && <Alert type="error" showIcon message={errorText(4048, currentLocale())} description={t('lift.import.types')} />}
        {uploadPercent !== null && (
          <div>
            <Typography.Text>{t('lift.import.uploading')}</Typography.Text>
            <Progress percent={uploadPercent} data-testid="upload-progress" />
          </div>
        )}
        {j && (
          <div data-testid="import-job">
            <Typography.Text>{t(`lift.import.status.${j.status}`, { name: j.file_name })}</Typography.Text>
            <Progress
              percent={j.percent}
              status={j.status === 'failed' ? 'exception' : j.status === 'done' ? 'success' : 'active'}
              data-testid="import-progress"
            />
            <Space size="large">
              <Statistic title={t('lift.import.total')} value={j.total} />
              <Statistic title={t('lift.import.processed')} value={j.processed} />
              <Statistic title={t('lift.import.ok')} value={j.ok_count} valueStyle={{ color: '#389e0d' }} />
              <Statistic
                title={t('lift.import.failed')}
                value={j.fail_count}
                valueStyle={{ color: j.fail_count ? '#cf1322' : undefined }}
              />
            </Space>
          </div>
        )}
        {j?.code ? (
          <Alert
            type="error"
            showIcon
            message={j.msg ?? errorText(j.code as never, currentLocale())}
            description={j.bound_rows.length ? t('lift.import.boundRows', { rows: j.bound_rows.join(', ') }) : undefined}
          />
        ) : null}
        {finished && j && j.errors.length > 0 && (
          <Table<TImportRowError>
            data-testid="import-report"
            size="small"
            rowKey={(r) => `${r.row}-${r.code}-${r.field ?? ''}`}
            dataSource={j.errors}
            pagination={{ pageSize: 12, showSizeChanger: false }}
            columns={[
              { title: t('lift.import.row'), dataIndex: 'row', width: 80 },
              {
                title: t('lift.import.field'),
                dataIndex: 'field',
                width: 160,
                render: (v?: string) => (v ? t(`lift.field.${v}`, { defaultValue: v }) : '—'),
              },
              { title: t('lift.import.reason'), dataIndex: 'msg' },
            ]}
          />
        )}
      </Space>
    </Modal>
  );
}
