import { describe, expect, it } from 'vitest';
import { checkPassword, isEmail, isPhone, isUsername } from './validators.ts';

describe('password rules (SPEC.md §5)', () => {
  it.each([
    ['', 'required'],
    ['Ab1! cdef', 'spaces'],
    ['Ab1!密码', 'chinese'],
    ['Ab1!x', 'length'],
    [`Ab1!${'x'.repeat(27)}`, 'length'],
    ['abcdef1!', 'composition'],
    ['ABCDEF1!', 'composition'],
    ['Abcdefg!', 'composition'],
    ['Abcdef12', 'composition'],
    ['Abcde1?', 'composition'],
  ])('%j breaks %s', (pw, problem) => {
    expect(checkPassword(pw)).toBe(problem);
  });

  it.each(['Abc12!', 'Lift#Guard2026', `Ab1!${'x'.repeat(26)}`])('%j is accepted', (pw) => {
    expect(checkPassword(pw)).toBeNull();
  });
});

describe('field rules', () => {
  it('phone: 11 digits, 1 then 3–9', () => {
    expect(isPhone('13800138000')).toBe(true);
    expect(isPhone('19912345678')).toBe(true);
    expect(isPhone('12800138000')).toBe(false);
    expect(isPhone('1380013800')).toBe(false);
    expect(isPhone('138001380001')).toBe(false);
  });
  it('email: loose local@domain.suffix', () => {
    expect(isEmail('ops@lift.example.com')).toBe(true);
    expect(isEmail('a@b.c')).toBe(true);
    expect(isEmail('no-at.example.com')).toBe(false);
    expect(isEmail('a@nodot')).toBe(false);
  });
  it('username: letters and digits only', () => {
    expect(isUsername('operator01')).toBe(true);
    expect(isUsername('op_01')).toBe(false);
    expect(isUsername('张三')).toBe(false);
  });
});
