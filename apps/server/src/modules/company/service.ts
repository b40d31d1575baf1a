import {
  ErrorCodes,
  type TCompanyCreateRequest,
  type TCompanyNode,
  type TCompanyTreeNode,
  type TCompanyUpdateRequest,
} from '@liftguard/contract';
import type { Kysely, Transaction } from 'kysely';
import type { AuthContext } from '../../platform/auth.ts';
import type { DB } from '../../platform/db-schema.ts';
import { AppError } from '../../platform/errors.ts';
import * as repo from './repo.ts';
import { chainOf, childPath, exceeding, type Grant, isInside, isStrictlyInside, ownerCompanyPath, sameSet, trimTo } from './tree.ts';

type Db = Kysely<DB> | Transaction<DB>;
export type Scope = AuthContext & { scopePath: string; companyId: number; nodeId: number };
type Node = NonNullable<Awaited<ReturnType<typeof repo.findNode>>>;

export type Grants = { keys: Grant; uris: Grant; extra: Grant };
const ALL: Grants = { keys: 'all', uris: 'all', extra: 'all' };

const FORBIDDEN = () => new AppError(ErrorCodes.NO_PERMISSION);
const NOT_FOUND = () => new AppError(ErrorCodes.NOT_FOUND);

/** A node the caller may see; 4064 for anything outside the scope (never reveal that it exists). */
export async function nodeInScope(db: Db, id: number, scope: Scope): Promise<Node> {
  const node = await repo.findNode(db, id, scope.scopePath);
  if (!node) throw NOT_FOUND();
  return node;
}

/** The company that owns a node: the node for a company, the nearest company above for a department. */
export async function ownerOf(db: Db, node: Node): Promise<Node> {
  if (node.node_type === 'company') return node;
  const owner = await repo.findByPath(db, ownerCompanyPath(node.path));
  if (!owner) throw NOT_FOUND();
  return owner;
}

/** What a node may hand out: its owning company's lists; the platform company holds everything. */
export async function grantsOf(db: Db, node: Node): Promise<Grants> {
  const owner = await ownerOf(db, node);
  if (owner.pid === null) return ALL;
  return { keys: owner.j_auth_list, uris: owner.j_auth_uris, extra: owner.j_extra_auth };
}

/**
 * The community list of a company node: every id a live community in the caller's scope (its
 * company subtree and granted communities), else 4064 like any id outside the scope. Ids the
 * node already holds may stay (they were checked when set, perhaps by someone above the caller).
 */
async function checkCommunities(db: Db, scope: Scope, ids: number[], kept: readonly number[] = []): Promise<number[]> {
  const unique = [...new Set(ids)];
  const added = unique.filter((id) => !kept.includes(id));
  const found = await repo.communitiesInScope(db, scope, added);
  if (found.size !== added.length) throw NOT_FOUND();
  return unique;
}

function checkWithin(g: Grants, req: { keys?: string[]; uris?: string[]; extra?: string[] }): void {
  const over = [...exceeding(req.keys ?? [], g.keys), ...exceeding(req.uris ?? [], g.uris, true), ...exceeding(req.extra ?? [], g.extra)];
  if (over.length) throw new AppError(4120, { exceeding: over.slice(0, 20) });
}

export function present(n: Node): TCompanyNode {
  return { ...n, j_company_chain: chainOf(n.path), sms_count: Number(n.sms_count), sms_limit: Number(n.sms_limit) };
}

export async function tree(db: Db, scope: Scope): Promise<TCompanyTreeNode[]> {
  return (await repo.listTree(db, scope.scopePath)).map((n) => ({
    ...n,
    j_company_chain: chainOf(n.path),
    sms_count: Number(n.sms_count),
    sms_limit: Number(n.sms_limit),
  }));
}

export async function detail(db: Db, scope: Scope, id: number): Promise<TCompanyNode> {
  return present(await nodeInScope(db, id, scope));
}

export async function create(db: Kysely<DB>, scope: Scope, input: TCompanyCreateRequest): Promise<TCompanyNode> {
  return db.transaction().execute(async (tx) => {
    const parent = await nodeInScope(tx, input.pid, scope);
    if (input.node_type === 'company' && parent.node_type !== 'company') throw new AppError(4122);
    const isDept = input.node_type === 'department';
    if (!isDept) checkWithin(await grantsOf(tx, parent), { keys: input.j_auth_list, uris: input.j_auth_uris, extra: input.j_extra_auth });
    const communityIds = await checkCommunities(tx, scope, input.j_community_ids);
    const id = await repo.insertNode(
      tx,
      {
        pid: parent.id,
        node_type: input.node_type,
        name: input.name,
        j_region: input.j_region,
        j_community_ids: communityIds,
        // a department inherits everything of its company: it holds no lists of its own
        j_auth_list: isDept ? [] : input.j_auth_list,
        j_auth_uris: isDept ? [] : input.j_auth_uris,
        j_extra_auth: isDept ? [] : input.j_extra_auth,
        sms_limit: input.sms_limit,
        sms_enable: input.sms_enable,
        pay_permission: isDept ? false : input.pay_permission,
        logo: input.logo ?? null,
      },
      (newId) => childPath(parent.path, newId, input.node_type),
    );
    return present(await nodeInScope(tx, id, scope));
  });
}

/** Fields that widen what a company may do: only set from above it (or by root). */
const PRIVILEGED = ['j_auth_list', 'j_auth_uris', 'j_extra_auth', 'sms_limit', 'pay_permission'] as const;

