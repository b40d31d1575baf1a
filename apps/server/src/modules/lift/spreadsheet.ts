import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import ExcelJS from 'exceljs';
import { AppError } from '../../platform/errors.ts';

/**
 * Streaming readers of import files: rows come one at a time, so a 10,000-row file is read
 * in bounded memory. Formats: csv (hand-parsed, RFC 4180 quotes, UTF-8 with or without BOM)
 * and xlsx (ExcelJS streaming reader, first worksheet). xls (BIFF) is refused with 4048: the
 * only npm build of SheetJS (xlsx 0.18.5) has unfixed advisories for untrusted files
 * (CVE-2023-30533, CVE-2024-22363) and fixed builds are not published on the npm registry.
 */

export type SheetRow = { row: number; cells: string[] };
export type ImportExt = 'csv' | 'xlsx';

/** The accepted extension of a file name, or a 4048 naming why not. */
export function importExtOf(fileName: string): ImportExt {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  if (ext === 'csv' || ext === 'xlsx') return ext;
  if (ext === 'xls') throw new AppError(4048, { reason: 'xls_unsupported', hint: 'save as xlsx or csv' });
  throw new AppError(4048, { reason: 'type', accepted: ['csv', 'xlsx', 'xls'] });
}

function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as { text?: unknown; result?: unknown; richText?: Array<{ text: string }>; hyperlink?: string };
    if (Array.isArray(o.richText)) return o.richText.map((r) => r.text).join('');
    if (o.result !== undefined) return cellText(o.result);
    if (o.text !== undefined) return cellText(o.text);
    return '';
  }
  return String(v).trim();
}

/** Split one CSV record; `carry` holds an unfinished quoted field across physical lines. */
export function parseCsvLine(line: string, state: { cells: string[]; field: string; quoted: boolean }): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (state.quoted) {
      if (c === '"') {
        if (line[i + 1] === '"') {
          state.field += '"';
          i++;
        } else state.quoted = false;
      } else state.field += c;
    } else if (c === '"' && state.field === '') state.quoted = true;
    else if (c === ',') {
      state.cells.push(state.field);
      state.field = '';
    } else state.field += c;
  }
  if (state.quoted) {
    state.field += '\n';
    return false;
  }
  state.cells.push(state.field);
  return true;
}

async function* readCsv(path: string): AsyncGenerator<SheetRow> {
  const rl = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Number.POSITIVE_INFINITY });
  let row = 0;
  let state = { cells: [] as string[], field: '', quoted: false };
  for await (const raw of rl) {
    const line = row === 0 && state.cells.length === 0 ? raw.replace(/^\uFEFF/, '') : raw;
    if (!parseCsvLine(line, state)) continue;
    row++;
    const cells = state.cells.map((c) => c.trim());
    state = { cells: [], field: '', quoted: false };
    if (cells.every((c) => c === '')) continue;
    yield { row, cells };
  }
  if (state.quoted) throw new AppError(4048, { reason: 'csv_unterminated_quote' });
}

async function* readXlsx(path: string): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  try {
    for await (const sheet of reader) {
      for await (const r of sheet) {
        const values = (r.values as unknown[]) ?? [];
        const cells: string[] = [];
        for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
        if (cells.every((c) => c === '')) continue;
        yield { row: r.number, cells };
      }
      return; // first worksheet only
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError(4048, { reason: 'unreadable' });
  }
}

export function readSheet(path: string, ext: ImportExt): AsyncGenerator<SheetRow> {
  return ext === 'csv' ? readCsv(path) : readXlsx(path);
}

/** Map header names to column indexes; 4048 when a required column is missing. */
export function headerIndex<C extends string>(header: string[], columns: readonly C[], required: readonly C[]): Map<C, number> {
  const idx = new Map<C, number>();
  header.forEach((h, i) => {
    const key = h.trim().toLowerCase() as C;
    if ((columns as readonly string[]).includes(key) && !idx.has(key)) idx.set(key, i);
  });
  const missing = required.filter((c) => !idx.has(c));
  if (missing.length) throw new AppError(4048, { reason: 'columns', missing });
  return idx;
}

/** Write a one-sheet xlsx with a header row (and optional rows) to a buffer. */
export async function xlsxBuffer(
  sheetName: string,
  header: readonly string[],
  rows: unknown[][] = [],
  extra?: { name: string; rows: unknown[][] },
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName);
  ws.addRow([...header]).font = { bold: true };
  for (const r of rows) ws.addRow(r);
  ws.columns.forEach((c) => {
    c.width = 18;
  });
  if (extra) {
    const ex = wb.addWorksheet(extra.name);
    for (const r of extra.rows) ex.addRow(r);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
