import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';

type Props = { name: string; label: string; max?: number; testId?: string };

/** A list of people (name and mobile) — maintenance workers, responsible persons, fault alarm persons. */
export function PersonsField({ name, label, max, testId }: Props) {
  const { t } = useTranslation();
  return (
    <Form.Item label={label} required={false}>
      <Form.List name={name}>
        {(fields, { add, remove }, { errors }) => (
          <div data-testid={testId}>
            {fields.map((f) => (
              <Space key={f.key} align="baseline" style={{ display: 'flex', marginBottom: 4 }}>
                <Form.Item name={[f.name, 'name']} noStyle>
                  <Input placeholder={t('lift.person.name')} style={{ width: 140 }} maxLength={32} />
                </Form.Item>
                <Form.Item name={[f.name, 'mobile']} noStyle>
                  <Input placeholder={t('lift.person.mobile')} style={{ width: 170 }} maxLength={20} />
                </Form.Item>
                <MinusCircleOutlined aria-label={t('lift.action.remove')} onClick={() => remove(f.name)} />
              </Space>
            ))}
            <Button
              type="dashed"
              size="small"
              icon={<PlusOutlined />}
              disabled={max !== undefined && fields.length >= max}
              onClick={() => add({ name: '', mobile: '' })}
            >
              {max !== undefined ? t('lift.person.addMax', { max }) : t('lift.person.add')}
            </Button>
            <Form.ErrorList errors={errors} />
          </div>
        )}
      </Form.List>
    </Form.Item>
  );
}
