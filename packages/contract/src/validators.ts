/** Field rules of SPEC.md §5, shared by server and web. Each returns true when the value is acceptable. */

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 30;
export const PASSWORD_SPECIALS = '!@#$%^&*';

export type PasswordProblem = 'required' | 'spaces' | 'chinese' | 'length' | 'composition';

/** The first rule a password breaks, or null when it meets them all. */
export function checkPassword(value: string | null | undefined): PasswordProblem | null {
  if (!value) return 'required';
  if (/\s/.test(value)) return 'spaces';
  if (/[\u3400-\u9fff\uf900-\ufaff]/.test(value)) return 'chinese';
  if (value.length < PASSWORD_MIN || value.length > PASSWORD_MAX) return 'length';
  const ok = /\d/.test(value) && /[A-Z]/.test(value) && /[a-z]/.test(value) && /[!@#$%^&*]/.test(value);
  return ok ? null : 'composition';
}

export const isStrongPassword = (value: string | null | undefined): boolean => checkPassword(value) === null;

export const PHONE_RE = /^1[3-9]\d{9}$/;
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const USERNAME_RE = /^[A-Za-z0-9]+$/;

export const isPhone = (value: string): boolean => PHONE_RE.test(value);
export const isEmail = (value: string): boolean => EMAIL_RE.test(value);
export const isUsername = (value: string): boolean => USERNAME_RE.test(value);
