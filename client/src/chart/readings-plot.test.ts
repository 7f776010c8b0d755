import { describe, expect, it } from 'vitest';
import { type ChartBounds, type ChartPoint, plotModel } from './readings-plot';

const bp: ChartBounds = {
  kind: 'thresholds',
  thresholds: { critical_low: 80, abnormal_low: 90, abnormal_high: 140, critical_high: 160 },
};
const at = (iso: string, value: number, level: ChartPoint['level'] = null): ChartPoint => ({
  t: Date.parse(iso),
  value,
  level,
});
const seconds = (iso: string) => Date.parse(iso) / 1000;

describe('readings plot (001 §2.6; issue 41 §3)', () => {
  it('draws nothing without a reading in the days', () => {
    expect(plotModel([], bp, '2027-02-01', '2027-02-28')).toBeNull();
    expect(plotModel([at('2027-01-31T23:59:00Z', 120)], bp, '2027-02-01', '2027-02-28')).toBeNull();
  });

  it('spans the chosen days with one reading, and a narrow value axis around it', () => {
    const model = plotModel([at('2027-02-14T08:00:00Z', 120)], null, '2027-02-01', '2027-02-28');
    // From 00:00 of the first day to the end of the last, not the reading's own instant stretched by uPlot.
    expect(model?.x).toEqual([seconds('2027-02-01T00:00:00Z'), seconds('2027-03-01T00:00:00Z')]);
    expect(model?.y).toEqual([117, 123]);
    expect(model?.bands).toEqual([]);
    expect(model?.data).toEqual([[seconds('2027-02-14T08:00:00Z')], [120], [120], [null], [null]]);
  });

  it('leaves out readings outside the days', () => {
    const model = plotModel(
      [
        at('2027-01-31T23:59:59Z', 300),
        at('2027-02-01T00:00:00Z', 120),
        at('2027-02-28T23:59:59Z', 130),
        at('2027-03-01T00:00:00Z', 10),
      ],
      null,
      '2027-02-01',
      '2027-02-28',
    );
    expect(model?.data[1]).toEqual([120, 130]);
    // The axis fits the readings shown: neither 300 nor 10.
    expect(model?.y).toEqual([119, 131]);
  });

  it('fits the readings and every bound with headroom, not from 0, and draws the zones beyond the bounds', () => {
    const model = plotModel([at('2027-02-02T08:00:00Z', 200, 'critical')], bp, '2027-02-01', '2027-02-28');
    expect(model?.y).toEqual([68, 212]);
    expect(model?.bands).toEqual([
      { from: 68, to: 80, level: 'critical' },
      { from: 80, to: 90, level: 'abnormal' },
      { from: 140, to: 160, level: 'abnormal' },
      { from: 160, to: 212, level: 'critical' },
    ]);
  });

  it('draws no high zones for spo2', () => {
    const spo2: ChartBounds = {
      kind: 'thresholds',
      thresholds: { critical_low: 85, abnormal_low: 90, abnormal_high: null, critical_high: null },
    };
    const model = plotModel([at('2027-02-02T08:00:00Z', 97)], spo2, '2027-02-01', '2027-02-28');
    expect(model?.bands.map((b) => [b.to, b.level])).toEqual([
      [85, 'critical'],
      [90, 'abnormal'],
    ]);
    expect(model?.y[1]).toBeCloseTo(98.2);
  });

  it('shows a 3 lb gain on a weight near 250 lbs as a clear part of the axis', () => {
    const scale: ChartBounds = { kind: 'weight', dry_weight: 248, gain: 3, loss: 5 };
    const model = plotModel(
      [
        at('2027-02-02T08:00:00Z', 248),
        at('2027-02-03T08:00:00Z', 249.5),
        at('2027-02-04T08:00:00Z', 251.5, 'abnormal'),
      ],
      scale,
      '2027-02-01',
      '2027-02-28',
    );
    const [lo, hi] = model?.y ?? [0, 0];
    expect(lo).toBeGreaterThan(235);
    expect(hi).toBeLessThan(256);
    expect(3 / (hi - lo)).toBeGreaterThan(0.1);
    // Abnormal beyond the loss and the gain; the dry weight as a line.
    expect(model?.bands).toEqual([
      { from: lo, to: 243, level: 'abnormal' },
      { from: 251, to: hi, level: 'abnormal' },
    ]);
    expect(model?.lines).toEqual([248]);
  });

  it('fits weights without a rule to themselves', () => {
    const model = plotModel(
      [at('2027-02-02T08:00:00Z', 248), at('2027-02-03T08:00:00Z', 251)],
      null,
      '2027-02-01',
      '2027-02-28',
    );
    const [lo, hi] = model?.y ?? [0, 0];
    expect(3 / (hi - lo)).toBeGreaterThan(0.1);
    expect(model?.lines).toEqual([]);
  });

  it('sorts by time and splits the dots by alert level', () => {
    const model = plotModel(
      [
        at('2027-02-03T00:00:00Z', 145, 'abnormal'),
        at('2027-02-01T00:00:00Z', 120),
        at('2027-02-02T00:00:00Z', 170, 'critical'),
      ],
      bp,
      '2027-02-01',
      '2027-02-28',
    );
    expect(model?.data).toEqual([
      [seconds('2027-02-01T00:00:00Z'), seconds('2027-02-02T00:00:00Z'), seconds('2027-02-03T00:00:00Z')],
      [120, 170, 145],
      [120, null, null],
      [null, null, 145],
      [null, 170, null],
    ]);
  });
});
