import { ROUTES } from '@liftguard/contract/routes';
import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A page whose content a later issue builds: its name, and what it is for, over an empty state. */
export function RoutePlaceholder({ name }: { name: string }) {
  const { t } = useTranslation();
  const route = ROUTES.find((r) => r.name === name);
  const title = t(route?.label ?? 'route.not_found');
  return (
    <Card variant="borderless" style={{ minHeight: 420 }}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        style={{ padding: '72px 0' }}
        description={
          <>
            <Typography.Text strong>{title}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{t(`page.${name}`)}</Typography.Text>
          </>
        }
      />
    </Card>
  );
}
