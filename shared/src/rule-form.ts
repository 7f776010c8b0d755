import { isCalendarDay } from './calendar.js';
import { RULE_DEFAULT_END_DATE } from './constants.js';
import { MSG } from './messages.js';
import { type ThresholdField, type Thresholds, thresholdProblem, type VitalKind } from './thresholds.js';

/**
 * The notification rule form's submit validation (001 §5 "Notification rule form") and the resume dialog's
 * (001 §2.2, §5), as pure functions the form and the server share. Dates are ISO days, 'YYYY-MM-DD'.
 */

/** The weight-scale device type: gain and loss apply to it (001 §5), monitoring levels do not (001 §2.2). */
export const WEIGHT_DEVICE_TYPE_ID = 2;

/** The messages of 001 §5 the spec does not quote (decisions.md "Rule form messages"). */
export const RULE_FORM_MSG = {
  selectInterval: 'Select an Interval',
  interval: 'Interval must be greater than 0',
  smsMiss: 'Missed SMS days cannot be negative or zero',
  callMiss: 'Missed call days cannot be negative or zero',
  gain: 'Weight gain must be greater than 0',
  loss: 'Weight loss must be greater than 0',
  ivrTooLong: 'IVR Note is too long',
} as const;

/** Characters an IVR note may hold (001 §5; ASCII letters: decisions.md "Rule form limits"). */
export const IVR_NOTE_PATTERN = /^[A-Za-z0-9,\-.;:@$%&<>() ]*$/;

/** Longest IVR note (decisions.md "Rule form limits"). */
export const IVR_NOTE_MAX = 500;

/** Longest run of days for missed-reading outreach (decisions.md "Rule form limits"). */
export const MISS_DAYS_MAX = 365;

/** Largest reading interval count (decisions.md "Rule form limits"). */
export const INTERVAL_MAX = 100;

/** Largest weight gain or loss in lbs (decisions.md "Rule form limits"). */
export const WEIGHT_CHANGE_MAX = 400;

/** Whether an IVR note holds only the allowed characters (001 §5). */
export function isValidIvrNote(note: string): boolean {
  return IVR_NOTE_PATTERN.test(note);
}

/** One vital's block of the form. */
export interface RuleFormVital extends Thresholds {
  readonly vital_id: number;
  readonly kind: VitalKind;
}

/** What the rule form holds when Save is pressed. Empty inputs are null. */
export interface RuleFormValues {
  /** The chosen device (inventory id), null when none is chosen. */
  readonly inventory_id: number | null;
  readonly device_type_id: number | null;
  readonly start_date: string | null;
  readonly end_date: string | null;
  readonly interval_id: number | null;
  readonly interval: number | null;
  readonly sms_miss: number | null;
  readonly call_miss: number | null;
  readonly gain: number | null;
  readonly loss: number | null;
  readonly notification_note: string;
  readonly vitals: readonly RuleFormVital[];
}

/** Where the form is: today's date, and in edit mode whether the start date is still locked (001 §4). */
export interface RuleFormContext {
  /** Today, 'YYYY-MM-DD' (the pickers' minimum, 001 §5). */
  readonly today: string;
  readonly mode: 'add' | 'edit';
  /** Edit mode: true until 'Change Start Date' is pressed; a locked start date may lie in the past. */
  readonly startDateLocked?: boolean;
}

/** A form field, or a vital's bound as `vitals.<vital_id>.<bound>`. */
export type RuleFormField =
  | 'inventory_id'
  | 'start_date'
  | 'end_date'
  | 'interval_id'
  | 'interval'
  | 'sms_miss'
  | 'call_miss'
  | 'gain'
  | 'loss'
  | 'notification_note'
  | `vitals.${number}.${ThresholdField}`;

const positive = (value: number | null, max: number) =>
  value !== null && Number.isFinite(value) && value > 0 && value <= max;
const positiveWhole = (value: number | null, max: number) => positive(value, max) && Number.isInteger(value);

