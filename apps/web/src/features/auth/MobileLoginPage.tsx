import { useTranslation } from 'react-i18next';
import { DefaultLogo } from '../../app/DefaultLogo.tsx';
import { LanguageLinks } from '../../app/LanguageLinks.tsx';
import styles from './auth.module.css';
import { LoginForm } from './LoginForm.tsx';

/** Sign-in for phones: one column, large touch targets. */
export default function MobileLoginPage() {
  const { t } = useTranslation();
  return (
    <div className={styles.mobilePage}>
      <header className={styles.mobileHead}>
        <DefaultLogo inverse title={t('shell.header.defaultLogo')} />
        <LanguageLinks light />
      </header>
      <div className={styles.mobileHero}>
        <h1 className={styles.mobileTitle}>{t('auth.login.mobileTitle')}</h1>
        <div style={{ color: 'rgba(255,255,255,0.82)', marginTop: 6 }}>{t('auth.login.tagline')}</div>
      </div>
      <div className={styles.mobileCard}>
        <LoginForm />
      </div>
      <div className={styles.mobileFoot}>{t('app.copyright', { year: new Date().getFullYear() })}</div>
    </div>
  );
}
