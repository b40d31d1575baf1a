import { PlusOutlined } from '@ant-design/icons';
import type { TCommunity } from '@liftguard/contract/org/community';
import { Button, Card, Flex, Input, Modal, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/feedback.tsx';
import { currentLocale } from '../../i18n/i18n.ts';
import { deleteCommunity, listCommunities } from '../org/api.ts';
import { useCan } from '../org/useCan.ts';
import { usePaged } from '../org/usePaged.ts';
import { BuildingsDrawer } from './BuildingsDrawer.tsx';
import { CommunityDrawer } from './CommunityDrawer.tsx';
import { regionLabel } from './regions.ts';

/** `/system/community`: communities in scope; create/edit, buildings and units. */
export default function CommunityPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [modal, modalHolder] = Modal.useModal();
  const paged = usePaged(['org', 'communities'], listCommunities);
  const [editing, setEditing] = useState<TCommunity | null | undefined>(undefined);
  const [buildingsOf, setBuildingsOf] = useState<TCommunity | null>(null);

  const onDelete = (c: TCommunity) =>
    modal.confirm({
      title: t('org.community.deleteConfirm', { name: c.name }),
      okText: t('org.action.delete'),
      okButtonProps: { danger: true },
      cancelText: t('app.action.cancel'),
      onOk: () =>
        deleteCommunity(c.id).then(
          () => {
            toast.success(t('org.deleted'));
            void paged.refetch();
          },
          () => undefined,
        ),
    });

  return (
    <Card title={t('route.system_community')} data-testid="community-page">
      <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('org.community.search')}
          style={{ maxWidth: 320 }}
          onSearch={(keyword) => paged.setFilters({ keyword: keyword.trim() || undefined })}
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={!can('/community/add')}
          onClick={() => setEditing(null)}
          data-testid="community-add"
        >
          {t('org.community.create')}
        </Button>
      </Flex>
      <Table<TCommunity>
        rowKey="id"
        size="middle"
        loading={paged.isFetching}
        dataSource={paged.rows}
        pagination={{ ...paged.pagination, showTotal: (n) => t('org.total', { count: n }) }}
        scroll={{ x: 900 }}
        columns={[
          { key: 'name', title: t('org.community.name'), dataIndex: 'name' },
          { key: 'company', title: t('org.community.company'), dataIndex: 'company_name' },
          { key: 'region', title: t('org.region.label'), render: (_, c) => regionLabel(c.j_region, currentLocale()) || '—' },
          { key: 'address', title: t('org.community.address'), dataIndex: 'address', ellipsis: true },
          { key: 'buildings', title: t('org.community.buildings'), dataIndex: 'building_count', width: 110 },
          {
            key: 'actions',
            title: t('org.actions'),
            fixed: 'right',
            width: 230,
            render: (_, c) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setBuildingsOf(c)} data-testid={`community-buildings-${c.id}`}>
                  {t('org.community.buildings')}
                </Button>
                <Button type="link" size="small" disabled={!can('/community/update')} onClick={() => setEditing(c)}>
                  {t('org.action.edit')}
                </Button>
                <Button type="link" size="small" danger disabled={!can('/community/delete')} onClick={() => onDelete(c)}>
                  {t('org.action.delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <CommunityDrawer
        open={editing !== undefined}
        community={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          void paged.refetch();
        }}
      />
      <BuildingsDrawer
        community={buildingsOf}
        onClose={() => {
          setBuildingsOf(null);
          void paged.refetch();
        }}
      />
      {modalHolder}
    </Card>
  );
}
