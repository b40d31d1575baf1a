import { errorText, IMPORT_MAX_ROWS, type Locale, type TImportJob } from '@liftguard/contract';
import { sql } from 'kysely';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { companyInScope } from '../../platform/scope.ts';
import { headerIndex, type ImportExt, openSheet, type SheetRow } from './spreadsheet.ts';

/**
 * Import jobs: a file is read twice (count, then process in chunks; csv/xlsx streamed, xls parsed once), the
 * progress and per-row report are kept in `import_job`, and the web polls
 * GET /device/import/progress?id=. Memory stays bounded by the chunk size.
 */

export type RowError = { row: number; code: number; field?: string };
export type ChunkResult = { ok: number; errors: RowError[]; boundRows: number[] };
export type ChunkHandler<C extends string> = (rows: SheetRow[], idx: Map<C, number>) => Promise<ChunkResult>;

const CHUNK = 500;
const MAX_REPORTED_ERRORS = 20_000;

export async function createJob(
  db: Database,
  v: { companyId: number; userId: number; kind: 'lift' | 'sim'; fileName: string },
): Promise<number> {
  const r = await db
    .insertInto('import_job')
    .values({ company_id: v.companyId, user_id: v.userId, kind: v.kind, file_name: v.fileName.slice(0, 200) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** Process a stored file into the job's report. Never throws: failures end the job with a code. */
export async function runJob<C extends string>(
  db: Database,
  jobId: number,
  path: string,
  ext: ImportExt,
  columns: readonly C[],
  required: readonly C[],
  handle: ChunkHandler<C>,
): Promise<void> {
  const errors: RowError[] = [];
  const boundRows: number[] = [];
  let ok = 0;
  let fail = 0;
  let processed = 0;
  try {
    const sheet = await openSheet(path, ext);
    let total = -1;
    for await (const _ of sheet.rows()) {
      total++;
      if (total > IMPORT_MAX_ROWS) throw new AppError(4152);
    }
    if (total < 1) throw new AppError(4048, { reason: 'empty' });
    await db.updateTable('import_job').set({ total }).where('id', '=', jobId).execute();

    let idx: Map<C, number> | null = null;
    let chunk: SheetRow[] = [];
    const flush = async () => {
      if (!idx || chunk.length === 0) return;
      const r = await handle(chunk, idx);
      ok += r.ok;
      fail += r.errors.length;
      processed += chunk.length;
      for (const e of r.errors) if (errors.length < MAX_REPORTED_ERRORS) errors.push(e);
      boundRows.push(...r.boundRows);
      chunk = [];
      await db.updateTable('import_job').set({ processed, ok_count: ok, fail_count: fail }).where('id', '=', jobId).execute();
    };
    for await (const row of sheet.rows()) {
      if (!idx) {
        idx = headerIndex(row.cells, columns, required);
        continue;
      }
      chunk.push(row);
      if (chunk.length >= CHUNK) await flush();
    }
    await flush();
    await db
      .updateTable('import_job')
      .set({
        status: 'done',
        processed,
        ok_count: ok,
        fail_count: fail,
        error_code: boundRows.length ? 4050 : null,
        j_bound_rows: JSON.stringify(boundRows),
        j_errors: JSON.stringify(errors),
        finished_at: sql`now()`,
      })
      .where('id', '=', jobId)
      .execute();
  } catch (err) {
    const code = err instanceof AppError ? err.code : 4048;
    await db
      .updateTable('import_job')
      .set({
        status: 'failed',
        processed,
        ok_count: ok,
        fail_count: fail,
        error_code: code,
        j_errors: JSON.stringify(errors),
        finished_at: sql`now()`,
      })
      .where('id', '=', jobId)
      .execute()
      .catch(() => undefined);
  }
}

export async function readJob(db: Database, scopePath: string, userId: number, id: number, locale: Locale): Promise<TImportJob> {
  const j = await db
    .selectFrom('import_job')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where((eb) => companyInScope(eb, 'import_job.company_id', scopePath))
    .executeTakeFirst();
  if (!j) throw new AppError(4064);
  return {
    id: j.id,
    kind: j.kind,
    status: j.status,
    file_name: j.file_name,
    total: j.total,
    processed: j.processed,
    ok_count: j.ok_count,
    fail_count: j.fail_count,
    percent: j.status !== 'running' ? 100 : j.total > 0 ? Math.min(99, Math.floor((j.processed / j.total) * 100)) : 0,
    code: j.error_code,
    msg: j.error_code === null ? null : errorText(j.error_code, locale),
    bound_rows: j.j_bound_rows ?? [],
    errors: (j.j_errors ?? []).map((e) => ({ ...e, msg: errorText(e.code, locale) })),
    created_at: new Date(j.created_at as unknown as string).toISOString(),
    finished_at: j.finished_at ? new Date(j.finished_at).toISOString() : null,
  };
}
