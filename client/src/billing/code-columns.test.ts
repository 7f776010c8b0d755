import type { BillingRow } from '@rpm/shared';
import { describe, expect, it } from 'vitest';
import { codeCell } from './code-columns';
import { billingRow } from './test-rows';

const row: BillingRow = billingRow({
  setup_cpt: '99453',
  compliance_cpt: '99454',
  activity_time_cpt: '99470',
  more_activity_time_cpt: null,
  activity_time_60_cpt: null,
});

describe('codeCell (001 §3 code column names)', () => {
  it.each([
    ['Setup', '99453'],
    ['16 Days Readings', '99454'],
    ['RPM Time-20 mins', '99470'],
    ['RPM Time-40 mins', ''],
    ['RPM Time-60 mins', ''],
    ['CCM Time-20 mins', ''],
  ])('%s shows %j', (column, text) => {
    expect(codeCell(row, column)).toBe(text);
  });
});
