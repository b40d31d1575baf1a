import type { TCommunity } from '@liftguard/contract/org/community';
import { Button, Drawer, Flex, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/feedback.tsx';
import { addCommunity, updateCommunity } from '../org/api.ts';
import { CompanyTreeSelect } from '../org/CompanyTreeSelect.tsx';
import { RegionCascader } from './RegionCascader.tsx';

type Values = { company_id?: number; name: string; j_region: string[]; address: string };
type Props = { open: boolean; community: TCommunity | null; onClose: () => void; onSaved: () => void };

/** Create or edit a community: owner node, name, province/city/district, address. */
export function CommunityDrawer({ open, community, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (community)
      form.setFieldsValue({
        company_id: community.company_id,
        name: community.name,
        j_region: community.j_region,
        address: community.address,
      });
  }, [open, community, form]);

  const onSubmit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      if (community) await updateCommunity({ id: community.id, name: v.name, j_region: v.j_region ?? [], address: v.address ?? '' });
      else await addCommunity({ company_id: v.company_id, name: v.name, j_region: v.j_region ?? [], address: v.address ?? '' });
      toast.success(t('org.saved'));
      onSaved();
    } catch {
      // shown by the client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={520}
      title={community ? t('org.community.edit', { name: community.name }) : t('org.community.create')}
      destroyOnHidden
      extra={
        <Flex gap={8}>
          <Button onClick={onClose}>{t('app.action.cancel')}</Button>
          <Button type="primary" onClick={onSubmit} loading={saving} data-testid="community-save">
            {t('org.action.save')}
          </Button>
        </Flex>
      }
    >
      <Form form={form} layout="vertical" data-testid="community-form">
        {!community && (
          <Form.Item name="company_id" label={t('org.community.company')} extra={t('org.community.companyHint')}>
            <CompanyTreeSelect allowClear style={{ width: '100%' }} />
          </Form.Item>
        )}
        <Form.Item
          name="name"
          label={t('org.community.name')}
          rules={[{ required: true, whitespace: true, message: t('org.validate.required') }]}
        >
          <Input maxLength={80} data-testid="community-name" />
        </Form.Item>
        <Form.Item name="j_region" label={t('org.region.label')}>
          <RegionCascader testId="community-region" />
        </Form.Item>
        <Form.Item name="address" label={t('org.community.address')}>
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
