import { AlertOutlined, ControlOutlined, DashboardOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DefaultLogo } from '../../app/DefaultLogo.tsx';
import { LanguageLinks } from '../../app/LanguageLinks.tsx';
import styles from './auth.module.css';
import { LoginForm } from './LoginForm.tsx';

const FEATURES = [
  { key: 'monitor', icon: <DashboardOutlined /> },
  { key: 'fault', icon: <AlertOutlined /> },
  { key: 'control', icon: <ControlOutlined /> },
] as const;

/** Desktop sign-in: brand panel on the left, the form on the right. */
export default function LoginPage() {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <aside className={styles.brand}>
        <DefaultLogo inverse title={t('shell.header.defaultLogo')} />
        <div className={styles.brandBody}>
          <h1 className={styles.brandTitle}>{t('app.fullName')}</h1>
          <p className={styles.brandTagline}>{t('auth.login.tagline')}</p>
          <ul className={styles.features}>
            {FEATURES.map((f) => (
              <li key={f.key}>
                <span className={styles.featureIcon}>{f.icon}</span>
                {t(`auth.login.feature.${f.key}`)}
              </li>
            ))}
          </ul>
        </div>
        <div className={styles.brandFoot}>{t('app.copyright', { year: new Date().getFullYear() })}</div>
      </aside>
      <main className={styles.formSide}>
        <div className={styles.topRight}>
          <LanguageLinks />
        </div>
        <section className={styles.panel}>
          <h1 className={styles.panelTitle}>{t('auth.login.title')}</h1>
          <p className={styles.panelIntro}>{t('app.fullName')}</p>
          <LoginForm />
        </section>
      </main>
    </div>
  );
}
