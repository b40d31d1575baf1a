import type { TRemoteAction } from '@liftguard/contract/command/index';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, failureText } from '../../api/http.ts';
import { currentLocale } from '../../i18n/i18n.ts';
import { sendCommand } from './api.ts';

type Props = {
  action: TRemoteAction | null;
  terminalId: string;
  liftName?: string;
  floors: { floor: number; label: string }[];
  onClose: () => void;
  onSent: (cmdId: string) => void;
};

/** Asks the user's password (and the floor for a call) before a remote command is sent. */
export function CommandModal({ action, terminalId, liftName, floors, onClose, onSent }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string; floor?: number }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ code: number; text: string } | null>(null);

  const submit = async () => {
    if (!action) return;
    const v = await form.validateFields();
    setBusy(true);
    setError(null);
    try {
      const cmd = await sendCommand({
        action,
        terminal_id: terminalId,
        password: v.password,
        data: action === 'call_floor' ? { floor: v.floor } : {},
      });
      form.resetFields();
      onSent(cmd.id);
    } catch (err) {
      const code = err instanceof ApiError ? err.code : -1;
      setError({ code, text: failureText(code, err instanceof ApiError ? err.msg : undefined, currentLocale()) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={action !== null}
      title={action ? t('command.confirmTitle', { action: t(`command.action.${action}`), lift: liftName ?? terminalId }) : ''}
      okText={t('command.send')}
      cancelText={t('command.cancel')}
      confirmLoading={busy}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => {
        setError(null);
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
      data-testid="command-modal"
    >
      {error && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="command-error"
          data-code={error.code}
          message={error.text}
          description={t(`command.hint.${error.code}`, { defaultValue: '' }) || undefined}
        />
      )}
      <Form form={form} layout="vertical" preserve={false}>
        {action === 'call_floor' && (
          <Form.Item name="floor" label={t('command.floor')} rules={[{ required: true, message: t('command.floorRequired') }]}>
            <Select
              data-testid="command-floor"
              options={floors.map((f) => ({ value: f.floor, label: f.label }))}
              placeholder={t('command.floor')}
            />
          </Form.Item>
        )}
        <Form.Item
          name="password"
          label={t('command.password')}
          extra={t('command.passwordHint')}
          rules={[{ required: true, message: t('command.passwordRequired') }]}
        >
          <Input.Password autoComplete="current-password" data-testid="command-password" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
