import * as XLSX from '@e965/xlsx';
import { IMPORT_MAX_ROWS, LIFT_IMPORT_COLUMNS, SIM_IMPORT_COLUMNS } from '@liftguard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XLS_MAX_BYTES, XLS_MAX_SHEETS } from '../src/modules/lift/spreadsheet.ts';
import { type Harness, startHarness } from './harness.ts';
import { ALL_URIS, client, makeCommunity, makeCompany, makeTerminal, makeUser, upload, waitJob } from './registry-helper.ts';

/**
 * .xls (BIFF8) imports of lifts and SIMs, read by SheetJS CE (@e965/xlsx). The fixtures are
 * written by the same library in the test: a sheet of rows, optionally more sheets, a formula
 * cell whose cached result differs from what the formula would compute (never evaluated).
 */
let h: Harness;
let tokenA: string;
let communityA: number;

type Cell = string | number | Date | null | { f: string; v: number };
function xls(rows: Cell[][], header: readonly string[], extraSheets = 0): Buffer {
  const ws = XLSX.utils.aoa_to_sheet(
    [[...header], ...rows.map((r) => r.map((c) => (c !== null && typeof c === 'object' && 'f' in c ? null : c)))],
    {
      cellDates: true,
    },
  );
  for (const [i, r] of rows.entries()) {
    for (const [j, c] of r.entries()) {
      if (c !== null && typeof c === 'object' && 'f' in c) ws[XLSX.utils.encode_cell({ r: i + 1, c: j })] = { t: 'n', v: c.v, f: c.f };
    }
  }
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, 'data');
  for (let i = 0; i < extraSheets; i++) XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['x']]), `extra${i}`);
  return XLSX.write(wb, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}
const liftRow = (v: Partial<Record<(typeof LIFT_IMPORT_COLUMNS)[number], Cell>>) => LIFT_IMPORT_COLUMNS.map((c) => v[c] ?? null);
const simRow = (v: Partial<Record<(typeof SIM_IMPORT_COLUMNS)[number], Cell>>) => SIM_IMPORT_COLUMNS.map((c) => v[c] ?? null);

beforeAll(async () => {
  h = await startHarness();
  const db = h.handle.db;
  const a = await makeCompany(db, 'Xls A');
  const b = await makeCompany(db, 'Xls B');
  communityA = await makeCommunity(db, a, 'Xls Garden');
  tokenA = (await makeUser(db, a, ALL_URIS, { language: 'en-US' })).token;
  for (const t of ['T2000001', 'T2000002', 'T2000003']) await makeTerminal(db, t, 't', a);
  await makeTerminal(db, 'TB200001', 't', b);
  await client(h, tokenA).post('/device/add', { name: 'Existing', code: 'XLS-EXIST', positive_floors: 5, terminal_id: 'T2000003' });
}, 120_000);
afterAll(async () => h?.close());

