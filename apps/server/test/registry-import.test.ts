import { LIFT_IMPORT_COLUMNS } from '@liftguard/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.ts';
import { ALL_URIS, client, makeCommunity, makeCompany, makeTerminal, makeUser, upload, waitJob } from './registry-helper.ts';

let h: Harness;
let tokenA: string;
let tokenB: string;
let communityA: number;
let communityB: number;

async function xlsx(rows: unknown[][], header: readonly string[] = LIFT_IMPORT_COLUMNS): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('lifts');
  ws.addRow([...header]);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const rowOf = (v: Partial<Record<(typeof LIFT_IMPORT_COLUMNS)[number], unknown>>) => LIFT_IMPORT_COLUMNS.map((c) => v[c] ?? '');

beforeAll(async () => {
  h = await startHarness();
  const db = h.handle.db;
  const a = await makeCompany(db, 'Importer A');
  const b = await makeCompany(db, 'Importer B');
  communityA = await makeCommunity(db, a, 'Import Garden');
  communityB = await makeCommunity(db, b, 'Other Garden');
  tokenA = (await makeUser(db, a, ALL_URIS, { language: 'zh-CN' })).token;
  tokenB = (await makeUser(db, b, ALL_URIS)).token;
  for (const t of ['T1000001', 'T1000002', 'T1000003', 'T1000004']) await makeTerminal(db, t, 't', a);
  await makeTerminal(db, 'TB100001', 't', b);
  // T1000004 is already bound to an existing lift
  await client(h, tokenA).post('/device/add', { name: 'Existing', code: 'IMP-EXIST', positive_floors: 5, terminal_id: 'T1000004' });
}, 120_000);
afterAll(async () => h?.close());

