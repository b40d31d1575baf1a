import { describe, expect, it } from 'vitest';
import type { MembershipRow, NodeRow, ProfileRow } from './repo.ts';
import { buildUserView, chainOf, communityIdsOf, logoOf, mayUseNode } from './user-view.ts';

const profile: ProfileRow = {
  id: 7,
  username: 'ops',
  realname: 'Ops Person',
  head_url: null,
  job_num: 'E12',
  job: 'Engineer',
  mobile: '13912345678',
  email: null,
  birthday: null,
  language: 'en-US',
  current_company_id: 9,
  is_root: false,
};

const membership = (over: Partial<MembershipRow>): MembershipRow => ({
  id: 1,
  company_id: 4,
  role_id: 3,
  j_community_ids: [],
  j_region: [],
  name: 'Alpha',
  node_type: 'company',
  pid: 1,
  path: '/1/4/',
  role_type: 'STAFF',
  j_auth_list: ['home_index'],
  j_auth_uris: ['/device/add'],
  j_extra_auth: [],
  ...over,
});

const dept: NodeRow = {
  id: 9,
  pid: 4,
  name: 'Service',
  path: '/1/4/d9/',
  node_type: 'department',
  j_region: ['Macau'],
  j_community_ids: [21],
  j_extra_auth: [],
  logo: null,
};

describe('company chain and logo', () => {
  it('reads node ids from a path with department segments', () => {
    expect(chainOf('/1/4/d9/d12/')).toEqual([1, 4, 9, 12]);
    expect(chainOf('')).toEqual([]);
  });

  it('takes the nearest logo up the chain', () => {
    const logos = new Map<number, string | null>([
      [1, '/f/root.png'],
      [4, '/f/alpha.png'],
      [9, null],
    ]);
    expect(logoOf([1, 4, 9], logos)).toBe('/f/alpha.png');
    expect(logoOf([1], logos)).toBe('/f/root.png');
    expect(logoOf([5], logos)).toBeNull();
  });
});

describe('who may use a node', () => {
  it('allows members, and root anywhere', () => {
    const ms = [membership({ company_id: 4 })];
    expect(mayUseNode({ is_root: false }, ms, 4)).toBe(true);
    expect(mayUseNode({ is_root: false }, ms, 5)).toBe(false);
    expect(mayUseNode({ is_root: true }, ms, 5)).toBe(true);
  });
});

describe('user object', () => {
  const memberships = [
    membership({}),
    membership({
      id: 2,
      company_id: 9,
      name: 'Service',
      node_type: 'department',
      pid: 4,
      path: '/1/4/d9/',
      j_auth_list: ['device_list'],
      j_community_ids: [22],
    }),
  ];

  it('takes permissions from the membership of the current node', () => {
    const user = buildUserView({
      profile,
      memberships,
      current: dept,
      logos: new Map([[4, '/f/alpha.png']]),
      communities: [{ id: 21, name: 'Garden' }],
    });
    expect(user.current_company).toBe(9);
    expect(user.auth_list).toEqual(['device_list']);
    expect(user.company).toMatchObject({
      id: 9,
      pid: 4,
      j_company_chain: [1, 4, 9],
      role_auth: ['device_list'],
      current_logo: '/f/alpha.png',
    });
    expect(user.companies).toEqual([{ id: 1, name: 'Alpha', company_id: 4 }]);
    expect(user.j_depart_ids).toEqual([4, 9]);
    expect(user.isROOT).toBe(false);
    expect(user.language).toBe('en-US');
    expect(communityIdsOf(dept, memberships[1])).toEqual([22, 21]);
  });

  it('has no company and no keys while none is chosen', () => {
    const user = buildUserView({
      profile: { ...profile, current_company_id: null },
      memberships,
      current: null,
      logos: new Map(),
      communities: [],
    });
    expect(user.company).toBeNull();
    expect(user.auth_list).toEqual([]);
    expect(user.role).toBeNull();
  });

  it('gives a root account every route name', () => {
    const user = buildUserView({
      profile: { ...profile, is_root: true },
      memberships: [],
      current: dept,
      logos: new Map(),
      communities: [],
    });
    expect(user.isROOT).toBe(true);
    expect(user.role).toBe('ROOT');
    expect(user.auth_list).toContain('system_user');
  });
});
