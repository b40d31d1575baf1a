import { Empty, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkedForTree, type PermNode, selectionFromTree } from './permission-tree.ts';

type Props = {
  nodes: PermNode[];
  value: string[];
  onChange: (keys: string[]) => void;
  disabled?: boolean;
  testId?: string;
};

/** A checkable permission tree: labels are i18n keys (route.*, org.perm.*) or plain text (URIs). */
export function PermissionTree({ nodes, value, onChange, disabled, testId }: Props) {
  const { t } = useTranslation();
  if (!nodes.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('org.perm.none')} />;
  // the server's description of a write URI (English, from the API) is a tooltip, not inline text
  const label = (n: PermNode) => (
    <span title={n.hint} data-perm={n.key}>
      {n.label.includes('.') && !n.label.startsWith('/') ? t(n.label) : n.label}
    </span>
  );
  const toData = (list: PermNode[]): object[] =>
    list.map((n) => ({ key: n.key, title: label(n), children: n.children ? toData(n.children) : undefined }));
  return (
    <div data-testid={testId} style={{ overflowX: 'auto' }}>
      <Tree
        checkable
        selectable={false}
        defaultExpandAll
        disabled={disabled}
        treeData={toData(nodes) as never}
        checkedKeys={checkedForTree(nodes, value)}
        onCheck={(checked, info) => {
          const c = (Array.isArray(checked) ? checked : checked.checked).map(String);
          onChange(selectionFromTree(nodes, c, (info.halfCheckedKeys ?? []).map(String)));
        }}
      />
    </div>
  );
}
