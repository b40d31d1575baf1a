import { useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { updatePassword } from '../../api/identity.ts';
import { confirmRule, passwordRule } from '../../features/auth/password-rules.ts';
import { IS_MOBILE } from '../device.ts';
import { toast } from '../feedback.tsx';
import { PATHS } from '../navigation.ts';
import { endSession } from '../session.ts';

type Values = { oldPassword: string; newPassword: string; confirmPassword: string };

/** POST /api/user/updatepwd with the contract's password rules checked first (SPEC.md §5). */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const onOk = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      await updatePassword({ oldPassword: v.oldPassword, newPassword: v.newPassword });
      toast.success(t('shell.password.done'));
      onClose();
      endSession(qc);
      navigate(IS_MOBILE ? PATHS.mobileLogin : PATHS.login, { replace: true });
    } catch {
      // 4024 old password wrong, 4013 rules: shown by the http client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('shell.password.title')}
      onCancel={onClose}
      onOk={onOk}
      confirmLoading={saving}
      okText={t('app.action.ok')}
      cancelText={t('app.action.cancel')}
      destroyOnHidden
      afterClose={() => form.resetFields()}
    >
      <Form<Values> form={form} layout="vertical" requiredMark={false} data-testid="change-password-form">
        <Form.Item name="oldPassword" label={t('shell.password.old')} rules={[{ required: true, message: t('auth.password.oldRequired') }]}>
          <Input.Password autoComplete="current-password" maxLength={128} />
        </Form.Item>
        <Form.Item name="newPassword" label={t('shell.password.new')} rules={[passwordRule(t)]} extra={t('auth.password.hint')}>
          <Input.Password autoComplete="new-password" maxLength={30} />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('shell.password.confirm')}
          dependencies={['newPassword']}
          rules={[confirmRule(t, 'newPassword')]}
        >
          <Input.Password autoComplete="new-password" maxLength={30} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
