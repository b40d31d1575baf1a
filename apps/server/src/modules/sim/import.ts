import type { Insertable } from 'kysely';
import type { Database } from '../../platform/db.ts';
import type { SimCardTable } from '../../platform/db-schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { ChunkResult, RowError } from '../lift/import-job.ts';
import type { Caller } from '../lift/service.ts';
import { uniqueViolationCode } from '../lift/service.ts';
import type { SheetRow } from '../lift/spreadsheet.ts';
import * as repo from './repo.ts';
import { checkSim, rowToSimForm } from './service.ts';

/** SIM import: every row through checkSim; an IMSI or BS number may appear once per file. */
export function simChunkHandler(db: Database, caller: Caller) {
  const seenImsi = new Set<string>();
  const seenBs = new Set<string>();
  return async (rows: SheetRow[], idx: Map<string, number>): Promise<ChunkResult> => {
    const errors: RowError[] = [];
    const forms = rows.map((r) => {
      try {
        return { row: r.row, form: rowToSimForm((c) => r.cells[idx.get(c) ?? -1] ?? '') };
      } catch (e) {
        errors.push({ row: r.row, code: e instanceof AppError ? e.code : 4001 });
        return null;
      }
    });
    const ok = forms.filter((f): f is NonNullable<typeof f> => f !== null);
    const taken = await repo.taken(
      db,
      ok.map((f) => f.form.imsi),
      ok.map((f) => f.form.bs_number).filter((b): b is string => !!b),
    );
    const good: Array<{ row: number; values: Insertable<SimCardTable> }> = [];
    for (const f of ok) {
      try {
        if (seenImsi.has(f.form.imsi)) throw new AppError(4096);
        if (f.form.bs_number && seenBs.has(f.form.bs_number)) throw new AppError(4094);
        const values = { ...checkSim(f.form, null, taken), company_id: caller.companyId } as Insertable<SimCardTable>;
        seenImsi.add(f.form.imsi);
        if (f.form.bs_number) seenBs.add(f.form.bs_number);
        good.push({ row: f.row, values });
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        errors.push({ row: f.row, code: e.code });
      }
    }
    let inserted = 0;
    try {
      inserted = (
        await repo.insertSims(
          db,
          good.map((g) => g.values),
        )
      ).length;
    } catch (e) {
      if (uniqueViolationCode(e) === null) throw e;
      for (const g of good) {
        try {
          await repo.insertSims(db, [g.values]);
          inserted++;
        } catch (e2) {
          const code = uniqueViolationCode(e2);
          if (code === null) throw e2;
          errors.push({ row: g.row, code });
        }
      }
    }
    errors.sort((a, b) => a.row - b.row);
    return { ok: inserted, errors, boundRows: [] };
  };
}
