import { describe, expect, it } from 'vitest';
import { chainOf, childPath, exceeding, idOfPath, isStrictlyInside, ownerCompanyPath, trimTo } from './tree.ts';

describe('company tree paths', () => {
  it('marks department segments and finds the owning company', () => {
    const dept = childPath('/1/4/', 9, 'department');
    expect(dept).toBe('/1/4/d9/');
    expect(childPath(dept, 12, 'department')).toBe('/1/4/d9/d12/');
    expect(ownerCompanyPath('/1/4/d9/d12/')).toBe('/1/4/');
    expect(ownerCompanyPath('/1/4/')).toBe('/1/4/');
    expect(chainOf('/1/4/d9/')).toEqual([1, 4, 9]);
    expect(idOfPath('/1/4/d9/')).toBe(9);
  });

  it('does not take a sibling with a longer id for a subtree member', () => {
    expect(isStrictlyInside('/1/40/', '/1/4/')).toBe(false);
    expect(isStrictlyInside('/1/4/d9/', '/1/4/')).toBe(true);
    expect(isStrictlyInside('/1/4/', '/1/4/')).toBe(false);
  });
});

describe('grants', () => {
  it('reports keys beyond the parent grant, community-bound URIs covered by their base', () => {
    expect(exceeding(['a', 'b'], ['a'])).toEqual(['b']);
    expect(exceeding(['/device/add@12'], ['/device/add'], true)).toEqual([]);
    expect(exceeding(['/device/add@12'], ['/device/add'], false)).toEqual(['/device/add@12']);
    expect(exceeding(['x'], 'all')).toEqual([]);
    expect(trimTo(['/a', '/b@3'], ['/b'], true)).toEqual(['/b@3']);
  });
});
