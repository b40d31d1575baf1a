import type { TCompanyNode, TCompanyTreeNode } from '@liftguard/contract/org/company';
import { EXTRA_AUTH_KEYS } from '@liftguard/contract/org/role';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Spin,
  Switch,
  Tabs,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/feedback.tsx';
import { RegionCascader } from '../communities/RegionCascader.tsx';
import { listResourcesQuietly, updateCompany } from './api.ts';
import { CommunitySelect } from './CommunitySelect.tsx';
import { grantSourceForChild } from './company-tree.ts';
import { LogoUpload } from './LogoUpload.tsx';
import { PermissionTree } from './PermissionTree.tsx';
import { limitTo, routeKeyTree, uriTree } from './permission-tree.ts';
import { useCan } from './useCan.ts';
import { useCompanies } from './useCompanies.ts';
import { useCompanyDetail, useGrants } from './useGrants.ts';

type Values = {
  name: string;
  j_region: string[];
  j_community_ids: number[];
  sms_limit: number;
  sms_enable: 0 | 1 | 2;
  pay_permission: boolean;
};

/** The selected node of the tree, once its permission lists are loaded. */
export function CompanyDetail({ node, onSaved }: { node: TCompanyTreeNode; onSaved: () => void }) {
  const detail = useCompanyDetail(node.id);
  if (!detail.data)
    return (
      <Card>
        <Spin />
      </Card>
    );
  return (
    <CompanyForm
      node={detail.data}
      tree={node}
      onSaved={async () => {
        await detail.refetch();
        onSaved();
      }}
    />
  );
}

