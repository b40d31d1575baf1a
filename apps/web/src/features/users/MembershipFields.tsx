import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Form, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { RegionCascader } from '../communities/RegionCascader.tsx';
import { listCommunities } from '../org/api.ts';
import { CompanyTreeSelect } from '../org/CompanyTreeSelect.tsx';
import { owningCompany } from '../org/company-tree.ts';
import { useCompanies } from '../org/useCompanies.ts';
import { useRoles } from '../roles/useRoles.ts';

export type MembershipValue = { company_id?: number; role_id?: number | null; j_community_ids?: number[]; j_region?: string[] };

/** Memberships of a user: each a company or department, with role, communities and region. */
export function MembershipFields() {
  const { t } = useTranslation();
  const { list: nodes } = useCompanies();
  const { list: roles } = useRoles();
  const communities = useQuery({ queryKey: ['org', 'communities', 'options'], queryFn: () => listCommunities({ page: 1, size: 24 }) });
  const form = Form.useFormInstance();
  const rolesFor = (nodeId: number | undefined) => {
    const owner = nodeId ? owningCompany(nodes, nodeId) : undefined;
    return roles.filter((r) => r.company_id === owner?.id);
  };
  return (
    <Form.List
      name="memberships"
      rules={[
        {
          validator: async (_, v: unknown[] | undefined) => {
            if (!v?.length) throw new Error(t('org.user.needMembership'));
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <>
          {fields.map((f, i) => (
            <Card
              key={f.key}
              size="small"
              style={{ marginBottom: 12 }}
              title={t('org.user.membershipN', { n: i + 1 })}
              extra={
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => remove(f.name)}
                  aria-label={t('org.action.delete')}
                />
              }
              data-testid={`membership-${i}`}
            >
              <Row gutter={12}>
                <Col xs={24} md={12}>
                  <Form.Item
                    name={[f.name, 'company_id']}
                    label={t('org.user.node')}
                    rules={[{ required: true, message: t('org.validate.required') }]}
                  >
                    <CompanyTreeSelect
                      style={{ width: '100%' }}
                      testId={`membership-${i}-node`}
                      onChange={() => form.setFieldValue(['memberships', f.name, 'role_id'], null)}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item noStyle shouldUpdate>
                    {() => (
                      <Form.Item name={[f.name, 'role_id']} label={t('org.user.role')}>
                        <Select
                          data-testid={`membership-${i}-role`}
                          allowClear
                          options={rolesFor(form.getFieldValue(['memberships', f.name, 'company_id'])).map((r) => ({
                            value: r.id,
                            label: r.name,
                          }))}
                        />
                      </Form.Item>
                    )}
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name={[f.name, 'j_community_ids']} label={t('org.user.communities')}>
                    <Select
                      mode="multiple"
                      allowClear
                      optionFilterProp="label"
                      options={(communities.data?.list ?? []).map((c) => ({ value: c.id, label: c.name }))}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name={[f.name, 'j_region']} label={t('org.region.label')}>
                    <RegionCascader />
                  </Form.Item>
                </Col>
              </Row>
            </Card>
          ))}
          <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({ role_id: null, j_community_ids: [], j_region: [] })}>
            {t('org.user.addMembership')}
          </Button>
          <Form.ErrorList errors={errors} />
        </>
      )}
    </Form.List>
  );
}
