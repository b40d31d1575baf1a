import type { TLiftBatchEditRequest } from '@liftguard/contract/registry/lift';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Checkbox, Form, Input, InputNumber, Modal, Select, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/feedback.tsx';
import { currentLocale } from '../../i18n/i18n.ts';
import { batchUpdateLifts } from './api.ts';
import { CommunitySelect } from './CommunitySelect.tsx';
import { useCompanyOptions } from './useCompanyOptions.ts';
import { varietyOptions } from './varieties.ts';

type Field = keyof TLiftBatchEditRequest['set'];
const FIELDS: Field[] = ['variety', 'brand', 'community_id', 'mt_company_id', 'ad_company', 'sms_switch', 'sms_limit', 'remark'];

/** Change the ticked fields of every selected lift at once (POST /device/batch_update). */
export function BatchEditModal({ ids, open, onClose }: { ids: number[]; open: boolean; onClose: (done: boolean) => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const companies = useCompanyOptions();
  const [form] = Form.useForm();
  const [ticked, setTicked] = useState<Field[]>([]);
  const m = useMutation({
    mutationFn: (set: TLiftBatchEditRequest['set']) => batchUpdateLifts({ ids, set }),
    onSuccess: (r) => {
      toast.success(t('lift.batch.done', { count: r.updated }));
      void qc.invalidateQueries({ queryKey: ['lift'] });
      setTicked([]);
      form.resetFields();
      onClose(true);
    },
  });
  const input = (f: Field) => {
    switch (f) {
      case 'variety':
        return <Select options={varietyOptions(currentLocale())} style={{ width: 260 }} />;
      case 'community_id':
        return <CommunitySelect style={{ width: 260 }} />;
      case 'mt_company_id':
        return <Select allowClear showSearch optionFilterProp="title" options={companies} style={{ width: 260 }} />;
      case 'sms_switch':
        return <Switch />;
      case 'sms_limit':
        return <InputNumber min={0} max={100} precision={0} />;
      default:
        return <Input style={{ width: 260 }} maxLength={f === 'remark' ? 500 : 64} />;
    }
  };
  return (
    <Modal
      open={open}
      title={t('lift.batch.title', { count: ids.length })}
      onCancel={() => onClose(false)}
      okButtonProps={{ disabled: ticked.length === 0, loading: m.isPending }}
      onOk={async () => {
        const values = await form.validateFields();
        const set: Record<string, unknown> = {};
        for (const f of ticked) set[f] = values[f] ?? (f === 'sms_switch' ? false : null);
        m.mutate(set as TLiftBatchEditRequest['set']);
      }}
      width={620}
    >
      <Typography.Paragraph type="secondary">{t('lift.batch.help')}</Typography.Paragraph>
      <Form form={form} layout="horizontal" labelCol={{ span: 8 }}>
        {FIELDS.map((f) => (
          <Space key={f} align="baseline" style={{ display: 'flex' }}>
            <Checkbox
              checked={ticked.includes(f)}
              onChange={(e) => setTicked(e.target.checked ? [...ticked, f] : ticked.filter((x) => x !== f))}
              aria-label={t(`lift.field.${f}`)}
            />
            <Form.Item
              name={f}
              label={t(`lift.field.${f}`)}
              valuePropName={f === 'sms_switch' ? 'checked' : 'value'}
              style={{ minWidth: 480 }}
            >
              {input(f)}
            </Form.Item>
          </Space>
        ))}
      </Form>
    </Modal>
  );
}