export async function update(db: Kysely<DB>, scope: Scope, input: TCompanyUpdateRequest): Promise<TCompanyNode> {
  return db.transaction().execute(async (tx) => {
    const node = await nodeInScope(tx, input.id, scope);
    const { id: _id, ...patch } = input;
    if (patch.j_community_ids !== undefined)
      patch.j_community_ids = await checkCommunities(tx, scope, patch.j_community_ids, node.j_community_ids);
    const changesPrivileged = PRIVILEGED.some((k) => {
      const v = patch[k];
      if (v === undefined) return false;
      const cur = node[k];
      return Array.isArray(v) && Array.isArray(cur) ? !sameSet(v, cur) : v !== cur;
    });
    if (changesPrivileged && !scope.isRoot && !isStrictlyInside(node.path, scope.scopePath)) throw FORBIDDEN();
    if (node.node_type === 'department') {
      // departments inherit: their own lists stay empty
      for (const k of PRIVILEGED) delete patch[k];
    } else if (node.pid !== null && changesPrivileged) {
      const parent = await repo.findNode(tx, node.pid, '/');
      if (!parent) throw NOT_FOUND();
      checkWithin(await grantsOf(tx, parent), { keys: patch.j_auth_list, uris: patch.j_auth_uris, extra: patch.j_extra_auth });
    }
    await repo.updateNode(tx, node.id, patch);
    const after = await nodeInScope(tx, node.id, scope);
    if (after.node_type === 'company' && after.pid !== null) await trimSubtree(tx, after);
    return present(after);
  });
}

/** When a company loses permissions, its subordinate companies and every role below lose them too. */
async function trimSubtree(tx: Db, company: Node): Promise<void> {
  const nodes = await repo.listSubtree(tx, company.path);
  const grants = new Map<string, Grants>([[company.path, await grantsOf(tx, company)]]);
  for (const n of nodes) {
    if (n.node_type !== 'company' || n.id === company.id) continue;
    const parentGrant = grants.get(ownerCompanyPath(n.path.replace(/[^/]+\/$/, ''))) ?? grants.get(company.path);
    if (!parentGrant) continue;
    const next = {
      j_auth_list: trimTo(n.j_auth_list, parentGrant.keys),
      j_auth_uris: trimTo(n.j_auth_uris, parentGrant.uris, true),
      j_extra_auth: trimTo(n.j_extra_auth, parentGrant.extra),
    };
    if (
      !sameSet(next.j_auth_list, n.j_auth_list) ||
      !sameSet(next.j_auth_uris, n.j_auth_uris) ||
      !sameSet(next.j_extra_auth, n.j_extra_auth)
    ) {
      await repo.updateNode(tx, n.id, next);
    }
    grants.set(n.path, { keys: next.j_auth_list, uris: next.j_auth_uris, extra: next.j_extra_auth });
  }
  await trimRoles(tx, company.path, grants);
}

async function trimRoles(tx: Db, subtreePath: string, grants: Map<string, Grants>): Promise<void> {
  const roles = await repo.rolesInSubtree(tx, subtreePath);
  for (const r of roles) {
    const g = grants.get(r.path);
    if (!g) continue;
    const next = {
      j_auth_list: trimTo(r.j_auth_list, g.keys),
      j_app_auth: trimTo(r.j_app_auth, g.keys),
      j_expert_auth: trimTo(r.j_expert_auth, g.keys),
      j_extra_auth: trimTo(r.j_extra_auth, g.extra),
      j_auth_uris: trimTo(r.j_auth_uris, g.uris, true),
    };
    const changed = (Object.keys(next) as Array<keyof typeof next>).some((k) => !sameSet(next[k], r[k]));
    if (changed) await repo.setRoleGrants(tx, r.id, next);
  }
}

export async function move(db: Kysely<DB>, scope: Scope, id: number, pid: number): Promise<TCompanyNode> {
  return db.transaction().execute(async (tx) => {
    const node = await nodeInScope(tx, id, scope);
    if (!isStrictlyInside(node.path, scope.scopePath)) throw FORBIDDEN();
    const parent = await nodeInScope(tx, pid, scope);
    if (isInside(parent.path, node.path)) throw new AppError(4121);
    if (node.node_type === 'company' && parent.node_type !== 'company') throw new AppError(4122);
    if (node.node_type === 'company') {
      checkWithin(await grantsOf(tx, parent), { keys: node.j_auth_list, uris: node.j_auth_uris, extra: node.j_extra_auth });
    }
    if (node.pid !== parent.id) {
      await repo.movePaths(tx, node.id, parent.id, node.path, childPath(parent.path, node.id, node.node_type));
      await repo.dropForeignRoles(tx, childPath(parent.path, node.id, node.node_type));
    }
    return present(await nodeInScope(tx, node.id, scope));
  });
}

export async function remove(db: Kysely<DB>, scope: Scope, id: number): Promise<Node> {
  return db.transaction().execute(async (tx) => {
    const node = await nodeInScope(tx, id, scope);
    if (!isStrictlyInside(node.path, scope.scopePath)) throw FORBIDDEN();
    if ((await repo.countChildren(tx, node.id)) > 0) throw new AppError(4090);
    if ((await repo.countMembers(tx, node.id)) > 0) throw new AppError(4054);
    try {
      await repo.deleteNode(tx, node.id);
    } catch (err) {
      // still referenced by communities, lifts, terminals…: refuse rather than cascade
      if ((err as { code?: string }).code === '23503') throw new AppError(4022);
      throw err;
    }
    return node;
  });
}

export async function setLogo(db: Db, scope: Scope, id: number, logo: string): Promise<void> {
  const node = await nodeInScope(db, id, scope);
  await repo.updateNode(db, node.id, { logo });
}
