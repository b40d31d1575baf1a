import { LockOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { renewPassword } from '../../api/identity.ts';
import { confirmRule, passwordRule } from './password-rules.ts';

type Values = { newPassword: string; confirmPassword: string };

/** After a 413 sign-in: replace the too-simple password with the answer's ticket, no code needed. */
export function RenewPasswordForm({ ticket, onDone }: { ticket: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const onFinish = async (v: Values) => {
    setSaving(true);
    try {
      await renewPassword({ ticket, newPassword: v.newPassword });
      onDone();
    } catch {
      // shown by the http client (ticket expired or used, rules)
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form<Values> layout="vertical" size="large" requiredMark={false} onFinish={onFinish} data-testid="renew-form">
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
    </Form>
  );
}
