import { z } from 'zod';
import { ORG_NAME_PATTERN } from '../api/organizations.js';
import { calendarDay, isCalendarDay, shiftDay } from '../calendar.js';
import { DOB_EARLIEST_DAYS, PHONE_DIGITS } from '../constants.js';
import { MSG } from '../messages.js';
import { emailField, passwordStrength } from '../validators.js';

/**
 * The new admin form (001 §2.8, §5), one declaration for the dialog and the server: the same schema validates the
 * dialog's submit and parses the body of rpm/users/add. Messages are the submit texts of 001 §5; the live texts
 * under the fields come from {@link liveFieldError}.
 */

/** Longest first or last name (a limit of ours; the spec gives none). */
const PERSON_NAME_MAX = 60;
/** Longest password the server hashes. */
const PASSWORD_MAX = 256;

const TEN_DIGITS = new RegExp(`^\\d{${PHONE_DIGITS}}$`);

/** Names allow letters, digits, comma, hyphen, period and space (001 §5; the organisation-name rule of 000 §5). */
const personName = (submitText: string) =>
  z.string().trim().min(1, MSG.required).max(PERSON_NAME_MAX).regex(ORG_NAME_PATTERN, submitText);

/** A number sent as ten digits, or empty when optional (001 §5). */
const phoneNumber = (submitText: string, required: boolean) =>
  required
    ? z.string().min(1, MSG.required).regex(TEN_DIGITS, submitText)
    : z.string().refine((v) => v === '' || TEN_DIGITS.test(v), submitText);

/** The name, contact and birth date of a staff member (the add and edit forms). */
export const personFields = {
  firstname: personName(MSG.firstNameSpecialChars),
  lastname: personName(MSG.lastNameSpecialChars),
  /** YYYY-MM-DD; the range against today is {@link dobInRange}, checked where today is known. */
  dob: z.string().min(1, MSG.required).pipe(calendarDay(MSG.invalidDob)),
  phone: phoneNumber(MSG.invalidPhone, false),
  mobile: phoneNumber(MSG.invalidMobile, true),
  fax: phoneNumber(MSG.invalidFax, false),
};

/** A new password: 'Required', then strength 0 blocks with 'Password should contain more than 6 characters'. */
export const newPassword = z
  .string()
  .min(1, MSG.required)
  .max(PASSWORD_MAX)
  .refine((p) => passwordStrength(p) > 0, MSG.passwordTooShort);

/** The user name: an e-mail address, lower-cased (001 §3, §5). */
export const usernameField = emailField()
  .max(254)
  .transform((v) => v.toLowerCase());

/** A DOB is valid between about 47450 days back and today (001 §5, §9). `today` is YYYY-MM-DD. */
export function dobInRange(dob: string, today: string): boolean {
  if (!isCalendarDay(dob)) return false;
  return dob >= shiftDay(today, -DOB_EARLIEST_DAYS) && dob <= today;
}

/** Only the digits of a typed number, at most ten. */
export function phoneDigitsOf(text: string): string {
  return text.replace(/\D/g, '').slice(0, PHONE_DIGITS);
}

/** The mask '(999) 999-9999' over the digits typed so far. */
export function formatPhone(digits: string): string {
  const d = phoneDigitsOf(digits);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** A field of the form with a live message. */
export type LiveField =
  | 'firstname'
  | 'lastname'
  | 'dob'
  | 'phone'
  | 'mobile'
  | 'fax'
  | 'username'
  | 'password';

const REQUIRED_FIELDS: ReadonlySet<LiveField> = new Set([
  'firstname',
  'lastname',
  'dob',
  'mobile',
  'username',
  'password',
]);

/**
 * The message under a field as the user leaves it (001 §5, §8): 'Required', 'Invalid Name', 'Invalid number',
 * 'Invalid DOB', 'Invalid email'; null when fine. Phone values are the digits.
 */
export function liveFieldError(field: LiveField, value: string, today: string): string | null {
  if (value.trim() === '') return REQUIRED_FIELDS.has(field) ? MSG.required : null;
  switch (field) {
    case 'firstname':
    case 'lastname':
      return ORG_NAME_PATTERN.test(value.trim()) ? null : MSG.invalidName;
    case 'phone':
    case 'mobile':
    case 'fax':
      return TEN_DIGITS.test(value) ? null : MSG.invalidNumber;
    case 'dob':
      return dobInRange(value, today) ? null : MSG.invalidDob;
    case 'username':
      return usernameField.safeParse(value).success ? null : MSG.invalidEmail;
    case 'password':
      return null;
  }
}
