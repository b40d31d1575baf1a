import { APP_AUTH_KEYS, ASSIGNABLE_ROLE_TYPES, EXPERT_AUTH_KEYS, EXTRA_AUTH_KEYS, type TRole } from '@liftguard/contract/org/role';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Col, Drawer, Flex, Form, Input, Row, Select, Switch, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/feedback.tsx';
import { addRole, listResourcesQuietly, updateRole } from '../org/api.ts';
import { grantSourceOf } from '../org/company-tree.ts';
import { PermissionTree } from '../org/PermissionTree.tsx';
import { flatTree, limitTo, routeKeyTree, uriTree } from '../org/permission-tree.ts';
import { useCompanies } from '../org/useCompanies.ts';
import { useGrants } from '../org/useGrants.ts';

type Props = { open: boolean; companyId: number | null; role: TRole | null; onClose: () => void; onSaved: () => void };
type Perms = { j_auth_list: string[]; j_auth_uris: string[]; j_app_auth: string[]; j_expert_auth: string[]; j_extra_auth: string[] };
const EMPTY: Perms = { j_auth_list: [], j_auth_uris: [], j_app_auth: [], j_expert_auth: [], j_extra_auth: [] };

/** A role of a company: platform, app and elevator-expert app permissions, advanced permissions, private switch. */
export function RoleDrawer({ open, companyId, role, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { list } = useCompanies();
  const [form] = Form.useForm<{ name: string; role_type: string; is_private: boolean }>();
  const [perms, setPerms] = useState<Perms>(EMPTY);
  const [saving, setSaving] = useState(false);
  const resources = useQuery({ queryKey: ['org', 'resources', 'quiet'], queryFn: listResourcesQuietly, staleTime: 60_000 });
  const ownerId = role?.company_id ?? companyId;
  const grants = useGrants(ownerId ? grantSourceOf(list, ownerId) : null) ?? null;

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({ name: role?.name ?? '', role_type: role?.role_type ?? 'STAFF', is_private: role?.is_private ?? false });
    setPerms(role ? { ...EMPTY, ...role } : EMPTY);
  }, [open, role, form]);

  const set = (k: keyof Perms) => (v: string[]) => setPerms((p) => ({ ...p, [k]: v }));
  const keyLabel = (k: string) => t(`org.perm.key.${k}`);

  const onSubmit = async () => {
    const v = await form.validateFields();
    const body = {
      ...v,
      role_type: v.role_type as (typeof ASSIGNABLE_ROLE_TYPES)[number],
      ...perms,
      j_auth_list: limitTo(perms.j_auth_list, grants?.keys),
      j_auth_uris: limitTo(perms.j_auth_uris, grants?.uris),
      j_extra_auth: limitTo(perms.j_extra_auth, grants?.extra),
    };
    setSaving(true);
    try {
      if (role) await updateRole({ id: role.id, ...body });
      else await addRole({ company_id: companyId ?? undefined, ...body });
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
      size={760}
      title={role ? t('org.role.edit', { name: role.name }) : t('org.role.create')}
      destroyOnHidden
      extra={
        <Flex gap={8}>
          <Button onClick={onClose}>{t('app.action.cancel')}</Button>
          <Button type="primary" onClick={onSubmit} loading={saving} data-testid="role-save">
            {t('org.action.save')}
          </Button>
        </Flex>
      }
    >
      <Form form={form} layout="vertical" data-testid="role-form">
        <Row gutter={12}>
          <Col xs={24} md={10}>
            <Form.Item
              name="name"
              label={t('org.role.name')}
              rules={[{ required: true, whitespace: true, message: t('org.validate.required') }]}
            >
              <Input maxLength={60} data-testid="role-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="role_type" label={t('org.role.type')}>
              <Select options={ASSIGNABLE_ROLE_TYPES.map((r) => ({ value: r, label: t(`org.role.types.${r}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="is_private" label={t('org.role.private')} valuePropName="checked" tooltip={t('org.role.privateHint')}>
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <Tabs
        items={[
          {
            key: 'platform',
            label: t('org.role.platform'),
            children: (
              <Row gutter={16}>
                <Col xs={24} md={10}>
                  <Typography.Title level={5}>{t('org.perm.routes')}</Typography.Title>
                  <PermissionTree
                    nodes={routeKeyTree(grants?.keys)}
                    value={perms.j_auth_list}
                    onChange={set('j_auth_list')}
                    testId="role-perm-routes"
                  />
                </Col>
                <Col xs={24} md={14}>
                  <Typography.Title level={5}>{t('org.perm.uris')}</Typography.Title>
                  <PermissionTree
                    nodes={uriTree(resources.data ?? null, grants?.uris ?? (resources.data ? null : perms.j_auth_uris))}
                    value={perms.j_auth_uris}
                    onChange={set('j_auth_uris')}
                    testId="role-perm-uris"
                  />
                </Col>
              </Row>
            ),
          },
          {
            key: 'app',
            label: t('org.role.app'),
            children: <PermissionTree nodes={flatTree(APP_AUTH_KEYS, keyLabel)} value={perms.j_app_auth} onChange={set('j_app_auth')} />,
          },
          {
            key: 'expert',
            label: t('org.role.expert'),
            children: (
              <PermissionTree nodes={flatTree(EXPERT_AUTH_KEYS, keyLabel)} value={perms.j_expert_auth} onChange={set('j_expert_auth')} />
            ),
          },
          {
            key: 'extra',
            label: t('org.perm.extra'),
            children: (
              <Checkbox.Group
                value={perms.j_extra_auth}
                onChange={(v) => set('j_extra_auth')(v as string[])}
                options={EXTRA_AUTH_KEYS.filter((k) => !grants || grants.extra.includes(k)).map((k) => ({ value: k, label: keyLabel(k) }))}
              />
            ),
          },
        ]}
      />
    </Drawer>
  );
}
