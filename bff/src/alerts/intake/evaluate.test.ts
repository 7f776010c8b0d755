import { describe, expect, it } from 'vitest';
import {
  applySnoozes,
  applySuppressions,
  evaluateMeasurement,
  judgedVitals,
  type MeasuredValue,
  ruleBounds,
  type Suppression,
  weightOf,
} from './evaluate.js';

const bp = (systolic: number, diastolic: number, pulse: number): MeasuredValue[] => [
  { reading_id: 1, vital_id: 1, vital_type: 'systolic', unit: 'mmHg', value: systolic },
  { reading_id: 2, vital_id: 2, vital_type: 'diastolic', unit: 'mmHg', value: diastolic },
  { reading_id: 3, vital_id: 3, vital_type: 'pulse', unit: 'bpm', value: pulse },
];
const rule = {
  vitals: new Map([
    [1, { critical_low: 90, abnormal_low: 100, abnormal_high: 140, critical_high: 180 }],
    [2, { critical_low: 50, abnormal_low: 60, abnormal_high: 90, critical_high: 110 }],
  ]),
  gain: null,
  loss: null,
};

describe('evaluateMeasurement', () => {
  it('finds nothing inside the bounds', () => {
    expect(evaluateMeasurement(bp(120, 80, 70), rule, null)).toEqual([]);
  });

  it('reports each value beyond a bound with its level and text', () => {
    const found = evaluateMeasurement(bp(195, 55, 200), rule, null);
    expect(found.map((f) => [f.reading_id, f.level, f.direction, f.bound, f.text])).toEqual([
      [1, 'critical', 'high', 180, 'systolic 195 mmHg above critical high (180)'],
      [2, 'abnormal', 'low', 60, 'diastolic 55 mmHg below abnormal low (60)'],
    ]);
  });

  it('skips vitals the rule has no bounds for', () => {
    expect(evaluateMeasurement(bp(120, 80, 250), rule, null)).toEqual([]);
  });

  it('compares a weight with the baseline using gain and loss', () => {
    const weight = (value: number): MeasuredValue[] => [
      { reading_id: 9, vital_id: 4, vital_type: 'weight', unit: 'lbs', value },
    ];
    const scale = { vitals: new Map(), gain: 3, loss: 4 };
    expect(evaluateMeasurement(weight(183), scale, 180)).toEqual([]);
    expect(evaluateMeasurement(weight(184.2), scale, 180)[0]?.text).toBe(
      'weight gain 4.2 lbs above dry weight (184.2 lbs)',
    );
    expect(evaluateMeasurement(weight(175.5), scale, 180)[0]?.direction).toBe('low');
    expect(evaluateMeasurement(weight(250), scale, null)).toEqual([]);
  });

  it('raises nothing at a bound itself: a value at the abnormal bound is normal, at the critical one abnormal', () => {
    expect(evaluateMeasurement(bp(100, 90, 70), rule, null)).toEqual([]);
    expect(evaluateMeasurement(bp(140, 60, 70), rule, null)).toEqual([]);
    const at = (s: number, d: number) =>
      evaluateMeasurement(bp(s, d, 70), rule, null).map((f) => [f.vital_type, f.level, f.direction, f.bound]);
    expect(at(90, 110)).toEqual([
      ['systolic', 'abnormal', 'low', 100],
      ['diastolic', 'abnormal', 'high', 90],
    ]);
    expect(at(89, 111)).toEqual([
      ['systolic', 'critical', 'low', 90],
      ['diastolic', 'critical', 'high', 110],
    ]);
  });

  it('never compares with a missing high bound (spo2 has none, 001 §2.6)', () => {
    const spo2: MeasuredValue[] = [{ reading_id: 5, vital_id: 6, vital_type: 'spo2', unit: '%', value: 100 }];
    const bounds = ruleBounds(
      [{ vital_id: 6, critical_low: 85, abnormal_low: 90, abnormal_high: null, critical_high: null }],
      null,
      null,
    );
    expect(evaluateMeasurement(spo2, bounds, null)).toEqual([]);
    expect(evaluateMeasurement([{ ...(spo2[0] as MeasuredValue), value: 84 }], bounds, null)[0]?.text).toBe(
      'spo2 84 % below critical low (85)',
    );
  });

  it('alerts a weight only beyond the dry weight plus gain or minus loss, exactly there not', () => {
    const weight = (value: number): MeasuredValue[] => [
      { reading_id: 9, vital_id: 4, vital_type: 'Weight', unit: 'lbs', value },
    ];
    const scale = ruleBounds(null, 3, 4);
    expect(evaluateMeasurement(weight(183), scale, 180)).toEqual([]);
    expect(evaluateMeasurement(weight(176), scale, 180)).toEqual([]);
    const loss = evaluateMeasurement(weight(175.9), scale, 180)[0];
    expect([loss?.level, loss?.direction, loss?.bound, loss?.text]).toEqual([
      'abnormal',
      'low',
      176,
      'weight loss 4.1 lbs below dry weight (175.9 lbs)',
    ]);
    expect(evaluateMeasurement(weight(183.1), scale, 180)[0]?.bound).toBe(183);
    // A rule without gain (or loss) never alerts on that side.
    expect(evaluateMeasurement(weight(300), ruleBounds(null, null, 4), 180)).toEqual([]);
  });

  it('finds the weight value of a measurement by its vital name', () => {
    expect(weightOf(bp(120, 80, 70))).toBeUndefined();
    const values: MeasuredValue[] = [
      ...bp(120, 80, 70),
      { reading_id: 9, vital_id: 4, vital_type: 'Weight', unit: 'lbs', value: 180 },
    ];
    expect(weightOf(values)?.reading_id).toBe(9);
  });
});

