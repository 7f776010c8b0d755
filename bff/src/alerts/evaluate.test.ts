import { describe, expect, it } from 'vitest';
import { evaluateMeasurement, type MeasuredValue } from './evaluate.js';

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
});
