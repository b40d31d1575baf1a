import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { batchNames } from './batch.ts';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof AppError ? e.code : 'other';
  }
  return null;
};

describe('batch building names', () => {
  it('names every number of every range with prefix and suffix', () => {
    expect(
      batchNames(
        {
          ranges: [
            { start: 1, end: 3 },
            { start: 7, end: 7 },
          ],
          prefix: 'B',
          suffix: '栋',
        },
        new Set(),
      ),
    ).toEqual(['B1栋', 'B2栋', 'B3栋', 'B7栋']);
  });

  it('refuses an end below the start, a number twice and an existing name', () => {
    expect(codeOf(() => batchNames({ ranges: [{ start: 5, end: 4 }], prefix: '', suffix: '' }, new Set()))).toBe(4123);
    expect(
      codeOf(() =>
        batchNames(
          {
            ranges: [
              { start: 1, end: 5 },
              { start: 5, end: 6 },
            ],
            prefix: '',
            suffix: '',
          },
          new Set(),
        ),
      ),
    ).toBe(4124);
    expect(codeOf(() => batchNames({ ranges: [{ start: 1, end: 2 }], prefix: 'B', suffix: '' }, new Set(['B2'])))).toBe(4125);
    expect(codeOf(() => batchNames({ ranges: [{ start: 0, end: 500 }], prefix: '', suffix: '' }, new Set()))).toBe(4133);
  });
});
