// Over 300 lines: the threshold rules of 001 §5 for every vital, bound by bound.
import { describe, expect, it } from 'vitest';
import {
  correctThresholds,
  defaultThresholds,
  hasHighBounds,
  lowGap,
  readingLevel,
  sliderMax,
  THRESHOLD_FIELDS,
  type ThresholdField,
  type Thresholds,
  thresholdMax,
  thresholdMin,
  thresholdProblem,
  type VitalKind,
  vitalKind,
  weightLevel,
} from './thresholds.js';

const KINDS: readonly VitalKind[] = ['weight', 'usage', 'spo2', 'ahi', 'leaks', 'bloodGlucose', 'other'];

/** mulberry32: a small seeded generator, so a failing case can be replayed from its seed. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A value a person could type: in range, out of range, negative, decimal, or not a number at all. */
function anyValue(next: () => number, kind: VitalKind): number {
  const roll = next();
  const max = sliderMax(kind);
  if (roll < 0.05) return Number.NaN;
  if (roll < 0.1) return -1 - Math.floor(next() * 50);
  if (roll < 0.15) return max + Math.floor(next() * 500);
  if (roll < 0.25) return Math.round(next() * max * 10) / 10;
  if (roll < 0.35) return Math.floor(next() * 8); // crowded at the bottom
  if (roll < 0.45) return max - Math.floor(next() * 8); // crowded at the top
  return Math.floor(next() * (max + 1));
}

const CASES = 4000;

/** a − b in whole tenths: bounds carry one decimal, and floating-point differences must not blur the rules. */
const diff = (a: number, b: number) => Math.round((a - b) * 10) / 10;

/** Every generated case: kind, input, the field just edited. */
function* cases(seed: number): Generator<[VitalKind, Thresholds, ThresholdField | undefined]> {
  const next = seeded(seed);
  for (let n = 0; n < CASES; n++) {
    const kind = KINDS[Math.floor(next() * KINDS.length)] ?? 'other';
    const input: Thresholds = {
      critical_low: anyValue(next, kind),
      abnormal_low: anyValue(next, kind),
      abnormal_high: next() < 0.05 ? null : anyValue(next, kind),
      critical_high: next() < 0.05 ? null : anyValue(next, kind),
    };
    const edited = next() < 0.2 ? undefined : THRESHOLD_FIELDS[Math.floor(next() * 4)];
    yield [kind, input, edited];
  }
}

describe('vitalKind', () => {
  it.each([
    ['weight', 'weight'],
    ['usage', 'usage'],
    ['spo2', 'spo2'],
    ['SpO2', 'spo2'],
    ['ahi', 'ahi'],
    ['leaks', 'leaks'],
    ['blood glucose', 'bloodGlucose'],
    ['blood_glucose', 'bloodGlucose'],
    ['systolic', 'other'],
    ['diastolic', 'other'],
    ['pulse', 'other'],
  ])('%s is %s', (type, kind) => {
    expect(vitalKind(type)).toBe(kind);
  });
});

describe('slider maximums (001 §9)', () => {
  it.each<[VitalKind, number]>([
    ['weight', 400],
    ['usage', 24],
    ['spo2', 100],
    ['ahi', 100],
    ['leaks', 100],
    ['bloodGlucose', 650],
    ['other', 220],
  ])('%s: %i', (kind, max) => {
    expect(sliderMax(kind)).toBe(max);
    expect(thresholdMax(kind)).toBe(max);
  });
});

describe('defaults (001 §9)', () => {
  it('are 20/40/60/80', () => {
    expect(defaultThresholds(1, 'other')).toEqual({
      critical_low: 20,
      abnormal_low: 40,
      abnormal_high: 60,
      critical_high: 80,
    });
  });
  it('put vital 5 at 100 for the high bounds', () => {
    expect(defaultThresholds(5, 'ahi')).toEqual({
      critical_low: 20,
      abnormal_low: 40,
      abnormal_high: 100,
      critical_high: 100,
    });
  });
  it('give spo2 no high bounds (001 §2.6)', () => {
    expect(defaultThresholds(7, 'spo2')).toEqual({
      critical_low: 20,
      abnormal_low: 40,
      abnormal_high: null,
      critical_high: null,
    });
  });
});

