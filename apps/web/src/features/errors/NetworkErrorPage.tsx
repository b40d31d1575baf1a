import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ErrorPage } from './ErrorPage.tsx';

/** Shown when the API cannot be reached; retry reloads the page the user was on. */
export default function NetworkErrorPage() {
  const { t } = useTranslation();
  const from = (useLocation().state as { from?: string } | null)?.from;
  return (
    <ErrorPage
      status="warning"
      title="error.network.title"
      desc="error.network.desc"
      extra={
        <Button onClick={() => window.location.assign(from && from !== '/network-error' ? from : '/')}>{t('app.action.retry')}</Button>
      }
    />
  );
}