describe('xls import', () => {
  it('imports lifts from xls: good rows, bad rows, duplicates in the file and in the database', async () => {
    const file = xls(
      [
        liftRow({
          name: 'Xls 1',
          code: 'XLS-1',
          terminal_id: 'T2000001',
          community_id: communityA,
          j_floors: '-1,1,2,3',
          j_alarm_charger: '张三:13800000000',
          speed: 1.5,
          load: { f: '500+500', v: 630 }, // cached result is read, the formula is not evaluated
        }),
        liftRow({ name: 'Xls 2', code: 'XLS-2', j_floors: '1,2,3,4,5', is_through_door: 1 }),
        liftRow({ name: 'Dup code', code: 'XLS-1', j_floors: '1,2' }), // row 4
        liftRow({ name: 'Bad floors', code: 'XLS-4', j_floors: '1,B2' }), // row 5
        [], // blank row 6: skipped
        liftRow({ name: 'Bound', code: 'XLS-6', j_floors: '1,2', terminal_id: 'T2000003' }), // row 7: bound in DB
        liftRow({ name: 'Dup terminal', code: 'XLS-7', j_floors: '1,2', terminal_id: 'T2000001' }), // row 8
        liftRow({ name: 'Foreign terminal', code: 'XLS-8', j_floors: '1,2', terminal_id: 'TB200001' }), // row 9
        liftRow({ name: 'Existing code', code: 'XLS-EXIST', j_floors: '1,2' }), // row 10
        liftRow({ name: 'Xls 3', code: 'XLS-10', j_floors: '[1,2,3]', terminal_id: 'T2000002' }),
      ],
      LIFT_IMPORT_COLUMNS,
    );
    const r = await upload(h, tokenA, '/device/import', {}, { name: 'lifts.XLS', content: file });
    expect(r.status).toBe(200);
    const { job } = await waitJob(h, tokenA, r.body.data.id);
    expect(job).toMatchObject({ status: 'done', total: 9, ok_count: 3, fail_count: 6, code: 4050, bound_rows: [7] });
    const byRow = Object.fromEntries(job.errors.map((e: { row: number; code: number }) => [e.row, e.code]));
    expect(byRow).toEqual({ 4: 4062, 5: 4049, 7: 4043, 8: 4043, 9: 4061, 10: 4062 });
    const list = (await client(h, tokenA).get('/device/list?keyword=XLS-&size=24')).body.data;
    expect(list.list.map((l: { code: string }) => l.code).sort()).toEqual(['XLS-1', 'XLS-10', 'XLS-2', 'XLS-EXIST']);
    const one = list.list.find((l: { code: string }) => l.code === 'XLS-1');
    expect(one).toMatchObject({ community_id: communityA, terminal_id: 'T2000001', total_floors: 4, speed: 1.5, load: 630 });
    expect(one.j_alarm_charger).toEqual([{ name: '张三', mobile: '13800000000' }]);
    expect(list.list.find((l: { code: string }) => l.code === 'XLS-2')).toMatchObject({ is_through_door: true });
  });

  it('imports SIMs from xls with the per-row report (numbers and dates as cells)', async () => {
    const file = xls(
      [
        simRow({
          imsi: 460002222222299,
          bs_number: 1440222222299,
          carrier: '中国移动',
          state: 'normal',
          net_type: '4G',
          open_date: new Date(2026, 0, 5),
          traffic_expire: '2099-01-01',
          package: '5G pack',
          traffic_total_mb: 1000,
          traffic_used_mb: 0,
        }),
        simRow({ imsi: '460002222222299' }), // duplicate IMSI in the file
        simRow({ imsi: '460013333333399', bs_number: '13800000000' }), // IMSI unicom, BS mobile
        simRow({ imsi: '123' }),
      ],
      SIM_IMPORT_COLUMNS,
    );
    const r = await upload(h, tokenA, '/device/sim/import', {}, { name: 'sims.xls', content: file });
    const { job } = await waitJob(h, tokenA, r.body.data.id);
    expect(job).toMatchObject({ status: 'done', ok_count: 1, fail_count: 3 });
    expect(job.errors.map((e: { row: number; code: number }) => [e.row, e.code])).toEqual([
      [3, 4096],
      [4, 4095],
      [5, 4150],
    ]);
    const sim = (await client(h, tokenA).get('/device/sim/list?keyword=460002222222299')).body.data.list[0];
    expect(sim).toMatchObject({ imsi: '460002222222299', bs_number: '1440222222299', package: '5G pack', traffic_total_mb: 1000 });
    expect(String(sim.open_date)).toContain('2026-01-05');
  });

  it('guards untrusted xls: not BIFF, too large, too many sheets, unreadable, too many rows → 4048/4152', async () => {
    const notBiff = await upload(h, tokenA, '/device/import', {}, { name: 'x.xls', content: Buffer.from('name,code\nA,B\n') });
    expect(notBiff.body).toMatchObject({ code: 4048, detail: { reason: 'xls_not_biff' } });

    const big = Buffer.alloc(XLS_MAX_BYTES + 1);
    Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(big);
    const tooBig = await upload(h, tokenA, '/device/import', {}, { name: 'big.xls', content: big });
    expect(tooBig.body).toMatchObject({ code: 4048, detail: { reason: 'size' } });

    const sheets = await upload(h, tokenA, '/device/import', {}, { name: 's.xls', content: xls([], LIFT_IMPORT_COLUMNS, XLS_MAX_SHEETS) });
    expect((await waitJob(h, tokenA, sheets.body.data.id)).job).toMatchObject({ status: 'failed', code: 4048 });

    const garbage = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(4096, 0x41)]);
    const broken = await upload(h, tokenA, '/device/import', {}, { name: 'broken.xls', content: garbage });
    expect((await waitJob(h, tokenA, broken.body.data.id)).job).toMatchObject({ status: 'failed', code: 4048 });

    const noCols = await upload(h, tokenA, '/device/sim/import', {}, { name: 'c.xls', content: xls([['1']], ['foo']) });
    expect((await waitJob(h, tokenA, noCols.body.data.id)).job).toMatchObject({ status: 'failed', code: 4048 });

    const many = xls(
      Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => [`4600${String(i).padStart(11, '0')}`]),
      ['imsi'],
    );
    const rows = await upload(h, tokenA, '/device/sim/import', {}, { name: 'many.xls', content: many });
    expect((await waitJob(h, tokenA, rows.body.data.id)).job).toMatchObject({ status: 'failed', code: 4152, ok_count: 0 });
  }, 120_000);
});
