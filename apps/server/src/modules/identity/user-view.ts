import { pickLocale, ROUTE_NAMES, type TDepartEntry, type TUser } from '@liftguard/contract';
import type { MembershipRow, NodeRow, ProfileRow } from './repo.ts';

/** Ids of a node and its ancestors, top first: '/1/4/d9/d12/' → [1, 4, 9, 12]. */
export function chainOf(path: string): number[] {
  return path
    .split('/')
    .filter(Boolean)
    .map((seg) => Number(seg.replace(/^d/, '')))
    .filter((n) => Number.isInteger(n) && n > 0);
}

/** The logo shown for a node: its own, else the nearest ancestor's. */
export function logoOf(chain: number[], logos: Map<number, string | null>): string | null {
  for (let i = chain.length - 1; i >= 0; i--) {
    const logo = logos.get(chain[i] as number);
    if (logo) return logo;
  }
  return null;
}

export type UserViewInput = {
  profile: ProfileRow;
  memberships: MembershipRow[];
  /** the current node, when it is set and the user may work there */
  current: NodeRow | null;
  logos: Map<number, string | null>;
  communities: Array<{ id: number; name: string }>;
};

/** Is `nodeId` a node this user may make current: a membership, or any node for a root account. */
export function mayUseNode(
  profile: Pick<ProfileRow, 'is_root'>,
  memberships: Pick<MembershipRow, 'company_id'>[],
  nodeId: number,
): boolean {
  return profile.is_root || memberships.some((m) => m.company_id === nodeId);
}

/** Community ids the user sees as "theirs" at the current node: granted by the membership and by the node. */
export function communityIdsOf(current: NodeRow | null, membership: MembershipRow | undefined): number[] {
  return [...new Set([...(membership?.j_community_ids ?? []), ...(current?.j_community_ids ?? [])])];
}

/**
 * The user object of SPEC.md §3 (ZUser), built from the user's memberships.
 * - departs: one entry per membership (company or department node), with the permission keys and
 *   URIs of the membership's role; the web takes the entry whose company_id is current_company.
 * - companies: the company-type memberships (tags to switch to); j_depart_ids: every membership node.
 */
export function buildUserView(input: UserViewInput): TUser {
  const { profile, memberships, current, logos, communities } = input;
  const membership = current ? memberships.find((m) => m.company_id === current.id) : undefined;
  const roleType = membership?.role_type ?? (profile.is_root ? 'ROOT' : null);
  const isRoot = profile.is_root || roleType === 'ROOT';
  const keys = [...new Set([...(membership?.j_auth_list ?? []), ...(membership?.j_extra_auth ?? [])])];
  const chain = current ? chainOf(current.path) : [];
  const logo = current ? logoOf(chain, logos) : null;

  const departs: TDepartEntry[] = memberships.map((m) => ({
    id: m.id,
    name: m.name,
    company_id: m.company_id,
    node_type: m.node_type,
    role_id: m.role_id,
    role_type: m.role_type ?? '',
    j_auth_list: m.j_auth_list ?? [],
    j_auth_uris: m.j_auth_uris ?? [],
    j_community_ids: m.j_community_ids ?? [],
    j_region: m.j_region ?? [],
  }));

  return {
    id: profile.id,
    realname: profile.realname,
    username: profile.username,
    head_url: profile.head_url,
    job_num: profile.job_num,
    job: profile.job,
    mobile: profile.mobile,
    email: profile.email,
    birthday: profile.birthday,
    language: pickLocale(profile.language),
    role: roleType,
    current_company: current?.id ?? null,
    current_logo: logo,
    company: current
      ? {
          id: current.id,
          pid: current.pid,
          name: current.name,
          j_community_ids: current.j_community_ids ?? [],
          j_company_chain: chain,
          j_region: current.j_region ?? [],
          role_auth: membership?.j_auth_list ?? [],
          j_extra_auth: current.j_extra_auth ?? [],
          role_type: roleType ?? '',
          current_logo: logo,
        }
      : null,
    companies: memberships.filter((m) => m.node_type === 'company').map((m) => ({ id: m.id, name: m.name, company_id: m.company_id })),
    departs,
    communitys: communities,
    j_depart_ids: memberships.map((m) => m.company_id),
    isROOT: isRoot,
    // A root account holds every route name, so a menu built from keys alone is complete for it.
    auth_list: isRoot ? [...new Set([...ROUTE_NAMES, ...keys])] : keys,
  };
}