describe('applySuppressions (decisions.md "Re-alert suppression")', () => {
  const hold = (
    vital_id: number,
    direction: 'low' | 'high',
    level: 'abnormal' | 'critical',
  ): Suppression => ({
    vital_id,
    direction,
    level,
    alert_id: 100 + vital_id,
  });
  const judge = (values: MeasuredValue[]) => judgedVitals(values, rule, null);

  it.each([
    // [systolic, the hold, raised reading ids, held reading ids, holds cleared]
    [150, hold(1, 'high', 'abnormal'), [], [1], []],
    [150, hold(1, 'high', 'critical'), [], [1], []],
    [195, hold(1, 'high', 'critical'), [], [1], []],
    [195, hold(1, 'high', 'abnormal'), [1], [], []],
    [95, hold(1, 'high', 'abnormal'), [1], [], [1]],
    [120, hold(1, 'high', 'abnormal'), [], [], [1]],
    [150, hold(1, 'low', 'abnormal'), [1], [], [1]],
  ] as const)('systolic %i with %o: raises %o, holds %o, clears %o', (systolic, h, raised, held, cleared) => {
    const values = bp(systolic, 80, 70);
    const outcome = applySuppressions(evaluateMeasurement(values, rule, null), judge(values), [h]);
    expect(outcome.raise.map((f) => f.reading_id)).toEqual(raised);
    expect(outcome.held).toEqual(held.map((reading_id) => ({ reading_id, alert_id: h.alert_id })));
    expect(outcome.cleared.map((s) => s.vital_id)).toEqual(cleared);
  });

  it('leaves the hold of a vital the rule has no bounds for', () => {
    const values = bp(120, 80, 70);
    const outcome = applySuppressions([], judge(values), [hold(3, 'high', 'abnormal')]);
    expect(outcome).toEqual({ raise: [], held: [], cleared: [] });
  });
});

describe('applySnoozes (decisions.md "Alert snooze")', () => {
  const snooze = { snooze_id: 7, vital_id: 1, direction: 'high' as const };
  it.each([
    // [systolic, raised reading ids, held reading ids]
    [150, [], [1]],
    [195, [1], []],
    [95, [1], []],
    [120, [], []],
  ] as const)('systolic %i under a high-systolic snooze: raises %o, holds %o', (systolic, raised, held) => {
    const outcome = applySnoozes(evaluateMeasurement(bp(systolic, 80, 70), rule, null), [snooze]);
    expect(outcome.raise.map((f) => f.reading_id)).toEqual(raised);
    expect(outcome.held).toEqual(held.map((reading_id) => ({ reading_id, snooze_id: 7 })));
  });
});
