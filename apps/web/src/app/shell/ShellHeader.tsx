import { QuestionCircleOutlined } from '@ant-design/icons';
import { Avatar, Button, Layout, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FaultNotifier } from '../../features/faults/FaultNotifier.tsx';
import { TrappedButton } from '../../features/faults/TrappedModal.tsx';
import { DefaultLogo } from '../DefaultLogo.tsx';
import { LanguageSwitch } from '../LanguageSwitch.tsx';
import { PATHS } from '../navigation.ts';
import { useCurrentUser } from '../session.ts';
import { FaultBadge } from './FaultBadge.tsx';
import { NavMenu } from './NavMenu.tsx';
import { ProfileDrawer } from './ProfileDrawer.tsx';
import styles from './shell.module.css';
import { TaskCentre } from './TaskCentre.tsx';

export function ShellHeader() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [profileOpen, setProfileOpen] = useState(false);
  const name = user?.realname || user?.username || '';
  return (
    <Layout.Header className={styles.header}>
      <Link to={PATHS.home} replace className={styles.logo} aria-label={t('shell.header.home')}>
        {user?.current_logo ? (
          <img src={user.current_logo} alt={t('shell.header.defaultLogo')} width={207} height={40} style={{ objectFit: 'contain' }} />
        ) : (
          <DefaultLogo title={t('shell.header.defaultLogo')} />
        )}
      </Link>
      <Link to={PATHS.home} replace className={styles.homeLink}>
        {t('shell.header.home')}
      </Link>
      <NavMenu />
      <div className={styles.tools}>
        <Tooltip title={t('shell.header.explain')}>
          <Link to={PATHS.explain} replace className={styles.toolLink} data-testid="explain-link">
            <QuestionCircleOutlined /> <span className={styles.toolText}>{t('shell.header.explain')}</span>
          </Link>
        </Tooltip>
        <FaultBadge />
        <TrappedButton />
        <FaultNotifier />
        <TaskCentre />
        <LanguageSwitch />
        <Button type="text" className={styles.userButton} onClick={() => setProfileOpen(true)} data-testid="user-avatar">
          <Avatar size={28} src={user?.head_url || undefined} style={{ backgroundColor: '#1f5fbf' }}>
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <span className={styles.userName}>{name}</span>
        </Button>
      </div>
      <ProfileDrawer open={profileOpen} onClose={() => setProfileOpen(false)} />
    </Layout.Header>
  );
}
