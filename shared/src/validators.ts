import { z } from 'zod';
import {
  PASSWORD_MAX_AGE_DAYS,
  PASSWORD_MIN_GOOD,
  PASSWORD_MIN_STRONG,
  PASSWORD_STRENGTH,
} from './constants.js';
import { MSG } from './messages.js';

/** A basic e-mail address whose top-level domain has 2 to 4 letters (000 §5; decisions.md "Form errors"). */
const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,4}$/i;

/** A text field that must be filled in: 'Required' when absent, not a string, or empty (000 §5). */
const requiredText = () => z.string({ error: MSG.required }).min(1, MSG.required);

/** A required e-mail field: 'Required', then 'Invalid email' (000 §5). */
export const emailField = () => requiredText().regex(EMAIL_PATTERN, MSG.invalidEmail);

/** The sign-in form (000 §2.5, §5). The username is an e-mail address. */
export const signInForm = z.object({
  username: emailField(),
  password: requiredText(),
});

/** The registration form (000 §2.6, §5): everything required, terms ticked, confirmation equal to password. */
export const registrationForm = z
  .object({
    name: requiredText(),
    email: emailField(),
    password: requiredText(),
    passwordConfirm: requiredText(),
    terms: z.literal(true, { error: MSG.required }),
  })
  .refine((v) => v.password === v.passwordConfirm, {
    message: MSG.passwordsDontMatch,
    path: ['passwordConfirm'],
    // Also when another field has an error, so the mismatch shows at once; but not over 'Required'.
    when: (payload) => {
      const v = payload.value as { password?: unknown; passwordConfirm?: unknown } | null;
      return (
        typeof v?.password === 'string' && typeof v.passwordConfirm === 'string' && v.passwordConfirm !== ''
      );
    },
  });

/** The reset-password form (000 §2.6, §5): e-mail required and valid. */
export const resetPasswordForm = z.object({ email: emailField() });

/**
 * The first message per top-level field, `{}` when `values` is valid; an issue with no field is under ''
 * (decisions.md "Form errors").
 */
export function formErrors<T extends z.ZodType>(schema: T, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '';
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * A search text is valid when it is not empty after trimming and holds only letters, digits and spaces (000 §5).
 * Any Unicode letter and decimal digit counts (decisions.md "Menu search").
 */
export function isValidSearch(text: string): boolean {
  return text.trim() !== '' && /^[\p{L}\p{Nd} ]+$/u.test(text);
}

/** Password strength band (001 §5, §9). */
export type PasswordStrength = 0 | 33 | 66 | 100;

/**
 * Password strength (001 §5): Strong (100) has a lowercase letter, an uppercase letter, a digit, a symbol from
 * ! @ # $ % ^ & * and at least 8 characters; Good (66) has two of lower/upper/digit and at least 6; under 6 is
 * Too short (0); anything else is Weak (33). Length counts characters (code points).
 */
export function passwordStrength(password: string): PasswordStrength {
  const length = Array.from(password).length;
  const lower = /[a-z]/.test(password);
  const upper = /[A-Z]/.test(password);
  const digit = /\d/.test(password);
  const symbol = /[!@#$%^&*]/.test(password);
  if (lower && upper && digit && symbol && length >= PASSWORD_MIN_STRONG) return PASSWORD_STRENGTH.strong;
  if (length < PASSWORD_MIN_GOOD) return PASSWORD_STRENGTH.tooShort;
  if ([lower, upper, digit].filter(Boolean).length >= 2) return PASSWORD_STRENGTH.good;
  return PASSWORD_STRENGTH.weak;
}

/** The label of a strength band (001 §5). */
export function passwordStrengthLabel(strength: PasswordStrength): 'Strong' | 'Good' | 'Weak' | 'Too short' {
  switch (strength) {
    case 100:
      return MSG.strengthStrong;
    case 66:
      return MSG.strengthGood;
    case 33:
      return MSG.strengthWeak;
    case 0:
      return MSG.strengthTooShort;
  }
}

/** Whether a password of this age in days gets the change notice: older than 45 days (000 §4.3; 001 §4). */
export function passwordIsOld(ageDays: number): boolean {
  return ageDays > PASSWORD_MAX_AGE_DAYS;
}
