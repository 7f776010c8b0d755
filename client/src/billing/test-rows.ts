import { type BillingRow, billingDaysReadings, MSG, PRODUCT } from '@rpm/shared';
import { listPatientOf } from '../test/fixtures';

/** The code column names as the server sends them (001 §3). */
const CODE_COLUMNS = [
  MSG.codeSetup,
  billingDaysReadings(),
  MSG.codeRpmTime20,
  MSG.codeRpmTime40,
  MSG.codeRpmTime60,
];

/** A billing row for component tests; override what a test needs. */
export function billingRow(overrides: Partial<BillingRow> = {}): BillingRow {
  const id = overrides.patient_id ?? 1001;
  return {
    patient_id: id,
    patient_name: `Doe ${id}, Jane`,
    patient: listPatientOf(id, `Doe ${id}, Jane`, { dob: '1950-04-02' }),
    dob: '1950-04-02',
    diagnosis_code: 'I10',
    assigned_date: '2025-01-15',
    auth_number: `AUTH-${id}`,
    setup_cpt: null,
    compliance_cpt: '99454',
    activity_time_cpt: '99457',
    more_activity_time_cpt: null,
    activity_time_60_cpt: null,
    codes: { [billingDaysReadings()]: '99454', [MSG.codeRpmTime20]: '99457' },
    not_billable: null,
    [`${PRODUCT}_claim`]: 0,
    [`${PRODUCT}_claim_date`]: null,
    patients_cpt_id: id * 10,
    amount: 98.5,
    ...overrides,
  } as BillingRow;
}

/** A getBillingDetails answer holding `rows`. */
export function billingPage(rows: BillingRow[], count = rows.length, total = 0) {
  return { status: 1, data: rows, columns: CODE_COLUMNS, count, total };
}
