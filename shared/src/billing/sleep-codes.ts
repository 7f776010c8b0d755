import type { SleepStudyKind } from '../lists/sleep.js';
import type { SleepConsultTypeCode } from '../lists/sleep-schedule.js';

/**
 * The CPT codes of sleep medicine the sleep billing reports and HST Billing Configuration use
 * (decisions.md "Sleep CPT codes"). Descriptions after the AMA CPT code set:
 * - 95800 home sleep test with heart rate, oxygen saturation, respiratory analysis and sleep time;
 * - 95806 home sleep test with heart rate, oxygen saturation, respiratory airflow and effort (no sleep time);
 * - 95810 attended polysomnography, 6 or more parameters of sleep;
 * - 95811 attended polysomnography with CPAP titration;
 * - 94762 overnight continuous pulse oximetry;
 * - 94010 spirometry;
 * - 99204/99205 office visit of a new patient, moderate/high complexity; 99213/99214 of an established patient,
 *   low/moderate complexity; E0486 custom-fabricated oral appliance (HCPCS), billed when inserted.
 */
export const SLEEP_CPT_CODES = {
  '95800': 'Home sleep test with sleep time',
  '95806': 'Home sleep test without sleep time',
  '95810': 'Polysomnography, attended',
  '95811': 'Polysomnography with CPAP titration',
  '94762': 'Overnight pulse oximetry',
  '94010': 'Spirometry',
  '99204': 'Office visit, new patient, moderate complexity',
  '99205': 'Office visit, new patient, high complexity',
  '99213': 'Office visit, established patient, low complexity',
  '99214': 'Office visit, established patient, moderate complexity',
  E0486: 'Oral appliance, custom fabricated',
} as const;
export type SleepCptCode = keyof typeof SLEEP_CPT_CODES;
export const SLEEP_CPT_CODE_LIST = Object.keys(SLEEP_CPT_CODES) as SleepCptCode[];

/** The code a study of each kind bills (the product records HSTs with sleep time and diagnostic PSGs). */
export const SLEEP_STUDY_CPT: Readonly<Record<SleepStudyKind, SleepCptCode>> = {
  hst: '95800',
  psg: '95810',
  oximetry: '94762',
  spirometry: '94010',
};

/**
 * The code a completed consult of each type bills (001 §2.4 consult types; decisions.md "Sleep billing types"): an
 * evaluation is a new patient's visit, one with the study's impression too is the more complex one; reviewing the
 * impression and following up are established patients' visits; an insertion bills the oral appliance.
 */
export const SLEEP_CONSULT_CPT: Readonly<Record<SleepConsultTypeCode, SleepCptCode>> = {
  1: '99204',
  2: '99213',
  3: '99205',
  4: 'E0486',
  5: '99214',
};

/** Highest price of one code in HST Billing Configuration, in dollars (the table's limit in cents). */
export const SLEEP_PRICE_MAX_USD = 1_000_000;

/** Sleep Billing Report types (001 §2.4): 1 HST, 2 Interpretation, 3 Consultation (completed sleep consults). */
export const SLEEP_BILLING_TYPES = { '1': 'HST', '2': 'Interpretation', '3': 'Consultation' } as const;
export type SleepBillingType = keyof typeof SLEEP_BILLING_TYPES;

/** Lowest roles that may see types 2 and 3 (001 §2.4). */
const PHYSICIAN_TYPE_ROLES: readonly number[] = [1, 10, 17, 11, 16];
/** The lowest role type 1 is hidden from (001 §2.4). */
const HST_TYPE_HIDDEN_ROLE = 16;

/** The Sleep Billing Report types a user of lowest role `role` may see (001 §2.4). */
export function sleepBillingTypesFor(role: number | undefined): SleepBillingType[] {
  const types: SleepBillingType[] = [];
  if (role !== HST_TYPE_HIDDEN_ROLE) types.push('1');
  if (role !== undefined && PHYSICIAN_TYPE_ROLES.includes(role)) types.push('2', '3');
  return types;
}
