import { Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LiveBridge } from '../../features/monitor/LiveBridge.tsx';
import { ShellHeader } from './ShellHeader.tsx';
import styles from './shell.module.css';

/** Desktop layout: header, the page, and the copyright footer. */
export function Shell() {
  const { t } = useTranslation();
  return (
    <Layout className={styles.layout}>
      <ShellHeader />
      <LiveBridge />
      <Layout.Content className={styles.content}>
        <Outlet />
      </Layout.Content>
      <Layout.Footer className={styles.footer}>{t('app.copyright', { year: new Date().getFullYear() })}</Layout.Footer>
    </Layout>
  );
}
