import { UploadOutlined } from '@ant-design/icons';
import { LOGO_MAX_BYTES } from '@liftguard/contract/org/company';
import { Button, Flex, Image, Progress, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/feedback.tsx';
import { uploadLogoWithProgress } from './upload.ts';

type Props = { cid: number; logo: string | null; disabled?: boolean; onUploaded: (logo: string) => void };

/** Company logo (about 207×40, images only, at most 512 KB): preview, upload with progress. */
export function LogoUpload({ cid, logo, disabled, onUploaded }: Props) {
  const { t } = useTranslation();
  const [percent, setPercent] = useState<number | null>(null);
  return (
    <Flex vertical gap={8} data-testid="company-logo">
      <div
        style={{
          width: 207,
          height: 40,
          border: '1px dashed #d9d9d9',
          borderRadius: 4,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: '#fafafa',
        }}
      >
        {logo ? (
          <Image src={logo} alt={t('org.company.logo')} height={38} style={{ maxWidth: 205, objectFit: 'contain' }} />
        ) : (
          <Typography.Text type="secondary">{t('org.company.noLogo')}</Typography.Text>
        )}
      </div>
      <Flex gap={8} align="center" wrap>
        <Upload
          accept="image/png,image/jpeg,image/webp"
          showUploadList={false}
          disabled={disabled}
          beforeUpload={(file) => {
            if (!file.type.startsWith('image/')) {
              toast.error(t('org.company.logoNotImage'));
              return Upload.LIST_IGNORE;
            }
            if (file.size > LOGO_MAX_BYTES) {
              toast.error(t('org.company.logoTooLarge'));
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={({ file, onSuccess, onError }) => {
            setPercent(0);
            uploadLogoWithProgress(file as File, cid, setPercent).then(
              (r) => {
                setPercent(null);
                onUploaded(r.logo);
                toast.success(t('org.company.logoDone'));
                onSuccess?.(r);
              },
              (e: Error) => {
                setPercent(null);
                onError?.(e);
              },
            );
          }}
        >
          <Button icon={<UploadOutlined />} disabled={disabled}>
            {t('org.company.uploadLogo')}
          </Button>
        </Upload>
        <Typography.Text type="secondary">{t('org.company.logoHint')}</Typography.Text>
      </Flex>
      {percent !== null && <Progress percent={percent} size="small" style={{ maxWidth: 260 }} />}
    </Flex>
  );
}
