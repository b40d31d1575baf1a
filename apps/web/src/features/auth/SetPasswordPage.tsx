import { LockOutlined, MailOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { EMAIL_RE, PHONE_RE } from '@liftguard/contract/validators';
import { Alert, Button, Form, Input, Segmented, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { type CodeChannel, resetPassword, sendCode } from '../../api/identity.ts';
import { DefaultLogo } from '../../app/DefaultLogo.tsx';
import { IS_MOBILE } from '../../app/device.ts';
import { toast } from '../../app/feedback.tsx';
import { LanguageLinks } from '../../app/LanguageLinks.tsx';
import { PATHS } from '../../app/navigation.ts';
import styles from './auth.module.css';
import { confirmRule, passwordRule } from './password-rules.ts';
import { RenewPasswordForm } from './RenewPasswordForm.tsx';
import { useCountdown } from './useCountdown.ts';

/** 60 s between sends (SPEC.md §9). */
export const RESEND_SECONDS = 60;

type Values = { target: string; code: string; newPassword: string; confirmPassword: string };

/** Reset the password with a code sent by SMS or email; also where a 413 at sign-in lands. */
export default function SetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useLocation().state as { reason?: string; ticket?: string } | null;
  const tooSimple = state?.reason === 'tooSimple';
  const [ticket, setTicket] = useState(state?.ticket ?? null);
  const [form] = Form.useForm<Values>();
  const [channel, setChannel] = useState<CodeChannel>('sms');
  const [sending, setSending] = useState(false);
  const [saving, setSaving] = useState(false);
  const countdown = useCountdown(RESEND_SECONDS);
  const loginPath = IS_MOBILE ? PATHS.mobileLogin : PATHS.login;

  const targetRule = {
    validator: async (_: unknown, v: string | undefined) => {
      const value = (v ?? '').trim();
      if (channel === 'sms' && !PHONE_RE.test(value)) throw new Error(t('auth.reset.phoneInvalid'));
      if (channel === 'email' && !EMAIL_RE.test(value)) throw new Error(t('auth.reset.emailInvalid'));
    },
  };

  const onSend = async () => {
    const { target } = await form.validateFields(['target']).catch(() => ({ target: null }));
    if (!target) return;
    setSending(true);
    try {
      await sendCode({ channel, target: target.trim() });
      countdown.start();
      toast.success(t('auth.reset.sent'));
    } catch {
      // told by the http client (4082 too frequent, 4081 daily cap, …)
    } finally {
      setSending(false);
    }
  };

  const onFinish = async (v: Values) => {
    setSaving(true);
    try {
      await resetPassword({ channel, target: v.target.trim(), code: v.code.trim(), newPassword: v.newPassword });
      toast.success(t('auth.reset.done'));
      navigate(loginPath, { replace: true });
    } catch {
      // told by the http client (4086 wrong code, 4087 expired, …)
    } finally {
      setSaving(false);
    }
  };

  return (
    <div style={{ minHeight: '100vh', background: '#f3f6fa', display: 'flex', flexDirection: 'column' }}>
      <header style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', padding: '14px 24px', background: '#fff' }}>
        <DefaultLogo title={t('shell.header.defaultLogo')} />
        <LanguageLinks />
      </header>
      <main style={{ flex: 1, display: 'grid', placeItems: 'center', padding: IS_MOBILE ? 16 : 48 }}>
        <section className={styles.panel} style={{ maxWidth: 460 }}>
          <h1 className={styles.panelTitle}>{t('auth.reset.title')}</h1>
          <p className={styles.panelIntro}>{t(ticket ? 'auth.reset.renewIntro' : 'auth.reset.intro')}</p>
          {tooSimple && <Alert type="warning" showIcon style={{ marginBottom: 20 }} title={t('auth.reset.tooSimple')} />}
          {ticket ? (
            <>
              <RenewPasswordForm
                ticket={ticket}
                onDone={() => {
                  toast.success(t('auth.reset.done'));
                  navigate(loginPath, { replace: true });
                }}
              />
              <div style={{ textAlign: 'center', marginTop: 16 }}>
                <Button type="link" onClick={() => setTicket(null)}>
                  {t('auth.reset.useCode')}
                </Button>
              </div>
            </>
          ) : (
            <Form<Values> form={form} layout="vertical" size="large" requiredMark={false} onFinish={onFinish} data-testid="reset-form">
              <Form.Item label={t('auth.reset.channel')}>
                <Segmented<CodeChannel>
                  block
                  value={channel}
                  onChange={(c) => {
                    setChannel(c);
                    form.resetFields(['target']);
                  }}
                  options={[
                    { value: 'sms', label: t('auth.reset.sms'), icon: <MobileOutlined /> },
                    { value: 'email', label: t('auth.reset.email'), icon: <MailOutlined /> },
                  ]}
                />
              </Form.Item>
              <Form.Item name="target" label={t(channel === 'sms' ? 'auth.reset.phone' : 'auth.reset.emailAddress')} rules={[targetRule]}>
                <Input
                  prefix={channel === 'sms' ? <MobileOutlined /> : <MailOutlined />}
                  inputMode={channel === 'sms' ? 'tel' : 'email'}
                  autoComplete={channel === 'sms' ? 'tel' : 'email'}
                  maxLength={128}
                />
              </Form.Item>
              <Form.Item label={t('auth.reset.code')} required>
                <Space.Compact block>
                  <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t('auth.reset.codeRequired') }]}>
                    <Input prefix={<SafetyOutlined />} maxLength={12} autoComplete="one-time-code" />
                  </Form.Item>
                  <Button
                    onClick={onSend}
                    loading={sending}
                    disabled={countdown.left > 0}
                    style={{ minWidth: 140 }}
                    data-testid="send-code"
                  >
                    {countdown.left > 0 ? t('auth.reset.resendIn', { seconds: countdown.left }) : t('auth.reset.send')}
                  </Button>
                </Space.Compact>
              </Form.Item>
              <Form.Item name="newPassword" label={t('auth.reset.newPassword')} rules={[passwordRule(t)]} extra={t('auth.password.hint')}>
                <Input.Password prefix={<LockOutlined />} autoComplete="new-password" maxLength={30} />
              </Form.Item>
              <Form.Item
                name="confirmPassword"
                label={t('auth.reset.confirmPassword')}
                dependencies={['newPassword']}
                rules={[confirmRule(t, 'newPassword')]}
              >
                <Input.Password prefix={<LockOutlined />} autoComplete="new-password" maxLength={30} />
              </Form.Item>
              <Button type="primary" htmlType="submit" block loading={saving}>
                {t('auth.reset.submit')}
              </Button>
              <div style={{ textAlign: 'center', marginTop: 16 }}>
                <Link to={loginPath} replace>
                  {t('auth.reset.backToLogin')}
                </Link>
              </div>
            </Form>
          )}
        </section>
      </main>
    </div>
  );
}
