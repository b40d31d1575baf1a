import { LIFT_IMPORT_COLUMNS, type TLiftForm, type TLiftImportColumn } from '@liftguard/contract';
import type { Insertable } from 'kysely';
import type { Database } from '../../platform/db.ts';
import type { LiftTable } from '../../platform/db-schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { ChunkResult, RowError } from './import-job.ts';
import { CellError, rowToLiftForm } from './import-row.ts';
import * as repo from './repo.ts';
import { type Caller, checkLift, loadLookup, uniqueViolationCode } from './service.ts';
import type { SheetRow } from './spreadsheet.ts';

/**
 * Lift import: every row goes through the same rules as the form (checkLift). Within one file a
 * code or terminal may appear once; a terminal already bound in the database refuses the row
 * with 4043 and lists the row under the job's 4050.
 */
export function liftChunkHandler(db: Database, caller: Caller, now: Date) {
  const seenCodes = new Set<string>();
  const seenTerminals = new Set<string>();
  return async (rows: SheetRow[], idx: Map<TLiftImportColumn, number>): Promise<ChunkResult> => {
    const errors: RowError[] = [];
    const boundRows: number[] = [];
    const parsed: Array<{ row: number; form: TLiftForm }> = [];
    for (const r of rows) {
      try {
        const form = rowToLiftForm(r.cells, idx);
        if (seenCodes.has(form.code)) throw new CellError(4062, 'code');
        if (form.terminal_id && seenTerminals.has(form.terminal_id)) throw new CellError(4043, 'terminal_id');
        seenCodes.add(form.code);
        if (form.terminal_id) seenTerminals.add(form.terminal_id);
        parsed.push({ row: r.row, form });
      } catch (e) {
        errors.push(rowError(r.row, e));
      }
    }
    const lookup = await loadLookup(
      db,
      caller,
      parsed.map((p) => p.form),
    );
    const good: Array<{ row: number; values: Insertable<LiftTable> }> = [];
    for (const p of parsed) {
      try {
        const values = checkLift(p.form, null, lookup, caller, now) as Insertable<LiftTable>;
        good.push({ row: p.row, values });
      } catch (e) {
        const err = rowError(p.row, e);
        if (err.code === 4043) boundRows.push(p.row);
        errors.push(err);
      }
    }
    let ok = 0;
    try {
      await db.transaction().execute(async (tx) => {
        await repo.insertLifts(
          tx,
          good.map((g) => g.values),
        );
      });
      ok = good.length;
    } catch (e) {
      if (uniqueViolationCode(e) === null) throw e;
      // a concurrent writer took a code or terminal: fall back to row by row
      for (const g of good) {
        try {
          await repo.insertLift(db, g.values);
          ok++;
        } catch (e2) {
          const code = uniqueViolationCode(e2);
          if (code === null) throw e2;
          errors.push({ row: g.row, code });
        }
      }
    }
    const tids = good.map((g) => g.values.terminal_id).filter((t): t is string => !!t);
    await repo.claimTerminals(db, caller.companyId, tids);
    errors.sort((a, b) => a.row - b.row);
    return { ok, errors, boundRows };
  };
}

function rowError(row: number, e: unknown): RowError {
  if (e instanceof CellError) return { row, code: e.code, field: e.field };
  if (e instanceof AppError) return { row, code: e.code, field: FIELD_OF_CODE[e.code] };
  throw e;
}

const FIELD_OF_CODE: Record<number, string> = {
  4049: 'j_floors',
  4140: 'j_floors',
  4141: 'j_floors',
  4143: 'j_alarm_charger',
  4098: 'j_alarm_charger',
  4145: 'terminal_id',
  4061: 'terminal_id',
  4043: 'terminal_id',
  4062: 'code',
  4032: 'community_id',
  4064: 'mt_company_id',
};

export { LIFT_IMPORT_COLUMNS };
