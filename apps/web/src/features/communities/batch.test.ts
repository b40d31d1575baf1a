import { describe, expect, it } from 'vitest';
import { checkBatch } from './batch.ts';

describe('checkBatch (mirrors the server, SPEC.md §5)', () => {
  it('names every number of every range with prefix and suffix', () => {
    expect(
      checkBatch(
        {
          ranges: [
            { start: 1, end: 3 },
            { start: 7, end: 7 },
          ],
          prefix: ' B',
          suffix: '栋 ',
        },
        [],
      ),
    ).toEqual({
      ok: true,
      names: ['B1栋', 'B2栋', 'B3栋', 'B7栋'],
    });
  });
  it('refuses an end below the start', () => {
    expect(checkBatch({ ranges: [{ start: 5, end: 2 }] }, [])).toMatchObject({ ok: false, problem: 'endBeforeStart', range: 0 });
  });
  it('refuses a number in two ranges', () => {
    expect(
      checkBatch(
        {
          ranges: [
            { start: 1, end: 5 },
            { start: 5, end: 6 },
          ],
        },
        [],
      ),
    ).toMatchObject({ ok: false, problem: 'numberTwice', range: 1, number: 5 });
  });
  it('refuses names that already exist', () => {
    expect(checkBatch({ ranges: [{ start: 1, end: 3 }], suffix: '单元' }, ['2单元', '9单元'])).toMatchObject({
      ok: false,
      problem: 'nameExists',
      names: ['2单元'],
    });
  });
  it('refuses missing numbers, no ranges, and more than the batch maximum', () => {
    expect(checkBatch({ ranges: [] }, [])).toMatchObject({ ok: false, problem: 'empty' });
    expect(checkBatch({ ranges: [{ start: 1, end: null }] }, [])).toMatchObject({ ok: false, problem: 'empty', range: 0 });
    expect(checkBatch({ ranges: [{ start: 0, end: 500 }] }, [])).toMatchObject({ ok: false, problem: 'tooMany' });
  });
});
