import { ApartmentOutlined, BankOutlined, DeleteOutlined, DragOutlined, PlusOutlined } from '@ant-design/icons';
import type { TCompanyTreeNode } from '@liftguard/contract/org/company';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Flex, Modal, Row, Spin, Tooltip, Tree, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/feedback.tsx';
import { deleteCompany } from './api.ts';
import { CompanyAddModal } from './CompanyAddModal.tsx';
import { CompanyDetail } from './CompanyDetail.tsx';
import { CompanyMoveModal } from './CompanyMoveModal.tsx';
import { buildForest, type CompanyTreeNode } from './company-tree.ts';
import { useCan } from './useCan.ts';
import { COMPANY_TREE_KEY, useCompanies } from './useCompanies.ts';

/** `/system/company`: companies and departments as one tree, with the selected node's details. */
export default function CompanyPage() {
  const { t } = useTranslation();
  const can = useCan();
  const qc = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const { list, isLoading } = useCompanies();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [adding, setAdding] = useState<TCompanyTreeNode | null>(null);
  const [moving, setMoving] = useState<TCompanyTreeNode | null>(null);
  const selected = list.find((n) => n.id === selectedId) ?? list[0] ?? null;
  const refresh = () =>
    Promise.all([qc.invalidateQueries({ queryKey: COMPANY_TREE_KEY }), qc.invalidateQueries({ queryKey: ['org', 'company'] })]);

  const toData = (nodes: CompanyTreeNode[]): object[] =>
    nodes.map(({ node, children }) => ({
      key: node.id,
      title: (
        <span data-testid={`company-node-${node.name}`}>
          {node.node_type === 'company' ? <BankOutlined /> : <ApartmentOutlined />} {node.name}
        </span>
      ),
      children: toData(children),
    }));

  const onDelete = () => {
    if (!selected) return;
    modal.confirm({
      title: t('org.company.deleteConfirm', { name: selected.name }),
      okText: t('org.action.delete'),
      okButtonProps: { danger: true },
      cancelText: t('app.action.cancel'),
      onOk: async () => {
        // 4090 (subordinates) and 4054 (members) are shown by the client; the dialog just closes
        await deleteCompany(selected.id).then(
          async () => {
            toast.success(t('org.deleted'));
            setSelectedId(selected.pid);
            await refresh();
          },
          () => undefined,
        );
      },
    });
  };

  return (
    <Row gutter={16} data-testid="company-page">
      <Col xs={24} lg={9} xl={7}>
        <Card
          title={t('route.system_company')}
          styles={{ body: { minHeight: 420 } }}
          extra={
            <Flex gap={4}>
              <Tooltip title={t('org.company.add')}>
                <Button
                  size="small"
                  type="primary"
                  icon={<PlusOutlined />}
                  disabled={!selected || !can('/company/add')}
                  onClick={() => setAdding(selected)}
                  data-testid="company-add"
                  aria-label={t('org.company.add')}
                />
              </Tooltip>
              <Tooltip title={t('org.company.move')}>
                <Button
                  size="small"
                  icon={<DragOutlined />}
                  disabled={!selected || selected.pid === null || !can('/company/move')}
                  onClick={() => setMoving(selected)}
                  aria-label={t('org.company.move')}
                />
              </Tooltip>
              <Tooltip title={t('org.action.delete')}>
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  disabled={!selected || selected.pid === null || !can('/company/delete')}
                  onClick={onDelete}
                  data-testid="company-delete"
                  aria-label={t('org.action.delete')}
                />
              </Tooltip>
            </Flex>
          }
        >
          {isLoading ? (
            <Spin />
          ) : list.length ? (
            <Tree
              blockNode
              defaultExpandAll
              key={list.length}
              treeData={toData(buildForest(list)) as never}
              selectedKeys={selected ? [selected.id] : []}
              onSelect={(keys) => keys[0] !== undefined && setSelectedId(Number(keys[0]))}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          )}
          <Typography.Paragraph type="secondary" style={{ marginTop: 16, fontSize: 12 }}>
            {t('org.company.treeHint')}
          </Typography.Paragraph>
        </Card>
      </Col>
      <Col xs={24} lg={15} xl={17}>
        {selected ? (
          <CompanyDetail key={selected.id} node={selected} onSaved={refresh} />
        ) : (
          <Card>
            <Empty />
          </Card>
        )}
      </Col>
      <CompanyAddModal
        parent={adding}
        onClose={() => setAdding(null)}
        onCreated={async (n) => {
          setAdding(null);
          toast.success(t('org.saved'));
          await refresh();
          setSelectedId(n.id);
        }}
      />
      <CompanyMoveModal
        node={moving}
        onClose={() => setMoving(null)}
        onMoved={async () => {
          setMoving(null);
          toast.success(t('org.saved'));
          await refresh();
        }}
      />
      {modalHolder}
    </Row>
  );
}
