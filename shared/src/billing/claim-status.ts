/**
 * A payer's claim-status file, read by Billing Uploads (000 §2.4 'Billing Uploads'; decisions.md "Billing Uploads"):
 * one line per claim line, known by its claim number, code and date of service, paid or denied.
 */

/** A line's status as the payer reports it, and its label. */
export const CLAIM_LINE_STATUSES = { paid: 'Paid', denied: 'Denied' } as const;
export type ClaimLineStatus = keyof typeof CLAIM_LINE_STATUSES;

/** The longest claim number and denial reason kept. */
export const CLAIM_NUMBER_MAX = 40;
export const DENIAL_REASON_MAX = 200;
/** A claim number as kept: letters in capitals, digits and hyphens. */
export const CLAIM_NUMBER = new RegExp(`^[A-Z0-9-]{1,${CLAIM_NUMBER_MAX}}$`);
/** The largest amount of one line, in dollars: a line above it is a typing error, not a charge. */
export const CLAIM_AMOUNT_MAX = 99_999.99;

/**
 * A CPT or HCPCS Level II code: five characters, five digits (99454), four digits and a letter (CPT categories II and
 * III: 1111F, 0488T), or a letter and four digits (HCPCS: G0556).
 */
export const CLAIM_CODE = /^(\d{4}[0-9A-Z]|[A-Z]\d{4})$/;

/** The texts of a line's problems, as the preview names them. */
export const CLAIM_TEXT = {
  claim: `A claim number is 1 to ${CLAIM_NUMBER_MAX} letters, digits or hyphens.`,
  code: 'Write a CPT or HCPCS code of five characters (99454, G0556).',
  date: 'Enter the date of service as MM/DD/YYYY, not in the future.',
  status: "Write 'paid' or 'denied'.",
  amount: 'Write the amount in dollars with at most two decimals (125.50).',
  negative: 'The amount cannot be negative.',
  tooLarge: `The amount is more than $${CLAIM_AMOUNT_MAX.toLocaleString('en-US')}.`,
  reasonRequired: 'Required when the status is denied.',
  reasonOnPaid: 'Leave empty when the status is paid.',
  reasonTooLong: `At most ${DENIAL_REASON_MAX} characters.`,
  noPatient: (mrn: string) => `No patient with MRN ${mrn} in your practices.`,
  severalPatients: (mrn: string, practices: readonly string[]) =>
    `MRN ${mrn} is used in several of your practices (${practices.join(', ')}); this file cannot tell which.`,
  repeated: (line: string, rows: readonly number[]) => `Line ${line} is also in row ${rows.join(', ')}.`,
  notUpdated:
    "This line is recorded with another status or amount; not updated ('Update existing' was not chosen).",
  alreadyResubmitted: 'This line was resubmitted already.',
  notDenied: 'Only a denied line is resubmitted.',
  resubmitted: 'Claim line marked resubmitted.',
} as const;
