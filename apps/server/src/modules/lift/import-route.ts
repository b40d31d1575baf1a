import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { auditWrite, callerOf } from './caller.ts';
import { type ChunkHandler, createJob, runJob } from './import-job.ts';
import type { Caller } from './service.ts';
import { checkImportFile, type ImportExt, importExtOf } from './spreadsheet.ts';
import { saveUpload } from './upload.ts';

/** What a spreadsheet import takes: the job kind (also the audit action `<kind>.import`), the columns, a row handler. */
export type ImportSpec<C extends string> = {
  kind: 'lift' | 'sim';
  columns: readonly C[];
  required: readonly C[];
  handler: (caller: Caller) => ChunkHandler<C>;
};

/**
 * The upload half of the spreadsheet imports (lifts, SIMs): save the multipart file, check its
 * type (4048; an xls also its size and signature), create the job, audit it, and run it in the
 * background; the file is removed when the job ends. Jobs still running are awaited at shutdown,
 * so none writes to a closed database. Answers the job id (progress: /device/import/progress).
 */
export function importStarter(ctx: AppContext) {
  const running = new Set<Promise<void>>();
  ctx.onClose(async () => {
    await Promise.allSettled([...running]);
  });
  return async function startImport<C extends string>(req: FastifyRequest, spec: ImportSpec<C>): Promise<number> {
    const caller = callerOf(req);
    const up = await saveUpload(req, path.join(ctx.config.dataDir, 'tmp'));
    let ext: ImportExt;
    try {
      ext = importExtOf(up.fileName);
      await checkImportFile(up.filePath, ext, up.size);
    } catch (e) {
      await rm(up.filePath, { force: true });
      throw e;
    }
    const { db } = ctx;
    const id = await createJob(db, { companyId: caller.companyId, userId: caller.userId, kind: spec.kind, fileName: up.fileName });
    await auditWrite(db, req, caller, `${spec.kind}.import`, `import_job:${id}`, { file: up.fileName, size: up.size });
    const job = runJob(db, id, up.filePath, ext, spec.columns, spec.required, spec.handler(caller)).finally(async () => {
      running.delete(job);
      await rm(up.filePath, { force: true });
    });
    running.add(job);
    return id;
  };
}
