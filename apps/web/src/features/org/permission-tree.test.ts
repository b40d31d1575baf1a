import type { TResource } from '@liftguard/contract/org/resource';
import { describe, expect, it } from 'vitest';
import { checkedForTree, GROUP, keysOf, limitTo, routeKeyTree, selectionFromTree, uriTree } from './permission-tree.ts';

const res = (id: number, pid: number | null, layer: number, kind: 'route' | 'uri', name: string, label = name): TResource => ({
  id,
  pid,
  layer,
  kind,
  name,
  label,
  sort: id,
});

describe('routeKeyTree', () => {
  it('groups pages under their menu group and leaves out login-free pages', () => {
    const tree = routeKeyTree();
    const system = tree.find((n) => n.key === 'system');
    expect(system?.children?.map((c) => c.key)).toContain('system_company');
    expect(keysOf(tree)).not.toContain('explain');
    expect(keysOf(tree)).not.toContain('set_pwd_page');
  });

  it('offers a child company only what its parent holds', () => {
    const tree = routeKeyTree(['system', 'system_user', 'device', 'device_list']);
    expect(keysOf(tree).sort()).toEqual(['device', 'device_list', 'system', 'system_user']);
  });
});

describe('uriTree', () => {
  const resources = [
    res(1, null, 1, 'route', 'system', 'route.system'),
    res(2, 1, 2, 'route', 'system_user', 'route.system_user'),
    res(3, 2, 3, 'uri', '/user/add', 'Create a user'),
    res(4, 2, 3, 'uri', '/user/delete', 'Delete a user'),
    res(5, null, 3, 'uri', '/orphan/add'),
  ];

  it('puts URIs under the page they belong to in the resource tree', () => {
    const tree = uriTree(resources);
    const users = tree.find((g) => g.key === `${GROUP}system_user`);
    expect(users?.label).toBe('route.system_user');
    expect(users?.children?.map((c) => c.key)).toEqual(['/user/add', '/user/delete']);
    expect(keysOf(tree).sort()).toEqual(['/orphan/add', '/user/add', '/user/delete']);
  });

  it('limits to the parent and keeps parent URIs the tree no longer lists', () => {
    const tree = uriTree(resources, ['/user/add', '/gone/add']);
    expect(keysOf(tree).sort()).toEqual(['/gone/add', '/user/add']);
  });

  it('groups by first segment when the resource tree is not readable', () => {
    const tree = uriTree(null, ['/role/add', '/company/add', '/company/delete']);
    expect(tree.map((g) => g.label)).toEqual(['/company', '/role']);
    expect(tree[0]?.children?.map((c) => c.key)).toEqual(['/company/add', '/company/delete']);
  });
});

describe('tree check state', () => {
  const tree = routeKeyTree();
  it('shows only leaves as checked so a partly held group is half-checked', () => {
    expect(checkedForTree(tree, ['system', 'system_user', 'monitor']).sort()).toEqual(['monitor', 'system_user']);
  });
  it('saves half-checked groups with their pages and drops group nodes and unknown keys', () => {
    const uris = uriTree(null, ['/role/add']);
    expect(selectionFromTree(uris, [`${GROUP}role`, '/role/add'], [])).toEqual(['/role/add']);
    expect(selectionFromTree(tree, ['system_user', 'bogus'], ['system']).sort()).toEqual(['system', 'system_user']);
  });
  it('trims keys to the parent', () => {
    expect(limitTo(['a', 'b'], ['b'])).toEqual(['b']);
    expect(limitTo(['a'], null)).toEqual(['a']);
  });
});
