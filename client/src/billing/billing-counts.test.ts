import { describe, expect, it } from 'vitest';
import { ZERO_BILLING_SUMMARY } from '../test/fixtures';
import { countBars, noCounts } from './billing-counts';

const bar = (code: string, program: string, patients: number, units = patients) => ({
  code,
  label: `${code} label`,
  program,
  patients,
  units,
  amount: patients * 10,
});

describe('countBars: one bar per code billed', () => {
  it('keeps the server order and shares of the largest count', () => {
    const bars = countBars({
      codes: [bar('99454', 'RPM', 40), bar('99457', 'RPM', 10), bar('99490', 'CCM', 20)],
    });
    expect(bars.map((b) => [b.code, b.group, b.share])).toEqual([
      ['99454', 'RPM', 1],
      ['99457', 'RPM', 0.25],
      ['99490', 'CCM', 0.5],
    ]);
  });

  it('keys a code by its program (99426 is CCM type 1 and PCM)', () => {
    const bars = countBars({ codes: [bar('99426', 'CCM', 2), bar('99426', 'PCM', 3)] });
    expect(new Set(bars.map((b) => b.key)).size).toBe(2);
  });

  it.each([
    [ZERO_BILLING_SUMMARY.codes, true],
    [[bar('98980', 'RTM', 1)], false],
  ])('noCounts(%j) is %s', (codes, none) => {
    expect(noCounts({ codes })).toBe(none);
  });
});
