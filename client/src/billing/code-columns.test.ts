import type { BillingRow } from '@rpm/shared';
import { describe, expect, it } from 'vitest';
import { codeCell } from './code-columns';
import { billingRow } from './test-rows';

const row: BillingRow = billingRow({
  codes: { Setup: '99453', '16 Days Readings': '99454', '99470 RPM management 10-19 min': '99470' },
});

describe('codeCell (001 §3: the server names the code columns and fills their cells)', () => {
  it.each([
    ['Setup', '99453'],
    ['16 Days Readings', '99454'],
    ['99470 RPM management 10-19 min', '99470'],
    ['RPM Time-20 mins', ''],
    ['A column this client does not know', ''],
  ])('%s shows %j', (column, text) => {
    expect(codeCell(row, column)).toBe(text);
  });
});