/**
 * The errors of the rule form on submit (001 §5), one message per field; empty when the form may be saved:
 * - no device: 'Select a Device';
 * - a missing or invalid start or end date: 'Invalid Start Date' / 'Invalid End Date'; the pickers' minimum is
 *   today (001 §5), except a start date still locked in edit mode; the end no later than 12/31/2099 (001 §9);
 * - the end not after the start: 'Invalid Date Range' (on end_date);
 * - interval greater than 0; missed-SMS and missed-call days greater than 0 (whole days);
 * - for a weight device, gain and loss greater than 0;
 * - the IVR note may be empty; other characters than the allowed ones: 'Message cannot contain special characters';
 * - each vital's bounds as the threshold auto-correction leaves them (thresholds.ts), the weight device excepted.
 */
export function ruleFormErrors(
  values: RuleFormValues,
  ctx: RuleFormContext,
): Partial<Record<RuleFormField, string>> {
  const errors: Partial<Record<RuleFormField, string>> = {};
  if (values.inventory_id === null) errors.inventory_id = MSG.selectDevice;
  const start = values.start_date;
  const end = values.end_date;
  const startChecked = !(ctx.mode === 'edit' && ctx.startDateLocked !== false);
  if (!isCalendarDay(start) || (startChecked && start < ctx.today)) errors.start_date = MSG.invalidStartDate;
  if (!isCalendarDay(end) || end < ctx.today || end > RULE_DEFAULT_END_DATE)
    errors.end_date = MSG.invalidEndDate;
  else if (isCalendarDay(start) && end <= start) errors.end_date = MSG.invalidDateRange;
  if (values.interval_id === null) errors.interval_id = RULE_FORM_MSG.selectInterval;
  if (!positiveWhole(values.interval, INTERVAL_MAX)) errors.interval = RULE_FORM_MSG.interval;
  if (!positiveWhole(values.sms_miss, MISS_DAYS_MAX)) errors.sms_miss = RULE_FORM_MSG.smsMiss;
  if (!positiveWhole(values.call_miss, MISS_DAYS_MAX)) errors.call_miss = RULE_FORM_MSG.callMiss;
  const weight = values.device_type_id === WEIGHT_DEVICE_TYPE_ID;
  if (weight) {
    if (!positive(values.gain, WEIGHT_CHANGE_MAX)) errors.gain = RULE_FORM_MSG.gain;
    if (!positive(values.loss, WEIGHT_CHANGE_MAX)) errors.loss = RULE_FORM_MSG.loss;
  }
  if (!isValidIvrNote(values.notification_note)) errors.notification_note = MSG.messageSpecialChars;
  else if (values.notification_note.length > IVR_NOTE_MAX)
    errors.notification_note = RULE_FORM_MSG.ivrTooLong;
  if (!weight) {
    for (const vital of values.vitals) {
      const problem = thresholdProblem(vital, vital.kind);
      if (problem) errors[`vitals.${vital.vital_id}.${problem.field}`] = problem.message;
    }
  }
  return errors;
}

/** The resume dialog's dates ('When would you like to resume patient monitoring?', 001 §2.2). */
export interface ResumeDates {
  readonly start_date: string | null;
  readonly end_date: string | null;
}

/**
 * The resume dialog's errors (001 §5): "The resume dialog has a maximum of today; its end must be after its
 * start, else 'Invalid Date'." We read the maximum as the start picker's (monitoring resumes today at the latest):
 * the end date closes the continued rule, and a rule that ended before today would monitor nothing, so the end
 * must be after the start and not before today. Every failure reads 'Invalid Date'.
 */
export function resumeDatesErrors(
  values: ResumeDates,
  today: string,
): Partial<Record<keyof ResumeDates, string>> {
  const errors: Partial<Record<keyof ResumeDates, string>> = {};
  const { start_date: start, end_date: end } = values;
  if (!isCalendarDay(start) || start > today) errors.start_date = MSG.invalidDate;
  if (
    !isCalendarDay(end) ||
    end < today ||
    end > RULE_DEFAULT_END_DATE ||
    (isCalendarDay(start) && end <= start)
  )
    errors.end_date = MSG.invalidDate;
  return errors;
}
