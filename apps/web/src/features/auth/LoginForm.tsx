import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input } from 'antd';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { changeLanguage, login } from '../../api/identity.ts';
import { IS_MOBILE } from '../../app/device.ts';
import { toast } from '../../app/feedback.tsx';
import { PATHS } from '../../app/navigation.ts';
import { startSession } from '../../app/session.ts';
import { currentLocale } from '../../i18n/i18n.ts';
import styles from './auth.module.css';

type Problems = { username?: string; password?: string };

/**
 * Username or phone + password; on success the session starts and the user lands on home.
 * A plain form (not antd Form) keeps the sign-in route's JavaScript small.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Problems = {};
    if (!username.trim()) found.username = t('auth.login.usernameRequired');
    if (!password) found.password = t('auth.login.passwordRequired');
    setProblems(found);
    if (found.username || found.password) return;
    setBusy(true);
    try {
      const user = await login({ username: username.trim(), password, client: IS_MOBILE ? 'mobile' : 'web' });
      startSession(qc, user);
      // the language picked on this page wins over the one stored for the account
      const lang = currentLocale();
      if (user.language !== lang) void changeLanguage(lang).catch(() => undefined);
      toast.success(t('auth.login.welcome', { name: user.realname || user.username }), 'session');
      navigate(IS_MOBILE ? PATHS.mobileHome : PATHS.home, { replace: true });
    } catch {
      // the http client has shown the reason (wrong password, 413 → reset page, …)
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="login-form" className={styles.form}>
      <div className={styles.field}>
        <label htmlFor="login-username" className={styles.label}>
          {t('auth.login.username')}
        </label>
        <Input
          id="login-username"
          size="large"
          name="username"
          prefix={<UserOutlined />}
          autoComplete="username"
          placeholder={t('auth.login.username')}
          maxLength={64}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          status={problems.username ? 'error' : undefined}
          aria-invalid={problems.username ? true : undefined}
          disabled={busy}
        />
        {problems.username && (
          <span role="alert" className={styles.problem}>
            {problems.username}
          </span>
        )}
      </div>
      <div className={styles.field}>
        <label htmlFor="login-password" className={styles.label}>
          {t('auth.login.password')}
        </label>
        <Input.Password
          id="login-password"
          size="large"
          name="password"
          prefix={<LockOutlined />}
          autoComplete="current-password"
          placeholder={t('auth.login.password')}
          maxLength={128}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          status={problems.password ? 'error' : undefined}
          aria-invalid={problems.password ? true : undefined}
          disabled={busy}
        />
        {problems.password && (
          <span role="alert" className={styles.problem}>
            {problems.password}
          </span>
        )}
      </div>
      <Button type="primary" htmlType="submit" size="large" block loading={busy} style={{ marginTop: 8 }}>
        {t('auth.login.submit')}
      </Button>
      <div className={styles.formFoot}>
        <Link to={PATHS.setPassword} replace>
          {t('auth.login.forgot')}
        </Link>
      </div>
    </form>
  );
}
