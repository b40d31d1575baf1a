import { canWrite, ErrorCodes, isErrorCode, type Locale, pickLocale } from '@liftguard/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { writeAudit } from './audit.ts';
import type { Database } from './db.ts';
import { AppError } from './errors.ts';
import type { DataScope } from './scope.ts';
import { hashToken } from './tokens.ts';

/** Who is calling, and what they may see and do, for the current company. */
export type AuthContext = {
  userId: number;
  username: string;
  sessionId: number;
  client: string;
  language: Locale;
  isRoot: boolean;
  /** current company or department node, null when none is chosen */
  nodeId: number | null;
  nodeType: 'company' | 'department' | null;
  /** id of the company that owns the current node (the node itself when it is a company) */
  companyId: number | null;
  /** path prefix of the data scope: every company whose path starts with it is in scope */
  scopePath: string | null;
  keys: string[];
  uris: string[];
  communityIds: number[];
  roleType: string | null;
};

/** 'self': any signed-in user, for actions on their own account (no permission URI needed). */
export type RouteAuth = 'public' | 'user' | 'self' | 'root';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** who may call: 'public' (no token), 'user' (default, write guard applies), 'self' (own account), 'root' */
    auth?: RouteAuth;
  }
}

/** The caller's auth, or a 401 — for handlers of routes that require a user. */
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new AppError(ErrorCodes.NOT_LOGGED_IN);
  return req.auth;
}

/** The caller's data scope; 4088 when no operating company is chosen. */
export function scopeOf(req: FastifyRequest): AuthContext & { scopePath: string; companyId: number; nodeId: number } {
  const auth = authOf(req);
  if (auth.scopePath === null || auth.companyId === null || auth.nodeId === null) throw new AppError(ErrorCodes.NO_COMPANY);
  return auth as AuthContext & { scopePath: string; companyId: number; nodeId: number };
}

/** Who acts in a request, on which data (the current company's scope), with which permissions, from where. */
export type Actor = DataScope & {
  userId: number;
  username: string;
  companyId: number;
  uris: readonly string[];
  /** permission keys, extra advanced permissions included */
  keys: readonly string[];
  ip: string | null;
};

/** The acting user of a request with a current company (4088 otherwise): what services take as their caller. */
export function actorOf(req: FastifyRequest): Actor {
  const s = scopeOf(req);
  return {
    userId: s.userId,
    username: s.username,
    companyId: s.companyId,
    scopePath: s.scopePath,
    communityIds: s.communityIds,
    isRoot: s.isRoot,
    uris: s.uris,
    keys: s.keys,
    ip: req.ip,
  };
}

export function tokenOf(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (typeof h === 'string' && h.length > 0) return h.startsWith('Bearer ') ? h.slice(7).trim() : h.trim();
  return null;
}

/** Resolve a token into an AuthContext, or the catalogue code that explains why not. */
export async function resolveToken(db: Database, token: string): Promise<AuthContext | { code: 402 | 403 }> {
  const row = await db
    .selectFrom('session as s')
    .innerJoin('app_user as u', 'u.id', 's.user_id')
    .leftJoin('company as c', 'c.id', 'u.current_company_id')
    .leftJoin('membership as m', (j) => j.onRef('m.user_id', '=', 'u.id').onRef('m.company_id', '=', 'u.current_company_id'))
    .leftJoin('role as r', 'r.id', 'm.role_id')
    .select([
      's.id as session_id',
      's.client',
      's.expires_at',
      's.ended_at',
      'u.id as user_id',
      'u.username',
      'u.language',
      'u.is_root',
      'u.deleted_at',
      'u.current_company_id',
      'c.node_type',
      'c.path',
      'c.pid',
      'm.id as membership_id',
      'm.j_community_ids',
      'r.role_type',
      'r.j_auth_list',
      'r.j_auth_uris',
      'r.j_app_auth',
      'r.j_expert_auth',
      'r.j_extra_auth',
    ])
    .where('s.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || row.deleted_at) return { code: 402 };
  if (row.ended_at || new Date(row.expires_at).getTime() < Date.now()) return { code: 403 };

  const member = row.membership_id !== null || row.is_root;
  const nodeId = member && row.current_company_id !== null && row.path !== null ? row.current_company_id : null;
  // A department member works in the company that owns the department: that company's subtree is the scope.
  const scopePath = nodeId === null ? null : row.node_type === 'department' ? ownerCompanyPath(row.path ?? '') : row.path;
  const companyId = scopePath ? Number(scopePath.split('/').filter(Boolean).at(-1)) : null;
  return {
    userId: row.user_id,
    username: row.username,
    sessionId: row.session_id,
    client: row.client,
    language: pickLocale(row.language),
    isRoot: row.is_root || row.role_type === 'ROOT',
    nodeId,
    nodeType: nodeId === null ? null : (row.node_type ?? null),
    companyId: Number.isInteger(companyId) ? companyId : null,
    scopePath,
    keys: [...(row.j_auth_list ?? []), ...(row.j_extra_auth ?? [])],
    uris: row.j_auth_uris ?? [],
    communityIds: row.j_community_ids ?? [],
    roleType: row.role_type ?? (row.is_root ? 'ROOT' : null),
  };
}

/**
 * Company paths hold the ids of the node and its ancestors; department segments carry a
 * `d` prefix ('/1/4/d9/d12/'), so the owning company of a department is its path without them.
 */
function ownerCompanyPath(path: string): string {
  const parts = path.split('/').filter(Boolean);
  while (parts.length > 0 && parts.at(-1)?.startsWith('d')) parts.pop();
  return parts.length ? `/${parts.join('/')}/` : '/';
}

/**
 * Global guard: loads `req.auth` from the Authorization header, refuses calls that need a
 * user, and applies the write guard of SPEC.md §6 (every denial is audited).
 */
export function registerAuth(app: FastifyInstance, db: Database): void {
  app.decorateRequest('auth', null);
  app.addHook('preHandler', async (req) => {
    const mode: RouteAuth = req.routeOptions.config?.auth ?? 'user';
    const token = tokenOf(req);
    if (token) {
      const resolved = await resolveToken(db, token);
      if ('code' in resolved) {
        if (mode !== 'public') throw new AppError(resolved.code);
      } else {
        req.auth = resolved;
        req.locale = resolved.language;
      }
    }
    if (mode === 'public' || !req.routeOptions.url) return;
    const auth = req.auth;
    if (!auth) throw new AppError(ErrorCodes.NOT_LOGGED_IN);
    const uri = req.routeOptions.url;
    const allowed =
      mode === 'self' ||
      (mode === 'root' ? auth.isRoot : canWrite(req.method, uri, { isRoot: auth.isRoot, uris: auth.uris, communityId: communityOf(req) }));
    if (!allowed) {
      await writeAudit(db, {
        action: 'permission.denied',
        result: 'denied',
        userId: auth.userId,
        username: auth.username,
        companyId: auth.companyId,
        target: `${req.method} ${uri}`,
        ip: req.ip,
      });
      throw new AppError(ErrorCodes.NO_PERMISSION);
    }
  });
}

/** The community a write is made for, when the body or query names one. */
function communityOf(req: FastifyRequest): number | null {
  for (const src of [req.body, req.query]) {
    if (src && typeof src === 'object' && 'community_id' in src) {
      const n = Number((src as Record<string, unknown>).community_id);
      if (Number.isInteger(n)) return n;
    }
  }
  return null;
}

export { isErrorCode };
