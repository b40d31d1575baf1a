import { randomBytes } from 'node:crypto';
import { type BuiltApp, buildApp } from '../src/app.ts';
import { ensureRoot } from '../src/platform/bootstrap.ts';
import { loadConfig } from '../src/platform/config.ts';
import { type DbHandle, dropSchema, openDatabase } from '../src/platform/db.ts';
import { migrateToLatest } from '../src/platform/migrate.ts';

export const ADMIN_PASSWORD = 'Admin#Test1';

/**
 * The engine under test: in-memory PGlite by default; PostgreSQL when TEST_DATABASE_URL
 * (or DATABASE_URL) is set — each harness then gets a schema of its own, dropped at close.
 */
export const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

export type Harness = BuiltApp & {
  handle: DbHandle;
  /** sign in and return the token */
  login: (username: string, password: string, client?: string) => Promise<string>;
  adminToken: () => Promise<string>;
};

export async function startHarness(overrides: Record<string, unknown> = {}): Promise<Harness> {
  const schema = pgUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const config = loadConfig(
    {},
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: `/tmp/liftguard-test-${process.pid}`, SEED_DEMO: '0', ...overrides },
  );
  const handle = await openDatabase({ url: pgUrl ?? 'memory://', dataDir: config.dataDir, schema });
  await migrateToLatest(handle.db, schema);
  await ensureRoot(handle.db, ADMIN_PASSWORD);
  const built = await buildApp(config, handle);
  await built.app.ready();
  const login = async (username: string, password: string, client = 'web') => {
    const res = await built.app.inject({ method: 'POST', url: '/api/login', payload: { username, password, client } });
    const body = res.json();
    if (!body.data?.token) throw new Error(`login ${username} failed: ${res.body}`);
    return body.data.token as string;
  };
  let admin: string | undefined;
  return {
    ...built,
    handle,
    login,
    adminToken: async () => {
      admin ??= await login('admin', ADMIN_PASSWORD);
      return admin;
    },
    close: async () => {
      await built.close();
      await handle.close();
      if (pgUrl && schema) await dropSchema(pgUrl, schema);
    },
  };
}
