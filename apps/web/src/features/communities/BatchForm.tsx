import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Form, Input, InputNumber, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BatchBody } from '../org/api.ts';
import { checkBatch } from './batch.ts';

type Values = { ranges: Array<{ start?: number; end?: number }>; prefix?: string; suffix?: string };
type Props = { existing: string[]; disabled?: boolean; onSubmit: (b: BatchBody) => Promise<string[]>; testId: string };

/** Number ranges + prefix/suffix → names, checked like the server before sending; shows what was created. */
export function BatchForm({ existing, disabled, onSubmit, testId }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const values = Form.useWatch([], form) as Values | undefined;
  const [created, setCreated] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const check = checkBatch({ ranges: values?.ranges ?? [], prefix: values?.prefix, suffix: values?.suffix }, existing);
  const problemText = check.ok
    ? null
    : t(`org.batch.${check.problem}`, { range: (check.range ?? 0) + 1, number: check.number, names: check.names?.join(', ') });

  const submit = async () => {
    if (!check.ok || !values) return;
    setBusy(true);
    try {
      const names = await onSubmit({
        ranges: values.ranges.map((r) => ({ start: r.start ?? 0, end: r.end ?? 0 })),
        prefix: values.prefix?.trim() ?? '',
        suffix: values.suffix?.trim() ?? '',
      });
      setCreated(names);
      form.resetFields();
    } catch {
      // the client has shown the server's answer (4123/4124/4125)
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" disabled={disabled} initialValues={{ ranges: [{ start: 1, end: 1 }] }} data-testid={testId}>
      <Form.List name="ranges">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f, i) => (
              <Space key={f.key} align="baseline" wrap>
                <Form.Item name={[f.name, 'start']} label={i === 0 ? t('org.batch.start') : undefined}>
                  <InputNumber min={0} max={9999} precision={0} data-testid={`${testId}-start-${i}`} />
                </Form.Item>
                <Form.Item name={[f.name, 'end']} label={i === 0 ? t('org.batch.end') : undefined}>
                  <InputNumber min={0} max={9999} precision={0} data-testid={`${testId}-end-${i}`} />
                </Form.Item>
                {fields.length > 1 && (
                  <Button type="text" icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label={t('org.action.delete')} />
                )}
              </Space>
            ))}
            <Button type="dashed" size="small" icon={<PlusOutlined />} onClick={() => add({})} style={{ marginBottom: 12 }}>
              {t('org.batch.addRange')}
            </Button>
          </>
        )}
      </Form.List>
      <Space wrap>
        <Form.Item name="prefix" label={t('org.batch.prefix')}>
          <Input maxLength={20} style={{ width: 140 }} data-testid={`${testId}-prefix`} />
        </Form.Item>
        <Form.Item name="suffix" label={t('org.batch.suffix')}>
          <Input maxLength={20} style={{ width: 140 }} data-testid={`${testId}-suffix`} />
        </Form.Item>
      </Space>
      {check.ok ? (
        <Typography.Paragraph type="secondary">
          {t('org.batch.preview', { count: check.names.length })}: {check.names.slice(0, 12).join(', ')}
          {check.names.length > 12 ? ' …' : ''}
        </Typography.Paragraph>
      ) : (
        <Alert type="error" showIcon title={problemText} style={{ marginBottom: 12 }} data-testid={`${testId}-problem`} />
      )}
      <Button type="primary" onClick={submit} loading={busy} disabled={!check.ok || disabled} data-testid={`${testId}-submit`}>
        {t('org.batch.create')}
      </Button>
      {created && (
        <Alert
          style={{ marginTop: 12 }}
          type="success"
          showIcon
          closable={{ onClose: () => setCreated(null) }}
          title={t('org.batch.created', { count: created.length })}
          description={
            <Flex wrap gap={4}>
              {created.map((n) => (
                <Tag key={n}>{n}</Tag>
              ))}
            </Flex>
          }
          data-testid={`${testId}-result`}
        />
      )}
    </Form>
  );
}
