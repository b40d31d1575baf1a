// Parses one .xls upload off the main thread (SheetJS parses synchronously: seconds for a large
// file would stall the gateway and the live channel). Started by readXls in spreadsheet.ts with
// workerData { path, maxBytes, maxSheets, maxRows } and memory limits; answers one message:
// { rows: [{ row, cells }] } or { error: reason, detail }. Formulas are never evaluated: their
// cached results are read and the formula text is dropped.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';
import * as cptable from '@e965/xlsx/dist/cpexcel.full.mjs';

XLSX.set_cptable(cptable); // BIFF5 and older files in legacy code pages (GBK, Big5, …)

const OLE_SIGNATURE = Buffer.from('d0cf11e0a1b11ae1', 'hex');
const pad = (n) => String(n).padStart(2, '0');

/** Cell text as the other readers give it; dates (correct in local time in SheetJS) as yyyy-mm-dd. */
function cellText(v) {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return `${v.getFullYear()}-${pad(v.getMonth() + 1)}-${pad(v.getDate())}`;
  if (typeof v === 'object') return '';
  return String(v).trim();
}

function parse({ path, maxBytes, maxSheets, maxRows }) {
  const buf = readFileSync(path);
  if (buf.length > maxBytes) return { error: 'size', detail: { max: maxBytes } };
  if (!buf.subarray(0, OLE_SIGNATURE.length).equals(OLE_SIGNATURE)) return { error: 'xls_not_biff' };
  let sheet;
  try {
    const names = XLSX.read(buf, { type: 'buffer', bookSheets: true }).SheetNames;
    if (names.length > maxSheets) return { error: 'sheets', detail: { max: maxSheets } };
    const wb = XLSX.read(buf, {
      type: 'buffer',
      sheets: 0, // first sheet only
      sheetRows: maxRows + 2, // header + the most rows taken + one to see there are too many (4152)
      cellFormula: false,
      cellHTML: false,
      cellNF: false,
      cellText: false,
      cellStyles: false,
      cellDates: true,
      dense: true,
    });
    const first = wb.SheetNames[0];
    sheet = first === undefined ? undefined : wb.Sheets[first];
  } catch {
    return { error: 'unreadable' };
  }
  const ref = sheet?.['!ref'];
  if (!sheet || !ref) return { rows: [] };
  const end = XLSX.utils.decode_range(ref).e;
  // from A1, so cell i is column i and array index r is row r + 1, as in the other readers
  const grid = XLSX.utils.sheet_to_json(sheet, {
    header: 1,
    raw: true,
    blankrows: true,
    defval: null,
    range: { s: { r: 0, c: 0 }, e: end },
  });
  const rows = [];
  grid.forEach((values, i) => {
    const cells = Array.from({ length: values.length }, (_, c) => cellText(values[c]));
    if (cells.some((c) => c !== '')) rows.push({ row: i + 1, cells });
  });
  return { rows };
}

try {
  parentPort?.postMessage(parse(workerData));
} catch {
  parentPort?.postMessage({ error: 'unreadable' });
}
