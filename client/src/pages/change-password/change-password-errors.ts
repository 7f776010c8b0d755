import { MSG, passwordStrength } from '@rpm/shared';

/** The three fields of the change-password form (001 §2.7). */
export interface ChangePasswordValues {
  readonly current: string;
  readonly next: string;
  readonly confirm: string;
}

/**
 * Submit validation of the change-password form (001 §5), first message per field: all three 'Required'; the
 * confirmation must equal the new password ('Confirm Password do not match'); a new password of strength 0 is
 * 'New Password too short'; it must differ from the current one ('New Password cannot be same as the previous
 * password').
 */
export function changePasswordErrors(
  values: ChangePasswordValues,
): Partial<Record<keyof ChangePasswordValues, string>> {
  const errors: Partial<Record<keyof ChangePasswordValues, string>> = {};
  if (values.current === '') errors.current = MSG.required;
  if (values.next === '') errors.next = MSG.required;
  if (values.confirm === '') errors.confirm = MSG.required;
  if (values.next !== '' && passwordStrength(values.next) === 0) errors.next = MSG.newPasswordTooShort;
  else if (values.next !== '' && values.next === values.current) errors.next = MSG.newPasswordSame;
  if (values.confirm !== '' && values.confirm !== values.next) errors.confirm = MSG.confirmPasswordMismatch;
  return errors;
}
