import { COMPLIANCE_TARGET_DAYS } from '../constants.js';
import type { RpmCodes } from './eligibility.js';

/** The billing row field holding each RPM code column (001 §3 "Billing row"). */
export type BillingCodeField =
  | 'setup_cpt'
  | 'compliance_cpt'
  | 'activity_time_cpt'
  | 'more_activity_time_cpt'
  | 'activity_time_60_cpt';

/** One code column of the billing report: its name as the server sends it, its row field, its rule output. */
export interface BillingCodeColumn {
  readonly name: string;
  readonly field: BillingCodeField;
  readonly code: keyof RpmCodes;
}

/**
 * The code columns in order (001 §3): 'Setup', '{N} Days Readings' with N = COMPLIANCE_TARGET_DAYS (16),
 * 'RPM Time-20 mins', 'RPM Time-40 mins', 'RPM Time-60 mins'.
 */
export const BILLING_CODE_COLUMNS: readonly BillingCodeColumn[] = [
  { name: 'Setup', field: 'setup_cpt', code: 'setup' },
  { name: `${COMPLIANCE_TARGET_DAYS} Days Readings`, field: 'compliance_cpt', code: 'deviceSupply' },
  { name: 'RPM Time-20 mins', field: 'activity_time_cpt', code: 'time20' },
  { name: 'RPM Time-40 mins', field: 'more_activity_time_cpt', code: 'time40' },
  { name: 'RPM Time-60 mins', field: 'activity_time_60_cpt', code: 'time60' },
];

/** The column names the billing calls answer with (`columns` of getBillingDetails). */
export const BILLING_COLUMN_NAMES: readonly string[] = BILLING_CODE_COLUMNS.map((column) => column.name);

/** The first day of a billing month as an ISO day, e.g. billingMonth(2026, 1) = '2026-01-01'. */
export function billingMonth(year: number, month: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
}
