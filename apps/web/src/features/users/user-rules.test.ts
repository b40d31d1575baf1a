import { describe, expect, it } from 'vitest';
import { contactProblem, emailProblem, mobileProblem, passwordProblem, usernameProblem } from './user-rules.ts';

describe('user form rules (SPEC.md §5)', () => {
  it('accepts letters-and-digits usernames only', () => {
    expect(usernameProblem('alice01')).toBeNull();
    expect(usernameProblem('al ice')).toBe('org.user.badUsername');
    expect(usernameProblem('张三')).toBe('org.user.badUsername');
    expect(usernameProblem('')).toBe('org.validate.required');
  });
  it('checks a phone: 11 digits, 1 then 3–9', () => {
    expect(mobileProblem('13812345678')).toBeNull();
    expect(mobileProblem('12812345678')).toBe('org.user.badMobile');
    expect(mobileProblem('1381234567')).toBe('org.user.badMobile');
    expect(mobileProblem('')).toBeNull();
  });
  it('checks a loose email', () => {
    expect(emailProblem('a@b.pt')).toBeNull();
    expect(emailProblem('a@b')).toBe('org.user.badEmail');
  });
  it('needs a phone or an email', () => {
    expect(contactProblem({ mobile: '', email: '' })).toBe('org.user.needContact');
    expect(contactProblem({ mobile: null, email: 'a@b.pt' })).toBeNull();
  });
  it('needs a strong password when creating, none when editing', () => {
    expect(passwordProblem('', true)).toBe('auth.password.required');
    expect(passwordProblem('abc', true)).toBe('auth.password.length');
    expect(passwordProblem('Abcdef1!', true)).toBeNull();
    expect(passwordProblem('', false)).toBeNull();
    expect(passwordProblem('abcdefgh', false)).toBe('auth.password.composition');
  });
});
