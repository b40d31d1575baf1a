import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { Worker } from 'node:worker_threads';
import { IMPORT_MAX_ROWS } from '@liftguard/contract';
import ExcelJS from 'exceljs';
import { AppError } from '../../platform/errors.ts';

/**
 * Readers of import files. csv (hand-parsed, RFC 4180 quotes, UTF-8 with or without BOM) and
 * xlsx (ExcelJS streaming reader, first worksheet) are streamed, so a 50,000-row file is read in
 * bounded memory. xls (BIFF8 in an OLE container) is read by SheetJS CE 0.20.3 as republished on
 * npm by @e965/xlsx (docs/import.md: why that package, not `xlsx` 0.18.5 with its advisories);
 * it parses a whole file in memory, synchronously, so it runs in a worker thread with a heap
 * limit and a deadline; an xls upload is held to XLS_MAX_BYTES, must start with the OLE
 * signature, may have at most XLS_MAX_SHEETS sheets, and only the first sheet's first rows are
 * parsed. Formulas are never evaluated (their cached results are read, formula text is dropped);
 * any failure is 4048.
 */

export type SheetRow = { row: number; cells: string[] };
export type ImportExt = 'csv' | 'xlsx' | 'xls';
/** A file to read rows from, as many times as the import needs (count, then process). */
export type SheetSource = { rows: () => AsyncGenerator<SheetRow> };

export const XLS_MAX_BYTES = 16 * 1_048_576;
export const XLS_MAX_SHEETS = 32;
const XLS_WORKER_HEAP_MB = 512;
const XLS_PARSE_TIMEOUT_MS = 60_000;
const OLE_SIGNATURE = Buffer.from('d0cf11e0a1b11ae1', 'hex');

/** The accepted extension of a file name, or a 4048 naming why not. */
export function importExtOf(fileName: string): ImportExt {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  if (ext === 'csv' || ext === 'xlsx' || ext === 'xls') return ext;
  throw new AppError(4048, { reason: 'type', accepted: ['csv', 'xlsx', 'xls'] });
}

/** Checks an uploaded file can be taken before a job starts: 4048 for an oversized or non-BIFF xls. */
export async function checkImportFile(path: string, ext: ImportExt, size: number): Promise<void> {
  if (ext !== 'xls') return;
  if (size > XLS_MAX_BYTES) throw new AppError(4048, { reason: 'size', max: XLS_MAX_BYTES });
  const fh = await open(path, 'r');
  try {
    const head = Buffer.alloc(OLE_SIGNATURE.length);
    const { bytesRead } = await fh.read(head, 0, head.length, 0);
    if (bytesRead < head.length || !head.equals(OLE_SIGNATURE)) throw new AppError(4048, { reason: 'xls_not_biff' });
  } finally {
    await fh.close();
  }
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

/**
 * Parse an xls in a worker thread (xls-worker.mjs) with its own heap limit and a deadline: the
 * event loop stays free, and a file that makes the parser run away costs the worker, not the
 * server. Every failure is 4048 with a reason.
 */
function readXls(path: string): Promise<SheetRow[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./xls-worker.mjs', import.meta.url), {
      workerData: { path, maxBytes: XLS_MAX_BYTES, maxSheets: XLS_MAX_SHEETS, maxRows: IMPORT_MAX_ROWS },
      resourceLimits: { maxOldGenerationSizeMb: XLS_WORKER_HEAP_MB },
    });
    const fail = (reason: string, detail: Record<string, unknown> = {}) => {
      clearTimeout(timer);
      reject(new AppError(4048, { reason, ...detail }));
      void worker.terminate();
    };
    const timer = setTimeout(() => fail('timeout'), XLS_PARSE_TIMEOUT_MS);
    worker.once('message', (m: { rows?: SheetRow[]; error?: string; detail?: Record<string, unknown> }) => {
      if (m.rows) {
        clearTimeout(timer);
        resolve(m.rows);
        void worker.terminate();
      } else fail(m.error ?? 'unreadable', m.detail);
    });
    worker.once('error', () => fail('unreadable')); // also ERR_WORKER_OUT_OF_MEMORY
    worker.once('exit', () => fail('unreadable')); // no answer (a settled promise ignores this)
  });
}

/** Open an import file. csv and xlsx are streamed anew on every pass; an xls is parsed once. */
export async function openSheet(path: string, ext: ImportExt): Promise<SheetSource> {
  if (ext === 'csv') return { rows: () => readCsv(path) };
  if (ext === 'xlsx') return { rows: () => readXlsx(path) };
  const rows = await readXls(path);
  return {
    rows: async function* () {
      yield* rows;
    },
  };
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
