import type { TResource } from '@liftguard/contract/org/resource';
import { Form, Input, InputNumber, Modal, Radio } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { addResource, updateResource } from '../org/api.ts';

export type ResourceEdit = { mode: 'add'; parent: TResource | null } | { mode: 'edit'; resource: TResource };
type Values = { name: string; label: string; sort: number; kind: 'route' | 'uri' };

/** Add a child resource (layer = parent's + 1) or edit a resource's label and order. */
export function ResourceEditModal({ edit, onClose, onSaved }: { edit: ResourceEdit | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (!edit) return;
    form.resetFields();
    if (edit.mode === 'edit')
      form.setFieldsValue({ name: edit.resource.name, label: edit.resource.label, sort: edit.resource.sort, kind: edit.resource.kind });
    else form.setFieldsValue({ sort: 0, kind: (edit.parent?.layer ?? 0) >= 2 ? 'uri' : 'route' });
  }, [edit, form]);
  const onOk = async () => {
    const v = await form.validateFields();
    if (!edit) return;
    if (edit.mode === 'edit') await updateResource({ id: edit.resource.id, label: v.label, sort: v.sort });
    else
      await addResource({
        pid: edit.parent?.id ?? null,
        layer: (edit.parent?.layer ?? 0) + 1,
        kind: v.kind,
        name: v.name,
        label: v.label,
        sort: v.sort,
      });
    onSaved();
  };
  const title = !edit ? '' : edit.mode === 'edit' ? t('org.resource.edit') : t('org.resource.addUnder', { name: edit.parent?.name ?? '—' });
  return (
    <Modal
      open={edit !== null}
      title={title}
      onCancel={onClose}
      onOk={onOk}
      okText={t('org.action.save')}
      cancelText={t('app.action.cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="kind" label={t('org.resource.kind')}>
          <Radio.Group
            disabled={edit?.mode === 'edit'}
            options={[
              { value: 'route', label: t('org.resource.kindRoute') },
              { value: 'uri', label: t('org.resource.kindUri') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('org.resource.name')}
          rules={[{ required: true, whitespace: true, message: t('org.validate.required') }]}
        >
          <Input maxLength={120} disabled={edit?.mode === 'edit'} />
        </Form.Item>
        <Form.Item
          name="label"
          label={t('org.resource.label')}
          rules={[{ required: true, whitespace: true, message: t('org.validate.required') }]}
        >
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item name="sort" label={t('org.resource.sort')}>
          <InputNumber min={0} max={100000} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
