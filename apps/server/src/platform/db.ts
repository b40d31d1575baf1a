import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { DB } from './db-schema.ts';
import { PGliteThread } from './pglite-thread.ts';

export type Database = Kysely<DB>;

export type DbHandle = {
  db: Database;
  engine: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

// bigint counts come back as strings from node-postgres; keep them as numbers (ids stay within 2^53).
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

/**
 * Open the database: PostgreSQL when `url` is a postgres URL, PGlite otherwise
 * (`memory://` for an in-memory instance, else files under `dataDir/pglite`).
 * `schema` confines everything to one PostgreSQL schema (tests run side by side that way).
 */
export async function openDatabase(opts: { url?: string; dataDir: string; schema?: string }): Promise<DbHandle> {
  const { url, schema } = opts;
  if (url?.startsWith('postgres')) {
    if (schema) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
      await admin.end();
    }
    const pool = new pg.Pool({
      connectionString: url,
      max: 20,
      ...(schema ? { options: `-c search_path="${schema}"` } : {}),
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: 'postgres', close: () => db.destroy() };
  }
  // PGlite (with pg_trgm for the keyword indexes) runs in a worker thread: pglite-thread.ts
  const inMemory = url === 'memory://' || (url === undefined && opts.dataDir === ':memory:');
  const dir = inMemory ? null : path.join(opts.dataDir, 'pglite');
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const client = await PGliteThread.open(dir);
  // kysely-pglite-dialect calls only query() and close(), which the thread offers
  const db = new Kysely<DB>({ dialect: new PGliteDialect(client as unknown as PGlite) });
  return {
    db,
    engine: 'pglite',
    close: async () => {
      await db.destroy();
      if (!client.closed) await client.close();
    },
  };
}

/** Drop a test schema created by `openDatabase({ schema })`. */
export async function dropSchema(url: string, schema: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await admin.end();
}

export async function pingDatabase(db: Database): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
