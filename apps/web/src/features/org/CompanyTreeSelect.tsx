import type { TCompanyTreeNode } from '@liftguard/contract/org/company';
import { TreeSelect } from 'antd';
import { buildForest, type CompanyTreeNode } from './company-tree.ts';
import { useCompanies } from './useCompanies.ts';

type Props = {
  value?: number | null;
  onChange?: (id: number) => void;
  /** only company nodes can be chosen */
  companiesOnly?: boolean;
  /** nodes that cannot be chosen (e.g. a node's own subtree when moving it) */
  exclude?: Set<number>;
  placeholder?: string;
  allowClear?: boolean;
  style?: React.CSSProperties;
  testId?: string;
};

/** Pick a company or department of the current scope. */
export function CompanyTreeSelect({ value, onChange, companiesOnly, exclude, placeholder, allowClear, style, testId }: Props) {
  const { list, isLoading } = useCompanies();
  const toData = (nodes: CompanyTreeNode[]): object[] =>
    nodes.map(({ node, children }: { node: TCompanyTreeNode; children: CompanyTreeNode[] }) => ({
      value: node.id,
      title: node.name,
      disabled: exclude?.has(node.id) || (companiesOnly && node.node_type !== 'company'),
      children: toData(children),
    }));
  return (
    <TreeSelect
      data-testid={testId}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v as number)}
      treeData={toData(buildForest(list)) as never}
      treeDefaultExpandAll
      loading={isLoading}
      placeholder={placeholder}
      allowClear={allowClear}
      showSearch={{ treeNodeFilterProp: 'title' }}
      style={{ minWidth: 220, ...style }}
    />
  );
}
