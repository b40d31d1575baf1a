import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { checkUserFields } from './service.ts';

const codeOf = (v: Parameters<typeof checkUserFields>[0]) => {
  try {
    checkUserFields(v);
    return null;
  } catch (e) {
    return e instanceof AppError ? e.code : 'other';
  }
};

describe('user field rules (SPEC.md §5)', () => {
  it('accepts letters-and-digits usernames, mainland mobiles and loose emails', () => {
    expect(codeOf({ username: 'Zhang3', mobile: '13912345678', email: 'a@b.cn', password: 'Abc#123' })).toBeNull();
  });
  it('answers the code of the first broken rule', () => {
    expect(codeOf({ username: 'zhang san' })).toBe(4001);
    expect(codeOf({ username: '张三' })).toBe(4001);
    expect(codeOf({ mobile: '12912345678' })).toBe(4098);
    expect(codeOf({ mobile: '1391234567' })).toBe(4098);
    expect(codeOf({ email: 'a@b' })).toBe(4099);
    expect(codeOf({ password: 'abcdef' })).toBe(4013);
    expect(codeOf({ password: 'Ab#1 23' })).toBe(4013);
  });
});