describe('correctThresholds, the rules of 001 §5 one by one', () => {
  const base = { critical_low: 20, abnormal_low: 40, abnormal_high: 60, critical_high: 80 };
  it.each<[string, VitalKind, Partial<Thresholds>, ThresholdField | undefined, Thresholds]>([
    [
      'abnormal_low at least critical_low + 1',
      'other',
      { critical_low: 50, abnormal_low: 30 },
      'critical_low',
      { critical_low: 50, abnormal_low: 51, abnormal_high: 60, critical_high: 80 },
    ],
    [
      'abnormal_low at least critical_low + 0 for spo2',
      'spo2',
      { critical_low: 90, abnormal_low: 85, abnormal_high: null, critical_high: null },
      'critical_low',
      { critical_low: 90, abnormal_low: 90, abnormal_high: null, critical_high: null },
    ],
    [
      'abnormal_low at least critical_low + 0 for ahi',
      'ahi',
      { critical_low: 10, abnormal_low: 5 },
      'critical_low',
      { critical_low: 10, abnormal_low: 10, abnormal_high: 60, critical_high: 80 },
    ],
    [
      'abnormal_low at least critical_low + 0 for leaks',
      'leaks',
      { critical_low: 10, abnormal_low: 5 },
      'critical_low',
      { critical_low: 10, abnormal_low: 10, abnormal_high: 60, critical_high: 80 },
    ],
    [
      'abnormal_high at least critical_low + 3',
      'other',
      { critical_low: 20, abnormal_low: 21, abnormal_high: 21, critical_high: 80 },
      'abnormal_high',
      { critical_low: 20, abnormal_low: 21, abnormal_high: 23, critical_high: 80 },
    ],
    [
      'critical_high at least critical_low + 4',
      'other',
      { critical_low: 100, abnormal_low: 101, abnormal_high: 103, critical_high: 90 },
      'critical_high',
      { critical_low: 100, abnormal_low: 101, abnormal_high: 103, critical_high: 104 },
    ],
    [
      'abnormal_high at most critical_high − 1',
      'other',
      { abnormal_high: 95 },
      'abnormal_high',
      { critical_low: 20, abnormal_low: 40, abnormal_high: 79, critical_high: 80 },
    ],
    [
      'abnormal_low at most critical_high − 3',
      'other',
      { abnormal_low: 79, abnormal_high: 79 },
      'abnormal_low',
      { critical_low: 20, abnormal_low: 77, abnormal_high: 79, critical_high: 80 },
    ],
    [
      'usage critical_high capped at 24',
      'usage',
      { critical_low: 2, abnormal_low: 4, abnormal_high: 20, critical_high: 30 },
      'critical_high',
      { critical_low: 2, abnormal_low: 4, abnormal_high: 20, critical_high: 24 },
    ],
    [
      'critical_low gives way at the top of the scale',
      'usage',
      { critical_low: 23, abnormal_low: 23, abnormal_high: 24, critical_high: 24 },
      'critical_low',
      { critical_low: 20, abnormal_low: 21, abnormal_high: 23, critical_high: 24 },
    ],
    [
      'the edited abnormal_high pulls abnormal_low below it',
      'other',
      { abnormal_low: 70, abnormal_high: 50 },
      'abnormal_high',
      { critical_low: 20, abnormal_low: 49, abnormal_high: 50, critical_high: 80 },
    ],
    [
      'the edited abnormal_low pushes abnormal_high above it',
      'other',
      { abnormal_low: 70, abnormal_high: 50 },
      'abnormal_low',
      { critical_low: 20, abnormal_low: 70, abnormal_high: 71, critical_high: 80 },
    ],
    ['an emptied input takes the default', 'other', { abnormal_low: Number.NaN }, 'abnormal_low', base],
    [
      'below the inputs’ minimum of 1',
      'other',
      { critical_low: -5, abnormal_low: 0 },
      'critical_low',
      { critical_low: 1, abnormal_low: 2, abnormal_high: 60, critical_high: 80 },
    ],
    [
      'minimum 0 for ahi',
      'ahi',
      { critical_low: -5, abnormal_low: 0 },
      'critical_low',
      { critical_low: 0, abnormal_low: 0, abnormal_high: 60, critical_high: 80 },
    ],
  ])('%s', (_, kind, change, edited, expected) => {
    expect(correctThresholds({ ...base, ...change }, kind, edited)).toEqual(expected);
  });
});

