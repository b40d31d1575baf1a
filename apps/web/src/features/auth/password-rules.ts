import { checkPassword } from '@liftguard/contract/validators';
import type { TFunction } from 'i18next';

/** antd Form rule enforcing the contract's password rules (SPEC.md §5) with a localised message. */
export const passwordRule = (t: TFunction) => ({
  validator: async (_: unknown, value: string | undefined) => {
    const problem = checkPassword(value);
    if (problem) throw new Error(t(`auth.password.${problem}`));
  },
});

/** Confirm field: must equal the field `other`, otherwise "the two passwords are inconsistent". */
export const confirmRule =
  (t: TFunction, other: string) =>
  ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: async (_: unknown, value: string | undefined) => {
      if (!value) throw new Error(t('auth.password.required'));
      if (value !== getFieldValue(other)) throw new Error(t('auth.password.mismatch'));
    },
  });
