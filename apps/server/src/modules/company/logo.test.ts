import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { checkLogoSize } from './logo.ts';

const codeOf = (fn: () => void) => {
  try {
    fn();
    return null;
  } catch (e) {
    return e instanceof AppError ? e.code : 'other';
  }
};

describe('logo size (about 207×40)', () => {
  it('accepts the nominal size and its retina double', () => {
    expect(codeOf(() => checkLogoSize(207, 40))).toBeNull();
    expect(codeOf(() => checkLogoSize(414, 80))).toBeNull();
  });
  it('refuses squares, banners and tiny or huge images with 4128', () => {
    for (const [w, h] of [
      [40, 40],
      [800, 40],
      [90, 20],
      [1000, 200],
      [207, 0],
    ] as const) {
      expect(codeOf(() => checkLogoSize(w, h))).toBe(4128);
    }
  });
});
