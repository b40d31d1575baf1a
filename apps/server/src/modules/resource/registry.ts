import { isFreeCall, normaliseUri } from '@liftguard/contract';
import type { FastifySchema, RouteOptions } from 'fastify';
import type { AppContext } from '../../platform/context.ts';

/** One registered API route, as the onRoute hook saw it. */
export type RegisteredRoute = {
  method: string;
  /** full URL with the /api prefix, e.g. '/api/company/add' */
  url: string;
  /** the URL as the write guard names it, e.g. '/company/add' */
  uri: string;
  auth: 'public' | 'user' | 'root';
  summary: string | null;
  schema: FastifySchema | undefined;
};

const registries = new WeakMap<AppContext, RegisteredRoute[]>();

/** The API route table of an app (filled while modules register; complete once the app is ready). */
export function registeredRoutes(ctx: AppContext): readonly RegisteredRoute[] {
  return registries.get(ctx) ?? [];
}

export function collectorFor(ctx: AppContext): (opts: RouteOptions) => void {
  const list: RegisteredRoute[] = [];
  registries.set(ctx, list);
  return (opts) => {
    for (const method of [opts.method].flat()) {
      if (method === 'HEAD' || !opts.url.startsWith('/api/')) continue;
      list.push({
        method,
        url: opts.url,
        uri: normaliseUri(opts.url),
        auth: (opts.config as { auth?: RegisteredRoute['auth'] } | undefined)?.auth ?? 'user',
        summary: (opts.schema as { summary?: string } | undefined)?.summary ?? null,
        schema: opts.schema,
      });
    }
  };
}

/** Write URIs the guard checks: every registered write that does not pass freely. */
export function writeUris(routes: readonly RegisteredRoute[]): Array<{ uri: string; label: string }> {
  const out = new Map<string, string>();
  for (const r of routes) {
    if (isFreeCall(r.method, r.url) || out.has(r.uri)) continue;
    out.set(r.uri, r.summary ?? `${r.method} ${r.uri}`);
  }
  return [...out].map(([uri, label]) => ({ uri, label })).sort((a, b) => a.uri.localeCompare(b.uri));
}

/** The page (layer-2 route) a write URI belongs under in the resource tree, by its first segment. */
const SEGMENT_ROUTE: Record<string, string> = {
  company: 'system_company',
  portal: 'system_company',
  depart: 'system_company',
  user: 'system_user',
  role: 'system_role',
  community: 'system_community',
  settings: 'system_settings',
  pusher: 'system_pusher_account',
  push: 'system_pusher_account',
  audit: 'system_audit',
  device: 'device_list',
  lift: 'device_list',
  terminal: 'device_terminal',
  fault: 'device_fault',
  sim: 'device_sim',
  dev: 'dev_res',
  owner: 'control_owner',
  keys: 'control_keys',
  key: 'control_keys',
  dtzj: 'dtzj_data',
  task: 'home_index',
};

export function routeOfUri(uri: string): string | null {
  const seg = uri.split('/').filter(Boolean)[0] ?? '';
  return SEGMENT_ROUTE[seg] ?? null;
}
