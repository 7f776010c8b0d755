import { describe, expect, it } from 'vitest';
import { BILLING_CODE_COLUMNS, BILLING_COLUMN_NAMES, billingMonth } from './columns.js';
import { type DefaultAmount, priceCents, pricesInForce, toCents, toDollars } from './pricing.js';

const AMOUNTS: DefaultAmount[] = [
  { cptCode: '99454', amount: 43.02, effectiveFrom: '2020-01-01' },
  { cptCode: '99454', amount: 47.1, effectiveFrom: '2026-01-01' },
  { cptCode: '99458', amount: 38.49, effectiveFrom: '2020-01-01' },
  { cptCode: '99445', amount: 47.1, effectiveFrom: '2026-01-01' },
];

describe('prices in force', () => {
  it.each([
    ['2019-12-31', undefined, undefined],
    ['2020-01-01', 4302, undefined],
    ['2025-12-31', 4302, undefined],
    ['2026-01-01', 4710, 4710],
    ['2026-11-01', 4710, 4710],
  ])('on %s: 99454 %s cents, 99445 %s cents', (day, p99454, p99445) => {
    const prices = pricesInForce(AMOUNTS, day);
    expect(prices.get('99454')).toBe(p99454);
    expect(prices.get('99445')).toBe(p99445);
  });

  it('does not depend on the order of the rows', () => {
    expect(pricesInForce([...AMOUNTS].reverse(), '2026-02-01')).toEqual(pricesInForce(AMOUNTS, '2026-02-01'));
  });

  it('prices each unit and nothing for null or unknown codes', () => {
    const prices = pricesInForce(AMOUNTS, '2025-06-01');
    expect(priceCents(['99454', '99458', '99458', null, '12345'], prices)).toBe(4302 + 2 * 3849);
  });

  it('adds thousands of rows in cents without drift', () => {
    const prices = new Map([['x', toCents(0.1)]]);
    const cents = priceCents(Array<string>(10_000).fill('x'), prices);
    expect(toDollars(cents)).toBe(1000);
  });
});

describe('report columns', () => {
  it('are the spec names in order, with N = 16', () => {
    expect(BILLING_COLUMN_NAMES).toEqual([
      'Setup',
      '16 Days Readings',
      'RPM Time-20 mins',
      'RPM Time-40 mins',
      'RPM Time-60 mins',
    ]);
    expect(BILLING_CODE_COLUMNS.slice(0, 5).map((column) => column.field)).toEqual([
      'setup_cpt',
      'compliance_cpt',
      'activity_time_cpt',
      'more_activity_time_cpt',
      'activity_time_60_cpt',
    ]);
  });

  it.each([
    [2026, 1, '2026-01-01'],
    [2025, 12, '2025-12-01'],
  ])('billing month %i-%i is %s', (year, month, expected) => {
    expect(billingMonth(year, month)).toBe(expected);
  });
});
