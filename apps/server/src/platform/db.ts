import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { DB } from './db-schema.ts';
import { PGliteThread, PGliteThreadDialect } from './pglite-thread.ts';

export { urgently } from './pglite-thread.ts';

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
export async function openDatabase(opts: {
  url?: string;
  dataDir: string;
  schema?: string;
  /** the embedded database's worker died: no query can succeed any more (the server exits on it) */
  onFatal?: (err: Error) => void;
}): Promise<DbHandle> {
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
  if (opts.onFatal) client.onFailure = opts.onFatal;
  const db = new Kysely<DB>({ dialect: new PGliteThreadDialect(client) });
  const maintenance = setInterval(() => void vacuumEmbedded(db), EMBEDDED_VACUUM_EVERY_MS);
  maintenance.unref();
  return {
    db,
    engine: 'pglite',
    close: async () => {
      clearInterval(maintenance);
      await db.destroy();
      // Kysely destroys its driver only if a query ever ran; the worker must be closed either way
      if (!client.closed) await client.close();
    },
  };
}

const EMBEDDED_VACUUM_EVERY_MS = 10 * 60_000;
/** tables whose rows are updated or deleted all the time */
const CHURNING_TABLES = ['terminal', 'job', 'command', 'sms_record', 'fault', 'mqtt_message_seen', 'session', 'rate_counter'] as const;

/**
 * PGlite is PostgreSQL as a single backend, without the autovacuum daemon: dead row versions are
 * never reclaimed and tables never analysed unless someone asks. Every ten minutes the tables that
 * churn are vacuumed and analysed (milliseconds each: they hold a row per device, job or
 * session), and the append-only status history is analysed from a sample. Each statement waits
 * its turn on the one connection like any other query.
 */
export async function vacuumEmbedded(db: Database): Promise<void> {
  try {
    for (const table of CHURNING_TABLES) await sql`vacuum (analyze) ${sql.table(table)}`.execute(db);
    await sql`analyze lift_status_history`.execute(db);
  } catch {
    // a closed database (shutdown) or a table not migrated yet: next round
  }
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