/** Fields, permissions and logo of a company or department. */
function CompanyForm({ node, tree, onSaved }: { node: TCompanyNode; tree: TCompanyTreeNode; onSaved: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const { list } = useCompanies();
  const editable = can('/company/update');
  const isCompany = node.node_type === 'company';
  const [form] = Form.useForm<Values>();
  const [keys, setKeys] = useState<string[]>(node.j_auth_list);
  const [uris, setUris] = useState<string[]>(node.j_auth_uris);
  const [extra, setExtra] = useState<string[]>(node.j_extra_auth);
  const [saving, setSaving] = useState(false);
  const resources = useQuery({ queryKey: ['org', 'resources', 'quiet'], queryFn: listResourcesQuietly, staleTime: 60_000 });

  useEffect(() => {
    form.setFieldsValue({
      name: node.name,
      j_region: node.j_region,
      j_community_ids: node.j_community_ids,
      sms_limit: node.sms_limit,
      sms_enable: node.sms_enable as 0 | 1 | 2,
      pay_permission: node.pay_permission,
    });
    setKeys(node.j_auth_list);
    setUris(node.j_auth_uris);
    setExtra(node.j_extra_auth);
  }, [node, form]);

  const source = grantSourceForChild(list, tree);
  const parentGrants = useGrants(source === node.id ? undefined : source);
  const grants = source === node.id ? { keys: node.j_auth_list, uris: node.j_auth_uris, extra: node.j_extra_auth } : parentGrants;
  const loadingGrants = grants === undefined;
  const keyTree = routeKeyTree(grants?.keys);
  const uriNodes = uriTree(resources.data ?? null, grants ? grants.uris : resources.data ? null : node.j_auth_uris);
  const extraOffered = EXTRA_AUTH_KEYS.filter((k) => !grants || grants.extra.includes(k));

  const onSave = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await updateCompany({
        id: node.id,
        ...v,
        ...(isCompany
          ? {
              j_auth_list: limitTo(keys, grants?.keys),
              j_auth_uris: limitTo(uris, grants?.uris),
              j_extra_auth: limitTo(extra, grants?.extra),
            }
          : {}),
      });
      toast.success(t('org.saved'));
      onSaved();
    } finally {
      setSaving(false);
    }
  };

  const fields = (
    <Form form={form} layout="vertical" disabled={!editable} data-testid="company-form">
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Form.Item
            name="name"
            label={t('org.company.name')}
            rules={[{ required: true, whitespace: true, message: t('org.validate.required') }]}
          >
            <Input maxLength={80} />
          </Form.Item>
        </Col>
        <Col xs={24} lg={12}>
          <Form.Item name="j_region" label={t('org.region.label')}>
            <RegionCascader />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="j_community_ids" label={t('org.company.communities')} extra={t('org.company.communitiesHint')}>
            <CommunitySelect testId="company-communities" placeholder={t('org.company.communitiesPlaceholder')} />
          </Form.Item>
        </Col>
      </Row>
      {isCompany && (
        <>
          <Descriptions
            size="small"
            column={1}
            style={{ marginBottom: 16 }}
            items={[{ key: 'sms_count', label: t('org.company.smsCount'), children: node.sms_count }]}
          />
          <Row gutter={16}>
            <Col xs={24} lg={12}>
              <Form.Item
                name="sms_limit"
                label={t('org.company.smsLimit')}
                rules={[{ required: true, message: t('org.validate.required') }]}
              >
                <InputNumber min={0} max={10_000_000} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item name="pay_permission" label={t('org.company.payPermission')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="sms_enable" label={t('org.company.smsEnable')}>
            <Radio.Group
              options={[
                { value: 0, label: t('org.company.sms0') },
                { value: 1, label: t('org.company.sms1') },
                { value: 2, label: t('org.company.sms2') },
              ]}
            />
          </Form.Item>
        </>
      )}
    </Form>
  );

  const tabs = [
    { key: 'info', label: t('org.company.tabInfo'), children: fields },
    ...(isCompany
      ? [
          {
            key: 'perm',
            label: t('org.company.tabPermissions'),
            children: loadingGrants ? (
              <Spin />
            ) : (
              <>
                <Typography.Paragraph type="secondary">{t('org.company.permHint')}</Typography.Paragraph>
                <Row gutter={24}>
                  <Col xs={24} xl={10}>
                    <Typography.Title level={5}>{t('org.perm.routes')}</Typography.Title>
                    <PermissionTree nodes={keyTree} value={keys} onChange={setKeys} disabled={!editable} testId="company-perm-routes" />
                  </Col>
                  <Col xs={24} xl={14}>
                    <Typography.Title level={5}>{t('org.perm.uris')}</Typography.Title>
                    <PermissionTree nodes={uriNodes} value={uris} onChange={setUris} disabled={!editable} testId="company-perm-uris" />
                  </Col>
                </Row>
                <Typography.Title level={5}>{t('org.perm.extra')}</Typography.Title>
                <Checkbox.Group
                  disabled={!editable}
                  value={extra}
                  onChange={(v) => setExtra(v as string[])}
                  options={extraOffered.map((k) => ({ value: k, label: t(`org.perm.key.${k}`) }))}
                />
              </>
            ),
          },
          {
            key: 'logo',
            label: t('org.company.tabLogo'),
            children: <LogoUpload cid={node.id} logo={node.logo} disabled={!can('/portal/upload_logo')} onUploaded={onSaved} />,
          },
        ]
      : [
          {
            key: 'perm',
            label: t('org.company.tabPermissions'),
            children: <Alert type="info" showIcon title={t('org.company.deptInherits')} />,
          },
        ]),
  ];

  return (
    <Card
      title={
        <span data-testid="company-detail-title">
          {node.name}
          <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontWeight: 'normal' }}>
            {isCompany ? t('org.company.typeCompany') : t('org.company.typeDepartment')} · ID {node.id}
          </Typography.Text>
        </span>
      }
      extra={
        <Button type="primary" onClick={onSave} loading={saving} disabled={!editable} data-testid="company-save">
          {t('org.action.save')}
        </Button>
      }
    >
      <Tabs items={tabs} />
    </Card>
  );
}
