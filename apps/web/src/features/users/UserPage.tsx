import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import type { TUserRow } from '@liftguard/contract/org/user';
import { Button, Card, Flex, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/feedback.tsx';
import { useCurrentUser } from '../../app/session.ts';
import { deleteUser, listUsers } from '../org/api.ts';
import { downloadFile } from '../org/download.ts';
import { useCan } from '../org/useCan.ts';
import { usePaged } from '../org/usePaged.ts';
import { UserDrawer } from './UserDrawer.tsx';

/** `/system/user`: users with a membership in scope; search, paging, create/edit, delete, export. */
export default function UserPage() {
  const { t } = useTranslation();
  const can = useCan();
  const me = useCurrentUser();
  const [modal, modalHolder] = Modal.useModal();
  const paged = usePaged(['org', 'users'], listUsers);
  const [editing, setEditing] = useState<TUserRow | null | undefined>(undefined);
  const [exporting, setExporting] = useState(false);

  const onDelete = (u: TUserRow) =>
    modal.confirm({
      title: t('org.user.deleteConfirm', { name: u.realname || u.username }),
      okText: t('org.action.delete'),
      okButtonProps: { danger: true },
      cancelText: t('app.action.cancel'),
      onOk: () =>
        deleteUser(u.id).then(
          () => {
            toast.success(t('org.deleted'));
            void paged.refetch();
          },
          () => undefined,
        ),
    });

  const canExport = me?.isROOT || ['ADMIN', 'PROPERTY_MANAGER'].includes(me?.role ?? '') || me?.auth_list.includes('user_export');

  return (
    <Card title={t('route.system_user')} data-testid="user-page">
      <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('org.user.search')}
          style={{ maxWidth: 320 }}
          onSearch={(keyword) => paged.setFilters({ keyword: keyword.trim() || undefined })}
          data-testid="user-search"
        />
        <Space wrap>
          {canExport && (
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={async () => {
                setExporting(true);
                await downloadFile('/user/export', 'users.xlsx').finally(() => setExporting(false));
              }}
              data-testid="user-export"
            >
              {t('org.user.export')}
            </Button>
          )}
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={!can('/user/add')}
            onClick={() => setEditing(null)}
            data-testid="user-add"
          >
            {t('org.user.create')}
          </Button>
        </Space>
      </Flex>
      <Table<TUserRow>
        rowKey="id"
        size="middle"
        loading={paged.isFetching}
        dataSource={paged.rows}
        pagination={{ ...paged.pagination, showTotal: (n) => t('org.total', { count: n }) }}
        scroll={{ x: 900 }}
        columns={[
          { key: 'username', title: t('org.user.username'), dataIndex: 'username' },
          { key: 'realname', title: t('org.user.realname'), dataIndex: 'realname' },
          { key: 'mobile', title: t('org.user.mobile'), dataIndex: 'mobile', render: (v) => v ?? '—' },
          { key: 'email', title: t('org.user.email'), dataIndex: 'email', render: (v) => v ?? '—' },
          {
            key: 'memberships',
            title: t('org.user.memberships'),
            width: 300,
            render: (_, u) => (
              <Flex wrap gap={4}>
                {u.memberships.map((m) => (
                  <Tag
                    key={m.id}
                    color={m.node_type === 'company' ? 'blue' : 'geekblue'}
                    style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}
                  >
                    {m.company_name}
                    {m.role_name ? ` · ${m.role_name}` : ''}
                  </Tag>
                ))}
              </Flex>
            ),
          },
          {
            key: 'actions',
            title: t('org.actions'),
            fixed: 'right',
            width: 150,
            render: (_, u) => (
              <Space size={0}>
                <Button type="link" size="small" disabled={!can('/user/update')} onClick={() => setEditing(u)}>
                  {t('org.action.edit')}
                </Button>
                <Button type="link" size="small" danger disabled={!can('/user/delete') || u.id === me?.id} onClick={() => onDelete(u)}>
                  {t('org.action.delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('org.user.scopeHint')}
      </Typography.Text>
      <UserDrawer
        open={editing !== undefined}
        user={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          void paged.refetch();
        }}
      />
      {modalHolder}
    </Card>
  );
}
