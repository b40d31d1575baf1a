import type { TResource } from '@liftguard/contract/org/resource';
import { describe, expect, it } from 'vitest';
import { resourceTree } from './resource-tree.ts';

const r = (id: number, pid: number | null, layer: number, sort: number): TResource => ({
  id,
  pid,
  layer,
  kind: layer === 3 ? 'uri' : 'route',
  name: `n${id}`,
  label: `l${id}`,
  sort,
});

describe('resourceTree', () => {
  it('nests three layers ordered by sort, and keeps orphans at the top', () => {
    const tree = resourceTree([r(1, null, 1, 20), r(2, null, 1, 10), r(3, 1, 2, 5), r(4, 3, 3, 2), r(5, 3, 3, 1), r(6, 99, 3, 0)]);
    expect(tree.map((x) => x.id)).toEqual([6, 2, 1]);
    expect(tree[2]?.children?.[0]?.children?.map((x) => x.id)).toEqual([5, 4]);
  });
});
