import type { TCompanyTreeNode as TCompanyNode } from '@liftguard/contract/org/company';
import { describe, expect, it } from 'vitest';
import { buildForest, owningCompany, subtreeIds } from './company-tree.ts';

const node = (id: number, pid: number | null, path: string, node_type: 'company' | 'department' = 'company'): TCompanyNode => ({
  id,
  pid,
  path,
  node_type,
  name: `n${id}`,
  j_region: [],
  j_community_ids: [],
  j_company_chain: [],
  sms_count: 0,
  sms_limit: 0,
  sms_enable: 1,
  pay_permission: false,
  logo: null,
});

const list = [node(4, 1, '/1/4/'), node(9, 4, '/1/4/d9/', 'department'), node(12, 9, '/1/4/d9/d12/', 'department'), node(5, 4, '/1/4/5/')];

describe('company tree helpers', () => {
  it('builds a forest whose roots are nodes with their parent out of scope', () => {
    const f = buildForest(list);
    expect(f.map((r) => r.node.id)).toEqual([4]);
    expect(f[0]?.children.map((c) => c.node.id)).toEqual([9, 5]);
    expect(f[0]?.children[0]?.children.map((c) => c.node.id)).toEqual([12]);
  });
  it('finds the company a department belongs to', () => {
    expect(owningCompany(list, 12)?.id).toBe(4);
    expect(owningCompany(list, 5)?.id).toBe(5);
  });
  it('lists a subtree', () => {
    expect([...subtreeIds(list, 9)].sort()).toEqual([12, 9]);
  });
});

describe('grant sources', () => {
  const platform = node(1, null, '/1/');
  const a = node(4, 1, '/1/4/');
  const dept = node(9, 4, '/1/4/d9/', 'department');
  const child = node(5, 4, '/1/4/5/');
  it('gives a child of the platform everything and a grandchild only its owner company’s lists', async () => {
    const { grantSourceForChild, grantSourceOf } = await import('./company-tree.ts');
    const all = [platform, a, dept, child];
    expect(grantSourceForChild(all, a)).toBeNull();
    expect(grantSourceForChild(all, child)).toBe(4);
    expect(grantSourceOf(all, 9)).toBe(4);
    expect(grantSourceOf(all, 1)).toBeNull();
    // caller scoped to company 4: its own lists are its limit
    expect(grantSourceForChild([a, dept, child], a)).toBe(4);
  });
});
