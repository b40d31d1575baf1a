import { checkPassword, isEmail, isPhone, isUsername } from '@liftguard/contract/validators';

/** SPEC.md §5 field rules for the user form, on the contract's validators. Answers an i18n key or null. */
export type UserFields = { username?: string; mobile?: string | null; email?: string | null; password?: string };

export function usernameProblem(v: string | undefined): string | null {
  if (!v?.trim()) return 'org.validate.required';
  return isUsername(v.trim()) ? null : 'org.user.badUsername';
}

export function mobileProblem(v: string | null | undefined): string | null {
  return v?.trim() && !isPhone(v.trim()) ? 'org.user.badMobile' : null;
}

export function emailProblem(v: string | null | undefined): string | null {
  return v?.trim() && !isEmail(v.trim()) ? 'org.user.badEmail' : null;
}

/** A phone number or an email is required (either one). */
export function contactProblem(f: UserFields): string | null {
  return f.mobile?.trim() || f.email?.trim() ? null : 'org.user.needContact';
}

/** Required when creating; when editing an empty password keeps the old one. */
export function passwordProblem(v: string | undefined, creating: boolean): string | null {
  if (!v && !creating) return null;
  const p = checkPassword(v);
  return p ? `auth.password.${p}` : null;
}
