import type { TCompanyTreeNode } from '@liftguard/contract/org/company';
import { Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { addCompany } from './api.ts';

type Props = { parent: TCompanyTreeNode | null; onClose: () => void; onCreated: (node: { id: number }) => void };

/** New company or department under the selected node. A new company starts with no permissions. */
export function CompanyAddModal({ parent, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string; node_type: 'company' | 'department' }>();
  const onOk = async () => {
    const v = await form.validateFields();
    if (!parent) return;
    const node = await addCompany({ pid: parent.id, name: v.name, node_type: v.node_type });
    form.resetFields();
    onCreated(node);
  };
  return (
    <Modal
      open={parent !== null}
      title={t('org.company.addUnder', { name: parent?.name ?? '' })}
      onCancel={onClose}
      onOk={onOk}
      okText={t('org.action.save')}
      cancelText={t('app.action.cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ node_type: 'company' }} data-testid="company-add-form">
        <Form.Item name="node_type" label={t('org.company.nodeType')}>
          <Radio.Group
            options={[
              { value: 'company', label: t('org.company.typeCompany') },
              { value: 'department', label: t('org.company.typeDepartment') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('org.company.name')}
          rules={[{ required: true, whitespace: true, message: t('org.validate.required') }, { max: 80 }]}
        >
          <Input maxLength={80} data-testid="company-add-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
