import { describe, expect, it } from 'vitest';
import {
  SLEEP_BILLING_TYPES,
  SLEEP_CONSULT_CPT,
  SLEEP_CPT_CODES,
  sleepBillingTypesFor,
} from './sleep-codes.js';

describe('Sleep Billing Report types by role (001 §2.4)', () => {
  it('offers types 2 and 3 to roles 1, 10, 17, 11, 16 and hides type 1 from role 16 only', () => {
    expect(SLEEP_BILLING_TYPES).toEqual({ '1': 'HST', '2': 'Interpretation', '3': 'Consultation' });
    for (const role of [1, 10, 17, 11]) expect(sleepBillingTypesFor(role)).toEqual(['1', '2', '3']);
    expect(sleepBillingTypesFor(16)).toEqual(['2', '3']);
    expect(sleepBillingTypesFor(6)).toEqual(['1']);
    expect(sleepBillingTypesFor(undefined)).toEqual(['1']);
  });

  it('bills each consult type with a priced code', () => {
    for (const code of Object.values(SLEEP_CONSULT_CPT)) expect(Object.keys(SLEEP_CPT_CODES)).toContain(code);
  });
});
