import { Migrator } from 'kysely';
import type { Database } from './db.ts';
import { migrations } from './migrations/index.ts';

/**
 * Apply every pending migration. `schema` names the PostgreSQL schema the database was opened
 * on (tests, benchmarks): Kysely then keeps its bookkeeping tables there too, instead of
 * finding another schema's tables in a shared database and skipping the work.
 */
export async function migrateToLatest(db: Database, schema?: string): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
