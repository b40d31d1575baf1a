import { LIFT_IMPORT_COLUMNS, type TLiftImportColumn } from '@liftguard/contract';
import { describe, expect, it } from 'vitest';
import { CellError, parseFloorsCell, parsePeopleCell, rowToLiftForm } from './import-row.ts';
import { parseCsvLine } from './spreadsheet.ts';

const idx = new Map<TLiftImportColumn, number>(LIFT_IMPORT_COLUMNS.map((c, i) => [c, i]));
const row = (over: Partial<Record<TLiftImportColumn, string>>) =>
  LIFT_IMPORT_COLUMNS.map((c) => over[c] ?? ({ name: 'A', code: 'C1', j_floors: '1,2,3' } as Record<string, string>)[c] ?? '');
const fieldOf = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (e) {
    return e instanceof CellError ? `${e.code}:${e.field}` : 'other';
  }
};

describe('import row', () => {
  it('reads a template row into a lift form', () => {
    const f = rowToLiftForm(
      row({ j_alarm_charger: '张三:13800000000;李四 13900000000', is_through_door: '是', community_id: '7', speed: '1.75' }),
      idx,
    );
    expect(f.j_floors).toEqual(['1', '2', '3']);
    expect(f.j_alarm_charger).toEqual([
      { name: '张三', mobile: '13800000000' },
      { name: '李四', mobile: '13900000000' },
    ]);
    expect(f.is_through_door).toBe(true);
    expect(f.community_id).toBe(7);
    expect(f.speed).toBe(1.75);
  });
  it('names the failing column', () => {
    expect(fieldOf(() => rowToLiftForm(row({ name: '' }), idx))).toBe('4148:name');
    expect(fieldOf(() => rowToLiftForm(row({ community_id: 'x' }), idx))).toBe('4001:community_id');
    expect(fieldOf(() => rowToLiftForm(row({ is_through_door: 'maybe' }), idx))).toBe('4001:is_through_door');
    expect(fieldOf(() => rowToLiftForm(row({ j_floors: '' }), idx))).toBe('4140:j_floors');
    expect(fieldOf(() => rowToLiftForm(row({ j_mt_workers: 'nobody' }), idx))).toBe('4001:j_mt_workers');
  });
  it('splits floor lists and reads JSON arrays', () => {
    expect(parseFloorsCell('-1, 1;2 3')).toEqual(['-1', '1', '2', '3']);
    expect(parseFloorsCell('[-1,1,2]')).toEqual(['-1', '1', '2']);
    expect(parsePeopleCell('[{"name":"A","mobile":"13800000000"}]', 'x')).toHaveLength(1);
  });
  it('parses quoted csv fields with commas, quotes and line breaks', () => {
    const s = { cells: [] as string[], field: '', quoted: false };
    expect(parseCsvLine('a,"b,1","say ""hi""","multi', s)).toBe(false);
    expect(parseCsvLine('line",z', s)).toBe(true);
    expect(s.cells).toEqual(['a', 'b,1', 'say "hi"', 'multi\nline', 'z']);
  });
});
