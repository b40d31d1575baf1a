import { LIFT_IMPORT_COLUMNS, type TLiftForm, type TLiftImportColumn, type TPerson } from '@liftguard/contract';
import { AppError } from '../../platform/errors.ts';

/** Field-level failure of an import cell: the catalogue code and the column it came from. */
export class CellError extends AppError {
  readonly field: string;
  constructor(code: ConstructorParameters<typeof AppError>[0], field: string) {
    super(code);
    this.field = field;
  }
}

const TRUE = ['1', 'true', 'yes', 'y', '是', 'sim'];
const FALSE = ['0', 'false', 'no', 'n', '否', 'não', 'nao', ''];

function parseBool(v: string, field: string): boolean {
  const s = v.trim().toLowerCase();
  if (TRUE.includes(s)) return true;
  if (FALSE.includes(s)) return false;
  throw new CellError(4001, field);
}

function parseInt10(v: string, field: string): number | null {
  if (v.trim() === '') return null;
  if (!/^\d+$/.test(v.trim())) throw new CellError(4001, field);
  return Number(v.trim());
}

function parseNumber(v: string, field: string): number | null {
  if (v.trim() === '') return null;
  const n = Number(v.trim());
  if (!Number.isFinite(n) || n < 0) throw new CellError(4001, field);
  return n;
}

/** Floors cell: a list separated by commas, semicolons or spaces ("-1,1,2,3"), or a JSON array. */
export function parseFloorsCell(v: string): string[] {
  const s = v.trim();
  if (s === '') throw new CellError(4140, 'j_floors');
  if (s.startsWith('[')) {
    try {
      const arr = JSON.parse(s);
      if (Array.isArray(arr)) return arr.map((x) => String(x));
    } catch {
      throw new CellError(4049, 'j_floors');
    }
  }
  return s.split(/[,;，；\s]+/).filter(Boolean);
}

/** People cell: "name:mobile;name:mobile" (also "name mobile", full-width separators) or a JSON array. */
export function parsePeopleCell(v: string, field: string): TPerson[] {
  const s = v.trim();
  if (s === '') return [];
  if (s.startsWith('[')) {
    try {
      const arr = JSON.parse(s) as Array<{ name?: unknown; mobile?: unknown }>;
      return arr.map((p) => ({ name: String(p.name ?? '').trim(), mobile: String(p.mobile ?? '').trim() }));
    } catch {
      throw new CellError(4001, field);
    }
  }
  return s
    .split(/[;；]+/)
    .filter((p) => p.trim())
    .map((p) => {
      const m = p.trim().match(/^(.*?)[\s:：]+(\+?\d[\d-]*)$/);
      if (!m) throw new CellError(4001, field);
      return { name: (m[1] ?? '').trim(), mobile: (m[2] ?? '').replace(/-/g, '') };
    });
}

/** One import row as a lift form (the same rules as the form are applied afterwards). */
export function rowToLiftForm(cells: string[], idx: Map<TLiftImportColumn, number>): TLiftForm {
  const get = (c: TLiftImportColumn) => {
    const i = idx.get(c);
    return i === undefined ? '' : (cells[i] ?? '').trim();
  };
  const opt = (c: TLiftImportColumn) => (get(c) === '' ? null : get(c).slice(0, 200));
  const name = get('name');
  const code = get('code');
  if (!name) throw new CellError(4148, 'name');
  if (!code) throw new CellError(4148, 'code');
  if (name.length > 64) throw new CellError(4001, 'name');
  if (code.length > 64) throw new CellError(4001, 'code');
  const form: TLiftForm = {
    name,
    code,
    variety: 2,
    model: opt('model'),
    terminal_id: opt('terminal_id'),
    equipment_code: opt('equipment_code'),
    yd_unique_code: opt('yd_unique_code'),
    community_id: parseInt10(get('community_id'), 'community_id'),
    j_floors: parseFloorsCell(get('j_floors')),
    brand: opt('brand'),
    is_through_door: parseBool(get('is_through_door'), 'is_through_door'),
    mt_company_id: parseInt10(get('mt_company_id'), 'mt_company_id'),
    j_mt_workers: parsePeopleCell(get('j_mt_workers'), 'j_mt_workers'),
    speed: parseNumber(get('speed'), 'speed'),
    load: parseNumber(get('load'), 'load'),
    address: opt('address'),
    remark: opt('remark'),
  };
  if (idx.has('j_alarm_charger')) form.j_alarm_charger = parsePeopleCell(get('j_alarm_charger'), 'j_alarm_charger');
  if (form.speed !== null && form.speed !== undefined && form.speed > 20) throw new CellError(4001, 'speed');
  return form;
}

export const LIFT_IMPORT_REQUIRED: readonly TLiftImportColumn[] = ['name', 'code', 'j_floors'];
export { LIFT_IMPORT_COLUMNS };
