import type { TLiftStateSettings } from '@liftguard/contract/settings/lift-state';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, InputNumber, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/http.ts';
import { toast } from '../../app/feedback.tsx';

const KEY = ['settings', 'lift-state'] as const;

/** Field → [min, max] as in ZLiftStateSettings. */
const FIELDS: Record<keyof TLiftStateSettings, [number, number]> = {
  life: [10, 3600],
  heartbeat_s: [5, 600],
  offline_after_s: [15, 3600],
  status_interval_s: [1, 600],
  monitor_interval_s: [1, 60],
  door_open_alarm_s: [10, 3600],
  overspeed_percent: [100, 200],
  command_ttl_s: [5, 300],
};

/** `/system/settings`: lift-state parameter settings of the current company. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<TLiftStateSettings>();
  const q = useQuery({ queryKey: KEY, queryFn: () => request<TLiftStateSettings>('/settings/get') });
  useEffect(() => {
    if (q.data) form.setFieldsValue(q.data);
  }, [q.data, form]);
  const save = useMutation({
    mutationFn: (body: Partial<TLiftStateSettings>) => request<TLiftStateSettings>('/settings/update', { method: 'PUT', body }),
    onSuccess: (data) => {
      qc.setQueryData(KEY, data);
      toast.success(t('settings.saved'));
    },
  });
  if (q.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;
  return (
    <Card title={t('settings.title')} style={{ maxWidth: 720 }}>
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ span: 10 }}
        wrapperCol={{ span: 14 }}
        onFinish={(v) => save.mutate(v)}
        data-testid="settings-form"
      >
        {(Object.keys(FIELDS) as (keyof TLiftStateSettings)[]).map((k) => {
          const [min, max] = FIELDS[k];
          return (
            <Form.Item
              key={k}
              name={k}
              label={t(`settings.field.${k}`)}
              extra={t('settings.range', { min, max })}
              rules={[{ required: true, type: 'number', min, max, message: t('settings.range', { min, max }) }]}
            >
              <InputNumber
                min={min}
                max={max}
                precision={0}
                style={{ width: 160 }}
                addonAfter={k === 'overspeed_percent' ? '%' : t('settings.seconds')}
              />
            </Form.Item>
          );
        })}
        <Form.Item wrapperCol={{ offset: 10 }}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('settings.save')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
