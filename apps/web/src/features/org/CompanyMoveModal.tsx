import type { TCompanyTreeNode } from '@liftguard/contract/org/company';
import { Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moveCompany } from './api.ts';
import { CompanyTreeSelect } from './CompanyTreeSelect.tsx';
import { subtreeIds } from './company-tree.ts';
import { useCompanies } from './useCompanies.ts';

type Props = { node: TCompanyTreeNode | null; onClose: () => void; onMoved: () => void };

/** Move a node (with its subtree) under another node of the scope. */
export function CompanyMoveModal({ node, onClose, onMoved }: Props) {
  const { t } = useTranslation();
  const { list } = useCompanies();
  const [pid, setPid] = useState<number | null>(null);
  return (
    <Modal
      open={node !== null}
      title={t('org.company.moveTitle', { name: node?.name ?? '' })}
      onCancel={onClose}
      okButtonProps={{ disabled: pid === null }}
      okText={t('org.action.save')}
      cancelText={t('app.action.cancel')}
      onOk={async () => {
        if (!node || pid === null) return;
        await moveCompany(node.id, pid);
        setPid(null);
        onMoved();
      }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('org.company.newParent')}>
          <CompanyTreeSelect
            value={pid}
            onChange={setPid}
            exclude={node ? subtreeIds(list, node.id) : undefined}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
