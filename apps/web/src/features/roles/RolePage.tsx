import { PlusOutlined } from '@ant-design/icons';
import type { TRole } from '@liftguard/contract/org/role';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Modal, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/feedback.tsx';
import { useCurrentUser } from '../../app/session.ts';
import { deleteRole } from '../org/api.ts';
import { CompanyTreeSelect } from '../org/CompanyTreeSelect.tsx';
import { owningCompany } from '../org/company-tree.ts';
import { useCan } from '../org/useCan.ts';
import { useCompanies } from '../org/useCompanies.ts';
import { RoleDrawer } from './RoleDrawer.tsx';
import { ROLES_KEY, useRoles } from './useRoles.ts';

/** `/system/role`: the roles of one company of the scope. */
export default function RolePage() {
  const { t } = useTranslation();
  const can = useCan();
  const qc = useQueryClient();
  const me = useCurrentUser();
  const { list: nodes } = useCompanies();
  const [modal, modalHolder] = Modal.useModal();
  const [picked, setPicked] = useState<number | null>(null);
  const fallback = me?.current_company ? owningCompany(nodes, me.current_company)?.id : nodes[0]?.id;
  const companyId = picked ?? fallback ?? null;
  const roles = useRoles(companyId ?? undefined);
  const [editing, setEditing] = useState<TRole | null | undefined>(undefined);
  const refresh = () => qc.invalidateQueries({ queryKey: ROLES_KEY });

  const onDelete = (r: TRole) =>
    modal.confirm({
      title: t('org.role.deleteConfirm', { name: r.name }),
      okText: t('org.action.delete'),
      okButtonProps: { danger: true },
      cancelText: t('app.action.cancel'),
      onOk: () =>
        deleteRole(r.id).then(
          () => {
            toast.success(t('org.deleted'));
            void refresh();
          },
          () => undefined,
        ),
    });

  return (
    <Card title={t('route.system_role')} data-testid="role-page">
      <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 16 }}>
        <Space wrap>
          <Typography.Text>{t('org.role.company')}</Typography.Text>
          <CompanyTreeSelect companiesOnly value={companyId} onChange={setPicked} style={{ width: 280 }} testId="role-company" />
        </Space>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={!companyId || !can('/role/add')}
          onClick={() => setEditing(null)}
          data-testid="role-add"
        >
          {t('org.role.create')}
        </Button>
      </Flex>
      <Table<TRole>
        rowKey="id"
        size="middle"
        loading={roles.isFetching}
        dataSource={roles.list}
        pagination={false}
        scroll={{ x: 760 }}
        columns={[
          { key: 'name', title: t('org.role.name'), dataIndex: 'name' },
          {
            key: 'type',
            title: t('org.role.type'),
            dataIndex: 'role_type',
            render: (v: string) => <Tag>{t(`org.role.types.${v}`, { defaultValue: v })}</Tag>,
          },
          {
            key: 'keys',
            title: t('org.role.keyCount'),
            render: (_, r) => r.j_auth_list.length + r.j_app_auth.length + r.j_expert_auth.length,
          },
          { key: 'uris', title: t('org.role.uriCount'), render: (_, r) => r.j_auth_uris.length },
          {
            key: 'private',
            title: t('org.role.private'),
            dataIndex: 'is_private',
            render: (v: boolean) => (v ? t('org.yes') : t('org.no')),
          },
          { key: 'members', title: t('org.role.members'), dataIndex: 'member_count' },
          {
            key: 'actions',
            title: t('org.actions'),
            fixed: 'right',
            width: 150,
            render: (_, r) => (
              <Space size={0}>
                <Button type="link" size="small" disabled={!can('/role/update')} onClick={() => setEditing(r)}>
                  {t('org.action.edit')}
                </Button>
                <Button type="link" size="small" danger disabled={!can('/role/delete')} onClick={() => onDelete(r)}>
                  {t('org.action.delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <RoleDrawer
        open={editing !== undefined}
        role={editing ?? null}
        companyId={companyId}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          void refresh();
        }}
      />
      {modalHolder}
    </Card>
  );
}
