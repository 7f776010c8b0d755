import { describe, expect, it } from 'vitest';
import { bandsFor, plotData, valueRange } from './readings-plot';

const bounds = { critical_low: 80, abnormal_low: 90, abnormal_high: 140, critical_high: 160 };

describe('readings plot (001 §2.6)', () => {
  it('shows every reading and bound from 0 with headroom', () => {
    expect(valueRange([{ t: 1, value: 200, level: 'critical' }], bounds)).toEqual([0, 220.00000000000003]);
    expect(valueRange([], null)).toEqual([0, 1.1]);
  });

  it.each([
    [
      'all four bounds',
      bounds,
      [
        { from: 0, to: 80, level: 'critical' },
        { from: 80, to: 90, level: 'abnormal' },
        { from: 140, to: 160, level: 'abnormal' },
        { from: 160, to: 200, level: 'critical' },
      ],
    ],
    [
      'spo2 without high bounds',
      { ...bounds, abnormal_high: null, critical_high: null },
      [
        { from: 0, to: 80, level: 'critical' },
        { from: 80, to: 90, level: 'abnormal' },
      ],
    ],
  ])('draws the zones beyond the bounds: %s', (_, thresholds, expected) => {
    expect(bandsFor(thresholds, [0, 200])).toEqual(expected);
  });

  it('draws no zones without a rule', () => {
    expect(bandsFor(null, [0, 200])).toEqual([]);
  });

  it('sorts by time and splits the dots by alert level', () => {
    expect(
      plotData([
        { t: 3000, value: 145, level: 'abnormal' },
        { t: 1000, value: 120, level: null },
        { t: 2000, value: 170, level: 'critical' },
      ]),
    ).toEqual([
      [1, 2, 3],
      [120, 170, 145],
      [120, null, null],
      [null, null, 145],
      [null, 170, null],
    ]);
  });
});