describe('lift import', () => {
  it('serves an xlsx template with the SPEC import columns', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/device/import/template', headers: { authorization: `Bearer ${tokenA}` } });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const header = ((wb.worksheets[0]?.getRow(1).values ?? []) as unknown[]).slice(1);
    expect(header).toEqual([...LIFT_IMPORT_COLUMNS]);
  });

  it('imports good rows and reports bad rows and duplicates per row, in the caller language', async () => {
    const file = await xlsx([
      rowOf({
        name: 'Good 1',
        code: 'IMP-1',
        terminal_id: 'T1000001',
        community_id: communityA,
        j_floors: '-1,1,2,3',
        j_alarm_charger: '张三:13800000000',
        speed: 1.5,
        load: 1000,
      }),
      rowOf({ name: 'Good 2', code: 'IMP-2', j_floors: '1,2,3,4,5', is_through_door: '1' }),
      rowOf({ name: 'Dup code', code: 'IMP-1', j_floors: '1,2' }), // row 4: code twice in the file
      rowOf({ name: 'Bad floors', code: 'IMP-4', j_floors: '1,B2' }), // row 5
      rowOf({ name: 'Too many', code: 'IMP-5', j_floors: Array.from({ length: 65 }, (_, i) => i + 1).join(',') }), // row 6
      rowOf({ name: 'Bound', code: 'IMP-6', j_floors: '1,2', terminal_id: 'T1000004' }), // row 7: bound in DB
      rowOf({ name: 'Dup terminal', code: 'IMP-7', j_floors: '1,2', terminal_id: 'T1000001' }), // row 8
      rowOf({ name: 'Foreign community', code: 'IMP-8', j_floors: '1,2', community_id: communityB }), // row 9
      rowOf({ name: 'Foreign terminal', code: 'IMP-9', j_floors: '1,2', terminal_id: 'TB100001' }), // row 10
      rowOf({ name: 'Existing code', code: 'IMP-EXIST', j_floors: '1,2' }), // row 11
      rowOf({ name: 'Bad id', code: 'IMP-11', j_floors: '1,2', terminal_id: 'ZZ1' }), // row 12
      rowOf({ name: 'Three alarm', code: 'IMP-12', j_floors: '1,2', j_alarm_charger: 'a:13800000001;b:13800000002;c:13800000003' }), // row 13
      rowOf({ name: 'Good 3', code: 'IMP-13', j_floors: '[1,2,3]', terminal_id: 'T1000002' }),
    ]);
    const r = await upload(h, tokenA, '/device/import', {}, { name: 'lifts.xlsx', content: file });
    expect(r.status).toBe(200);
    const { job } = await waitJob(h, tokenA, r.body.data.id);
    expect(job.status).toBe('done');
    expect(job.total).toBe(13);
    expect(job.ok_count).toBe(3);
    expect(job.fail_count).toBe(10);
    expect(job.percent).toBe(100);
    const byRow = Object.fromEntries(job.errors.map((e: { row: number; code: number }) => [e.row, e.code]));
    expect(byRow).toEqual({ 4: 4062, 5: 4049, 6: 4140, 7: 4043, 8: 4043, 9: 4032, 10: 4061, 11: 4062, 12: 4145, 13: 4143 });
    expect(job.errors.find((e: { row: number }) => e.row === 5).msg).toBe('楼层必须为数字');
    expect(job.code).toBe(4050);
    expect(job.bound_rows).toEqual([7]);
    const list = (await client(h, tokenA).get('/device/list?keyword=IMP-&size=24')).body.data;
    expect(list.list.map((l: { code: string }) => l.code).sort()).toEqual(['IMP-1', 'IMP-13', 'IMP-2', 'IMP-EXIST']);
    const good1 = list.list.find((l: { code: string }) => l.code === 'IMP-1');
    expect(good1).toMatchObject({ community_id: communityA, terminal_id: 'T1000001', total_floors: 4, speed: 1.5 });
    expect(good1.j_alarm_charger).toEqual([{ name: '张三', mobile: '13800000000' }]);
    // company B cannot read A's job
    expect((await client(h, tokenB).get(`/device/import/progress?id=${r.body.data.id}`)).body.code).toBe(4064);
  });

  it('imports csv with quoted cells', async () => {
    const csv = `\uFEFF${LIFT_IMPORT_COLUMNS.join(',')}\n"Csv, one",CSV-1,,T1000003,,,,"1,2,3",,,0,,,,,"Rua ""A""",\n`;
    const r = await upload(h, tokenA, '/device/import', {}, { name: 'lifts.csv', content: Buffer.from(csv) });
    const { job } = await waitJob(h, tokenA, r.body.data.id);
    expect(job).toMatchObject({ status: 'done', ok_count: 1, fail_count: 0 });
    const l = (await client(h, tokenA).get('/device/list?keyword=CSV-1')).body.data.list[0];
    expect(l).toMatchObject({ name: 'Csv, one', address: 'Rua "A"', terminal_id: 'T1000003', total_floors: 3 });
  });

  it('refuses other file types and a non-BIFF xls with 4048, and a file without the required columns', async () => {
    expect((await upload(h, tokenA, '/device/import', {}, { name: 'x.txt', content: Buffer.from('a') })).body.code).toBe(4048);
    const xls = await upload(h, tokenA, '/device/import', {}, { name: 'x.xls', content: Buffer.from([0xd0, 0xcf, 0x11, 0xe0]) });
    expect(xls.body.code).toBe(4048);
    expect(xls.body.detail.reason).toBe('xls_not_biff');
    const noCols = await upload(h, tokenA, '/device/import', {}, { name: 'x.xlsx', content: await xlsx([['a']], ['foo']) });
    const { job } = await waitJob(h, tokenA, noCols.body.data.id);
    expect(job).toMatchObject({ status: 'failed', code: 4048, msg: '文件错误' });
    const broken = await upload(h, tokenA, '/device/import', {}, { name: 'x.xlsx', content: Buffer.from('not a zip') });
    expect((await waitJob(h, tokenA, broken.body.data.id)).job).toMatchObject({ status: 'failed', code: 4048 });
  });

  it('imports 1,200 rows in chunks with rising progress', async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => rowOf({ name: `Bulk ${i}`, code: `BULK-${i}`, j_floors: '1,2,3,4' }));
    const r = await upload(h, tokenA, '/device/import', {}, { name: 'bulk.xlsx', content: await xlsx(rows) });
    const { job, seen } = await waitJob(h, tokenA, r.body.data.id);
    expect(job).toMatchObject({ status: 'done', ok_count: 1200, fail_count: 0, total: 1200 });
    expect(seen.at(-1)).toBe(100);
    expect((await client(h, tokenA).get('/device/list?keyword=BULK-')).body.data.totalRow).toBe(1200);
  });

  it('exports the filtered list as xlsx', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/device/export?keyword=IMP-',
      headers: { authorization: `Bearer ${tokenA}` },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws?.rowCount).toBe(5);
    const codes = [2, 3, 4, 5].map((i) => String(ws?.getRow(i).getCell(3).value));
    expect(codes.sort()).toEqual(['IMP-1', 'IMP-13', 'IMP-2', 'IMP-EXIST']);
    const resB = await h.app.inject({
      method: 'GET',
      url: '/api/device/export?keyword=IMP-',
      headers: { authorization: `Bearer ${tokenB}` },
    });
    const wbB = new ExcelJS.Workbook();
    await wbB.xlsx.load(resB.rawPayload as unknown as ArrayBuffer);
    expect(wbB.worksheets[0]?.rowCount).toBe(1);
  });
});
