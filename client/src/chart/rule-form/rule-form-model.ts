import type {
  NotificationMode,
  NotificationRule,
  PatientDevice,
  RuleFormField,
  Thresholds,
} from '@rpm/shared';

/** The rule form's state and its parts: the types the reducer and the request builder share (001 §2.2, §4, §5). */

/** One vital's block of Reading Monitoring. */
export interface VitalRow {
  readonly vital_id: number;
  readonly vital_type: string;
  readonly unit: string;
  readonly thresholds: Thresholds;
}

/** An interval unit (getAllIntervals). */
export interface Interval {
  readonly interval_id: number;
  readonly interval_type: string;
  readonly days: number;
}

/** The form's inputs under the payload's names; an empty number input is null. */
export interface RuleFormInputs {
  readonly inventory_id: number | null;
  readonly start_date: string;
  readonly end_date: string;
  readonly interval_id: number | null;
  readonly interval: number | null;
  readonly sms_miss: number | null;
  readonly call_miss: number | null;
  readonly notification_mode: NotificationMode;
  readonly gain: number | null;
  readonly loss: number | null;
  readonly notification_note: string;
}

/** The inputs typed into directly (the device has its own event: it brings its vitals). */
export type TypedInput = Exclude<keyof RuleFormInputs, 'inventory_id'>;

export interface RuleFormState {
  readonly patientId: number;
  /** The signed-in user (created_by); null without a session. */
  readonly userId: number | null;
  readonly mode: 'add' | 'edit';
  /** Today, 'YYYY-MM-DD': the pickers' minimum (001 §5). */
  readonly today: string;
  /** The patient's current devices; null until loaded. */
  readonly devices: readonly PatientDevice[] | null;
  readonly intervals: readonly Interval[];
  /** Each vital's unit (getAllVitals), shown in its block's title. */
  readonly vitalUnits: ReadonlyMap<number, string>;
  /** Edit mode: the rule as loaded. */
  readonly rule: NotificationRule | null;
  readonly inputs: RuleFormInputs;
  readonly vitals: readonly VitalRow[];
  /** Edit mode: the start date is locked until 'Change Start Date' (001 §4). */
  readonly startLocked: boolean;
  readonly errors: Partial<Record<RuleFormField, string>>;
  readonly saving: boolean;
}
