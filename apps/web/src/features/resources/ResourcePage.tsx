import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Modal, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/feedback.tsx';
import { useCurrentUser } from '../../app/session.ts';
import { deleteResource, listResources } from '../org/api.ts';
import { type ResourceEdit, ResourceEditModal } from './ResourceEditModal.tsx';
import { type ResourceRow, resourceTree } from './resource-tree.ts';

/** `/dev/res`: the three-level resource tree (menu groups → pages → write URIs), editable by root. */
export default function ResourcePage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const root = me?.isROOT ?? false;
  const [modal, modalHolder] = Modal.useModal();
  const q = useQuery({ queryKey: ['org', 'resources'], queryFn: listResources });
  const [edit, setEdit] = useState<ResourceEdit | null>(null);
  const label = (r: ResourceRow) => (r.kind === 'route' && r.label.startsWith('route.') ? t(r.label) : r.label);
  const onDelete = (r: ResourceRow) =>
    modal.confirm({
      title: t('org.resource.deleteConfirm', { name: r.name }),
      okText: t('org.action.delete'),
      okButtonProps: { danger: true },
      cancelText: t('app.action.cancel'),
      onOk: () =>
        deleteResource(r.id).then(
          () => {
            toast.success(t('org.deleted'));
            void q.refetch();
          },
          () => undefined,
        ),
    });
  return (
    <Card
      title={t('route.dev_res')}
      data-testid="resource-page"
      extra={
        <Button type="primary" icon={<PlusOutlined />} disabled={!root} onClick={() => setEdit({ mode: 'add', parent: null })}>
          {t('org.resource.addTop')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('org.resource.hint')}</Typography.Paragraph>
      <Table<ResourceRow>
        rowKey="id"
        size="small"
        loading={q.isFetching}
        dataSource={resourceTree(q.data ?? [])}
        pagination={false}
        scroll={{ x: 900 }}
        columns={[
          {
            key: 'name',
            title: t('org.resource.name'),
            dataIndex: 'name',
            render: (v: string, r) => (r.kind === 'uri' ? <Typography.Text code>{v}</Typography.Text> : v),
          },
          { key: 'label', title: t('org.resource.label'), render: (_, r) => label(r) },
          {
            key: 'kind',
            title: t('org.resource.kind'),
            width: 120,
            render: (_, r) => (
              <Tag color={r.kind === 'uri' ? 'purple' : 'blue'}>
                {r.kind === 'uri' ? t('org.resource.kindUri') : t('org.resource.kindRoute')}
              </Tag>
            ),
          },
          { key: 'layer', title: t('org.resource.layer'), dataIndex: 'layer', width: 80 },
          { key: 'sort', title: t('org.resource.sort'), dataIndex: 'sort', width: 90 },
          {
            key: 'actions',
            title: t('org.actions'),
            width: 220,
            render: (_, r) => (
              <Space size={0}>
                {r.layer < 3 && (
                  <Button type="link" size="small" disabled={!root} onClick={() => setEdit({ mode: 'add', parent: r })}>
                    {t('org.resource.addChild')}
                  </Button>
                )}
                <Button type="link" size="small" disabled={!root} onClick={() => setEdit({ mode: 'edit', resource: r })}>
                  {t('org.action.edit')}
                </Button>
                <Button type="link" size="small" danger disabled={!root || Boolean(r.children?.length)} onClick={() => onDelete(r)}>
                  {t('org.action.delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Flex />
      <ResourceEditModal
        edit={edit}
        onClose={() => setEdit(null)}
        onSaved={() => {
          setEdit(null);
          toast.success(t('org.saved'));
          void q.refetch();
        }}
      />
      {modalHolder}
    </Card>
  );
}