describe('correctThresholds, properties over generated inputs', () => {
  it.each([1, 2, 3])('seed %i: the order holds with the spec’s exceptions', (seed) => {
    for (const [kind, input, edited] of cases(seed)) {
      const out = correctThresholds(input, kind, edited);
      const context = JSON.stringify({ seed, kind, input, edited, out });
      const min = thresholdMin(kind);
      const max = thresholdMax(kind);
      expect(Number.isFinite(out.critical_low), context).toBe(true);
      expect(out.critical_low, context).toBeGreaterThanOrEqual(min);
      // critical_low < abnormal_low, or ≤ for spo2, ahi and leaks (+0).
      expect(diff(out.abnormal_low, out.critical_low), context).toBeGreaterThanOrEqual(lowGap(kind));
      expect(out.abnormal_low, context).toBeLessThanOrEqual(max);
      if (!hasHighBounds(kind)) {
        // Spo2 shows no high thresholds.
        expect(out.abnormal_high, context).toBeNull();
        expect(out.critical_high, context).toBeNull();
        continue;
      }
      const ah = out.abnormal_high as number;
      const ch = out.critical_high as number;
      expect(out.abnormal_low, context).toBeLessThan(ah);
      expect(ah, context).toBeLessThan(ch);
      expect(diff(ah, out.critical_low), context).toBeGreaterThanOrEqual(3);
      expect(diff(ch, out.critical_low), context).toBeGreaterThanOrEqual(4);
      expect(diff(ch, out.abnormal_low), context).toBeGreaterThanOrEqual(3);
      expect(ch, context).toBeLessThanOrEqual(max);
      if (kind === 'usage') expect(ch, context).toBeLessThanOrEqual(24);
    }
  });

  it('leaves corrected values alone (idempotent) and passes the server check', () => {
    for (const [kind, input, edited] of cases(4)) {
      const once = correctThresholds(input, kind, edited);
      expect(correctThresholds(once, kind, edited), JSON.stringify({ kind, input })).toEqual(once);
      expect(correctThresholds(once, kind), JSON.stringify({ kind, input })).toEqual(once);
      expect(thresholdProblem(once, kind), JSON.stringify({ kind, once })).toBeNull();
    }
  });

  it('changes nothing in values that already satisfy every rule', () => {
    let checked = 0;
    for (const [kind, input] of cases(5)) {
      if (thresholdProblem(input, kind) !== null) continue;
      checked++;
      expect(correctThresholds(input, kind)).toEqual(input);
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('keeps the edited critical bound where the rules allow it', () => {
    for (const [kind, input] of cases(6)) {
      const cl = input.critical_low;
      if (!Number.isFinite(cl) || cl < thresholdMin(kind) || cl > thresholdMax(kind) - 4) continue;
      expect(correctThresholds(input, kind, 'critical_low').critical_low).toBe(cl);
    }
  });
});

describe('thresholdProblem (the server’s check)', () => {
  it.each<[string, VitalKind, Thresholds, ThresholdField | null]>([
    [
      'correct values',
      'other',
      { critical_low: 20, abnormal_low: 40, abnormal_high: 60, critical_high: 80 },
      null,
    ],
    [
      'the spec defaults of vital 5',
      'ahi',
      { critical_low: 20, abnormal_low: 40, abnormal_high: 100, critical_high: 100 },
      'abnormal_high',
    ],
    [
      'lows too close',
      'other',
      { critical_low: 40, abnormal_low: 40, abnormal_high: 60, critical_high: 80 },
      'abnormal_low',
    ],
    [
      'spo2 with a high bound',
      'spo2',
      { critical_low: 85, abnormal_low: 90, abnormal_high: 99, critical_high: null },
      'abnormal_high',
    ],
    [
      'spo2 lows equal',
      'spo2',
      { critical_low: 88, abnormal_low: 88, abnormal_high: null, critical_high: null },
      null,
    ],
    [
      'a missing high bound',
      'other',
      { critical_low: 20, abnormal_low: 40, abnormal_high: null, critical_high: 80 },
      'abnormal_high',
    ],
    [
      'beyond the slider',
      'other',
      { critical_low: 20, abnormal_low: 40, abnormal_high: 60, critical_high: 221 },
      'critical_high',
    ],
    [
      'usage above 24',
      'usage',
      { critical_low: 2, abnormal_low: 4, abnormal_high: 20, critical_high: 25 },
      'critical_high',
    ],
    [
      'highs crossed',
      'other',
      { critical_low: 20, abnormal_low: 60, abnormal_high: 50, critical_high: 80 },
      'abnormal_high',
    ],
  ])('%s', (_, kind, t, field) => {
    expect(thresholdProblem(t, kind)?.field ?? null).toBe(field);
  });
});

describe('readingLevel', () => {
  const t = { critical_low: 80, abnormal_low: 90, abnormal_high: 140, critical_high: 180 };
  it.each([
    [79, 'critical', 'low', 80],
    [80, 'abnormal', 'low', 90],
    [89.5, 'abnormal', 'low', 90],
    [90, null, null, null],
    [140, null, null, null],
    [141, 'abnormal', 'high', 140],
    [180, 'abnormal', 'high', 140],
    [181, 'critical', 'high', 180],
  ])('%d is %s', (value, level, direction, bound) => {
    const got = readingLevel(value, t);
    expect(got ? [got.level, got.direction, got.bound] : [null, null, null]).toEqual([
      level,
      direction,
      bound,
    ]);
  });
  it('never raises a high level without high bounds (spo2)', () => {
    expect(
      readingLevel(100, { critical_low: 85, abnormal_low: 90, abnormal_high: null, critical_high: null }),
    ).toBeNull();
  });
});

describe('weightLevel (001 §2.6)', () => {
  it.each([
    [180, null],
    [183, null],
    [183.5, 'high'],
    [177, null],
    [176.9, 'low'],
  ])('%d lbs against a dry weight of 180 ±3', (value, direction) => {
    expect(weightLevel(value, 180, 3, 3)?.direction ?? null).toBe(direction);
  });
  it('skips a missing gain or loss', () => {
    expect(weightLevel(300, 180, null, 3)).toBeNull();
    expect(weightLevel(10, 180, 3, null)).toBeNull();
  });
});
