import { Avatar, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LiveBridge } from '../../features/monitor/LiveBridge.tsx';
import { DefaultLogo } from '../DefaultLogo.tsx';
import { LanguageSwitch } from '../LanguageSwitch.tsx';
import { useCurrentUser } from '../session.ts';
import { ProfileDrawer } from './ProfileDrawer.tsx';
import styles from './shell.module.css';

/** Phone layout for m_home and m_monitor: compact bar, full-width page. */
export function MobileShell() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const name = user?.realname || user?.username || '';
  return (
    <div className={styles.mobileLayout}>
      <LiveBridge />
      <header className={styles.mobileHeader}>
        <DefaultLogo inverse title={t('shell.header.defaultLogo')} />
        <div style={{ display: 'flex', alignItems: 'center' }}>
          <LanguageSwitch light />
          <Button type="text" onClick={() => setOpen(true)} aria-label={t('shell.profile.title')} data-testid="user-avatar">
            <Avatar size={28} style={{ backgroundColor: '#fff', color: '#1f5fbf' }}>
              {name.slice(0, 1).toUpperCase()}
            </Avatar>
          </Button>
        </div>
      </header>
      <main className={styles.mobileContent}>
        <Outlet />
      </main>
      <ProfileDrawer open={open} onClose={() => setOpen(false)} />
    </div>
  );
}
