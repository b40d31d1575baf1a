import { errorText } from '@liftguard/contract/errors';
import { terminalFamily } from '@liftguard/contract/registry/terminal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Descriptions, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, failureText } from '../../api/http.ts';
import { toast } from '../../app/feedback.tsx';
import { currentLocale } from '../../i18n/i18n.ts';
import { registerTerminal, type TerminalRegistered } from './api.ts';

type Values = { terminal_id: string; face_id?: string; version?: string };

/** Register a terminal; the answer's MQTT secret is shown once, with a copy button. */
export function RegisterTerminalModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [done, setDone] = useState<TerminalRegistered | null>(null);
  const tid = Form.useWatch('terminal_id', form) ?? '';
  const family = terminalFamily(tid.trim());
  const m = useMutation({
    mutationFn: (v: Values) =>
      registerTerminal({ terminal_id: v.terminal_id.trim(), face_id: v.face_id?.trim() || null, version: v.version?.trim() || null }),
    onSuccess: (r) => {
      setDone(r);
      void qc.invalidateQueries({ queryKey: ['terminal'] });
    },
    onError: (err) => {
      if (!(err instanceof ApiError)) return;
      const text = failureText(err.code, err.msg, currentLocale());
      if ([4145, 4154].includes(err.code)) form.setFields([{ name: 'terminal_id', errors: [text] }]);
      else toast.error(text);
    },
  });
  const close = () => {
    setDone(null);
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      open={open}
      title={t('terminal.register.title')}
      onCancel={close}
      okText={done ? t('terminal.action.done') : t('terminal.register.submit')}
      cancelButtonProps={{ style: done ? { display: 'none' } : undefined }}
      okButtonProps={{ loading: m.isPending }}
      onOk={async () => (done ? close() : m.mutate(await form.validateFields()))}
    >
      {done ? (
        <div data-testid="terminal-secret">
          <Alert type="warning" showIcon message={t('terminal.register.secretOnce')} style={{ marginBottom: 12 }} />
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('terminal.field.terminal_id')}>{done.terminal_id}</Descriptions.Item>
            <Descriptions.Item label={t('terminal.field.type')}>{t(`terminal.type.${done.type}`)}</Descriptions.Item>
            <Descriptions.Item label={t('terminal.register.username')}>
              <Typography.Text copyable>{done.mqtt_username}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('terminal.register.secret')}>
              <Typography.Text code copyable={{ text: done.mqtt_secret }}>
                {done.mqtt_secret}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </div>
      ) : (
        <Form form={form} layout="vertical">
          <Form.Item
            name="terminal_id"
            label={t('terminal.field.terminal_id')}
            extra={family ? t('terminal.register.family', { type: t(`terminal.type.${family}`) }) : t('terminal.register.families')}
            rules={[
              { required: true, whitespace: true, message: errorText(4148, currentLocale()) },
              {
                validator: (_r, v: string | undefined) =>
                  !v || terminalFamily(v.trim()) ? Promise.resolve() : Promise.reject(new Error(errorText(4145, currentLocale()))),
              },
            ]}
          >
            <Input maxLength={40} placeholder="T20260001" />
          </Form.Item>
          {family === 'f' && (
            <Form.Item name="face_id" label={t('terminal.field.face_id')}>
              <Input maxLength={64} />
            </Form.Item>
          )}
          <Form.Item name="version" label={t('terminal.field.version')} extra={t('terminal.register.versionHint')}>
            <Input maxLength={40} placeholder="V_1203_release" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
