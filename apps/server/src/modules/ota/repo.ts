import type { TOtaKind, TOtaPackage } from '@liftguard/contract';
import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../platform/db.ts';
import type { OtaPackageTable } from '../../platform/db-schema.ts';
import { companyInScope, type DataScope, terminalVisibleInGrant } from '../../platform/scope.ts';

const present = (r: Selectable<OtaPackageTable>): TOtaPackage => ({
  id: r.id,
  kind: r.kind,
  version: r.version,
  version_number: r.version_number,
  file_name: r.file_name,
  url: r.url,
  sha256: r.sha256,
  size: Number(r.size),
  created_at: new Date(r.created_at).toISOString(),
});

/** ids of the caller's company and its ancestors: packages uploaded there are offered below */
const lineage = (scopePath: string): number[] => scopePath.split('/').filter(Boolean).map(Number).filter(Number.isInteger);

export async function packageExists(db: Database, companyId: number, kind: TOtaKind, version: string): Promise<boolean> {
  const r = await db
    .selectFrom('ota_package')
    .select('id')
    .where('company_id', '=', companyId)
    .where('kind', '=', kind)
    .where('version', '=', version)
    .executeTakeFirst();
  return r !== undefined;
}

export async function insertPackage(db: Database, row: Insertable<OtaPackageTable>): Promise<TOtaPackage> {
  return present(await db.insertInto('ota_package').values(row).returningAll().executeTakeFirstOrThrow());
}

export async function listPackages(db: Database, scopePath: string, kind?: TOtaKind): Promise<TOtaPackage[]> {
  let q = db.selectFrom('ota_package').selectAll().where('company_id', 'in', lineage(scopePath));
  if (kind) q = q.where('kind', '=', kind);
  return (await q.orderBy('version_number', 'desc').orderBy('id', 'desc').limit(200).execute()).map(present);
}

/** the package of that version nearest to the caller (own company first, then ancestors) */
export async function packageFor(db: Database, scopePath: string, kind: TOtaKind, version: string) {
  const ids = lineage(scopePath);
  const rows = await db
    .selectFrom('ota_package')
    .selectAll()
    .where('company_id', 'in', ids)
    .where('kind', '=', kind)
    .where('version', '=', version)
    .execute();
  rows.sort((a, b) => ids.indexOf(b.company_id) - ids.indexOf(a.company_id));
  return rows[0] ?? null;
}

export async function terminalsInScope(db: Database, scope: DataScope, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('terminal')
    .innerJoin('company', 'company.id', 'terminal.company_id')
    .leftJoin('lift', (j) => j.onRef('lift.terminal_id', '=', 'terminal.terminal_id').on('lift.deleted_at', 'is', null))
    .select([
      'terminal.terminal_id',
      'terminal.version',
      'terminal.company_id as company_id',
      'company.path as scope',
      'lift.id as lift_id',
      'lift.name as lift_name',
    ])
    .where('terminal.terminal_id', 'in', ids)
    .where((eb) => companyInScope(eb, 'terminal.company_id', scope.scopePath))
    .where(terminalVisibleInGrant('terminal.terminal_id', scope))
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, company_id: r.company_id as number })));
}

export async function setTerminalVersion(db: Database, terminalId: string, version: string): Promise<void> {
  await db.updateTable('terminal').set({ version }).where('terminal_id', '=', terminalId).execute();
}
