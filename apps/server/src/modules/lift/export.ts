import { PassThrough } from 'node:stream';
import type { Locale, TLiftListQuery } from '@liftguard/contract';
import ExcelJS from 'exceljs';
import type { Database } from '../../platform/db.ts';
import { presentLift } from './present.ts';
import { iterateLifts } from './repo.ts';
import type { Caller } from './service.ts';

const COLUMNS = [
  'id',
  'name',
  'code',
  'variety_name',
  'company_name',
  'community_name',
  'terminal_id',
  'state',
  'expire_at',
  'total_floors',
  'model',
  'brand',
  'equipment_code',
  'yd_unique_code',
  'address',
  'latitude',
  'longitude',
] as const;

/** Stream the filtered lift list as xlsx, reading the database in pages (bounded memory). */
export function exportLifts(db: Database, caller: Caller, q: TLiftListQuery, locale: Locale): PassThrough {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const ws = wb.addWorksheet('lifts');
  ws.addRow([...COLUMNS]).commit();
  void (async () => {
    try {
      const now = new Date();
      for await (const rows of iterateLifts(db, caller, caller.userId, q)) {
        for (const r of rows) {
          const l = presentLift(r, locale, now);
          ws.addRow(COLUMNS.map((c) => l[c] ?? '')).commit();
        }
      }
      ws.commit();
      await wb.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}
