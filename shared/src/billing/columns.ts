import { COMPLIANCE_TARGET_DAYS } from '../constants.js';
import { BILLING_CODES, type BillingProgram } from './program-codes.js';

/** The billing row field holding each spec code column (001 §3 "Billing row"). */
export type BillingCodeField =
  | 'setup_cpt'
  | 'compliance_cpt'
  | 'activity_time_cpt'
  | 'more_activity_time_cpt'
  | 'activity_time_60_cpt';

/** One code column of a billing report: its name as the server sends it and the rules whose code it shows. */
export interface BillingCodeColumn {
  readonly name: string;
  /** The rules (program-codes.ts ids) whose billed code the cell shows. */
  readonly ruleIds: readonly string[];
  /** The cell shows the code once the rule bills at least this many units (99458 at 40, then at 60 minutes). */
  readonly unit: number;
  /** The spec's row field for the column (001 §3), when it has one. */
  readonly field?: BillingCodeField;
}

/**
 * 001 §3's code columns in order: 'Setup', '{N} Days Readings' with N = COMPLIANCE_TARGET_DAYS (16), 'RPM Time-20
 * mins', 'RPM Time-40 mins', 'RPM Time-60 mins', each showing only the code its name says.
 */
const SPEC_COLUMNS: readonly BillingCodeColumn[] = [
  { name: 'Setup', field: 'setup_cpt', ruleIds: ['99453'], unit: 1 },
  { name: `${COMPLIANCE_TARGET_DAYS} Days Readings`, field: 'compliance_cpt', ruleIds: ['99454'], unit: 1 },
  { name: 'RPM Time-20 mins', field: 'activity_time_cpt', ruleIds: ['99457'], unit: 1 },
  { name: 'RPM Time-40 mins', field: 'more_activity_time_cpt', ruleIds: ['99458'], unit: 1 },
  { name: 'RPM Time-60 mins', field: 'activity_time_60_cpt', ruleIds: ['99458'], unit: 2 },
];

/** The column of each further code of the programs: labelled by the code and its short description. */
export function programCodeColumns(programs: readonly BillingProgram[]): BillingCodeColumn[] {
  return BILLING_CODES.filter((rule) => programs.includes(rule.program)).map((rule) => ({
    name: `${rule.code} ${rule.label}`,
    ruleIds: [rule.id],
    unit: 1,
  }));
}

/** The programs each billing report covers; together they cover every program once (the dashboard's total). */
export const REPORT_PROGRAMS = {
  rpm: ['RPM', 'RTM'],
  ccm: ['CCM', 'APCM'],
  pcm: ['PCM'],
  bhi: ['BHI', 'CoCM'],
} as const satisfies Record<string, readonly BillingProgram[]>;

/**
 * The RPM Billing Report's code columns: the spec's five, then every other RPM and RTM code (99445 and 99470 are
 * not '16 Days Readings' nor 'RPM Time-20 mins').
 */
export const BILLING_CODE_COLUMNS: readonly BillingCodeColumn[] = [
  ...SPEC_COLUMNS,
  ...programCodeColumns(REPORT_PROGRAMS.rpm).filter(
    (column) => !SPEC_COLUMNS.some((spec) => spec.ruleIds.includes(column.ruleIds[0] as string)),
  ),
];

/** 001 §3's five code column names (the monthly targets' `columns`; the report's first five). */
export const BILLING_COLUMN_NAMES: readonly string[] = SPEC_COLUMNS.map((column) => column.name);

/** A billed line's text in a cell: the code, with its units when more than one. */
export const codeText = (code: string, units: number) => (units > 1 ? `${code} ×${units}` : code);

/** The first day of a billing month as an ISO day, e.g. billingMonth(2026, 1) = '2026-01-01'. */
export function billingMonth(year: number, month: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
}
