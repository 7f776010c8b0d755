import { describe, expect, it } from 'vitest';
import { ZERO_BILLING_COUNTS } from '../test/fixtures';
import { type BillingCounts, countBars, noCounts } from './billing-counts';

const zero = ZERO_BILLING_COUNTS;

describe('countBars (001 §3 billing count summary)', () => {
  it('lists every code in billing order with the report column names', () => {
    expect(countBars(zero).map((bar) => `${bar.code} ${bar.label}`)).toEqual([
      '99453 Setup',
      '99454 16 Days Readings',
      '99457 RPM Time-20 mins',
      '99458 RPM Time-40 mins',
      '99458 RPM Time-60 mins',
      '98980 RTM Time-20 mins',
      '98981 RTM Time-40 mins',
      '98981 RTM Time-60 mins',
    ]);
  });

  it.each<[string, Partial<BillingCounts>, Record<string, number>]>([
    ['all zero: no bar', {}, { count99453: 0, count99454: 0 }],
    [
      'the largest is full length',
      { count99454: 40, count99457: 10 },
      { count99454: 1, count99457: 0.25, count99453: 0 },
    ],
    ['a single count is full length', { count98981_60Mins: 3 }, { count98981_60Mins: 1, count99454: 0 }],
    ['equal counts are equal', { count99453: 7, count99457: 7 }, { count99453: 1, count99457: 1 }],
  ])('%s', (_, counts, shares) => {
    const bars = countBars({ ...zero, ...counts });
    for (const [key, share] of Object.entries(shares)) {
      expect(bars.find((bar) => bar.key === key)?.share).toBe(share);
    }
  });

  it.each([
    [{}, true],
    [{ count98980: 1 }, false],
  ])('noCounts(%j) is %s', (counts, none) => {
    expect(noCounts({ ...zero, ...counts })).toBe(none);
  });
});
