import { ROUTES } from '@liftguard/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../platform/db-schema.ts';
import { routeOfUri } from './registry.ts';

type Db = Kysely<DB> | Transaction<DB>;

const COLUMNS = ['id', 'pid', 'layer', 'kind', 'name', 'label', 'sort'] as const;

export async function list(db: Db) {
  return db.selectFrom('resource').select(COLUMNS).orderBy('layer').orderBy('sort').orderBy('id').execute();
}

export async function find(db: Db, id: number) {
  return db.selectFrom('resource').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function findByName(db: Db, name: string) {
  return db.selectFrom('resource').select(COLUMNS).where('name', '=', name).executeTakeFirst();
}

export async function insert(
  db: Db,
  v: { pid: number | null; layer: number; kind: 'route' | 'uri'; name: string; label: string; sort: number; synced?: boolean },
): Promise<number> {
  const r = await db.insertInto('resource').values(v).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function update(db: Db, id: number, v: { pid?: number | null; label?: string; sort?: number }): Promise<void> {
  if (Object.keys(v).length) await db.updateTable('resource').set(v).where('id', '=', id).execute();
}

export async function countChildren(db: Db, id: number): Promise<number> {
  const r = await db
    .selectFrom('resource')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('pid', '=', id)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function remove(db: Db, id: number): Promise<void> {
  await db.deleteFrom('resource').where('id', '=', id).execute();
}

/**
 * Keep the tree in step with the code: every route name of the contract (layers 1–2) and every
 * write URI the API registers (layer 3). Root's edits to labels and order are kept; synced URIs
 * whose route is gone are removed.
 */
export async function sync(db: Kysely<DB>, uris: Array<{ uri: string; label: string }>): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const have = new Map((await tx.selectFrom('resource').select(['id', 'name', 'kind', 'synced']).execute()).map((r) => [r.name, r]));
    let sort = 1000;
    for (const r of ROUTES) {
      sort += 10;
      // a sub-page opened with another route's key is not a resource of its own
      if (r.key || have.has(r.name)) continue;
      const pid = r.parent ? (have.get(r.parent)?.id ?? null) : null;
      const id = await insert(tx, { pid, layer: r.parent ? 2 : 1, kind: 'route', name: r.name, label: r.label, sort, synced: true });
      have.set(r.name, { id, name: r.name, kind: 'route', synced: true });
    }
    const wanted = new Set(uris.map((u) => u.uri));
    sort = 0;
    for (const u of uris) {
      sort += 10;
      if (have.has(u.uri)) continue;
      const parent = routeOfUri(u.uri);
      const pid = parent ? (have.get(parent)?.id ?? null) : null;
      await insert(tx, { pid, layer: 3, kind: 'uri', name: u.uri, label: u.label.slice(0, 120), sort, synced: true });
    }
    const stale = [...have.values()].filter((r) => r.kind === 'uri' && r.synced && !wanted.has(r.name)).map((r) => r.id);
    if (stale.length) await tx.deleteFrom('resource').where('id', 'in', stale).execute();
  });
}
