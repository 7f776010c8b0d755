import {
  DEFAULT_THRESHOLDS,
  SLEEP_APNEA_HIGH_DEFAULT,
  SLEEP_APNEA_VITAL_ID,
  SLIDER_MAX,
} from './constants.js';

/**
 * Vital thresholds of a notification rule (001 §3 "Vital threshold", §5 "Threshold auto-correction on blur",
 * §9 defaults and slider maximums) as pure functions: the rule form corrects on blur with
 * {@link correctThresholds}, the server refuses uncorrected values with {@link thresholdProblem}, and both the
 * readings chart and the reading intake classify a value with {@link readingLevel}.
 */

/** The kinds of vital the spec treats apart (001 §5, §9); every other vital is `other`. */
export type VitalKind = keyof typeof SLIDER_MAX;

/** The four bounds of one vital. Spo2 has no high bounds (001 §2.6): they are null for it and only for it. */
export interface Thresholds {
  readonly critical_low: number;
  readonly abnormal_low: number;
  readonly abnormal_high: number | null;
  readonly critical_high: number | null;
}

export const THRESHOLD_FIELDS = ['critical_low', 'abnormal_low', 'abnormal_high', 'critical_high'] as const;
export type ThresholdField = (typeof THRESHOLD_FIELDS)[number];

/** A vital name as vitals are compared: lower case, without spaces, hyphens or underscores. */
export const vitalKey = (name: string): string => name.toLowerCase().replace(/[\s_-]+/g, '');

/**
 * The kind of a vital from its `vital_type` (the vitals table: 'systolic', 'weight', 'blood glucose', 'spo2',
 * 'ahi', 'usage', 'leaks', ...). Case, spaces, hyphens and underscores are ignored.
 */
export function vitalKind(vitalType: string): VitalKind {
  switch (vitalKey(vitalType)) {
    case 'weight':
      return 'weight';
    case 'usage':
      return 'usage';
    case 'spo2':
      return 'spo2';
    case 'ahi':
      return 'ahi';
    case 'leaks':
      return 'leaks';
    case 'bloodglucose':
    case 'glucose':
      return 'bloodGlucose';
    default:
      return 'other';
  }
}

/** The slider maximum of a vital kind (001 §9): weight 400, usage 24, spo2/ahi/leaks 100, glucose 650, else 220. */
export function sliderMax(kind: VitalKind): number {
  return SLIDER_MAX[kind];
}

/** Whether the kind shows high bounds: spo2 shows none (001 §2.6). */
export function hasHighBounds(kind: VitalKind): boolean {
  return kind !== 'spo2';
}

/** The gap between critical_low and abnormal_low: 1, or 0 for spo2, ahi and leaks (001 §5). */
export function lowGap(kind: VitalKind): 0 | 1 {
  return kind === 'spo2' || kind === 'ahi' || kind === 'leaks' ? 0 : 1;
}

/** The smallest value a bound may take (001 §5; all four bounds of ahi, usage and leaks: decisions.md "Bounds"). */
export function thresholdMin(kind: VitalKind): 0 | 1 {
  return kind === 'ahi' || kind === 'usage' || kind === 'leaks' ? 0 : 1;
}

/** Usage's critical_high is capped at 24 (001 §5), which is also its slider maximum (001 §9). */
const USAGE_CRITICAL_HIGH_CAP = 24;

/** The largest value a bound may take: the slider maximum; usage's critical_high at most 24 (001 §5, §9). */
export function thresholdMax(kind: VitalKind): number {
  return kind === 'usage' ? Math.min(USAGE_CRITICAL_HIGH_CAP, sliderMax(kind)) : sliderMax(kind);
}

/**
 * The default bounds of a vital (001 §9): critical_low 20, abnormal_low 40, abnormal_high 60, critical_high 80;
 * vital 5 (the sleep-apnea vital) 100 for both high bounds; spo2 has no high bounds. These are the spec's literal
 * defaults, shown before any edit; the first blur corrects them like any other value.
 */
export function defaultThresholds(vitalId: number, kind: VitalKind): Thresholds {
  const high = vitalId === SLEEP_APNEA_VITAL_ID ? SLEEP_APNEA_HIGH_DEFAULT : undefined;
  return {
    critical_low: DEFAULT_THRESHOLDS.critical_low,
    abnormal_low: DEFAULT_THRESHOLDS.abnormal_low,
    abnormal_high: hasHighBounds(kind) ? (high ?? DEFAULT_THRESHOLDS.abnormal_high) : null,
    critical_high: hasHighBounds(kind) ? (high ?? DEFAULT_THRESHOLDS.critical_high) : null,
  };
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Bounds carry one decimal (decisions.md "Bounds"); the correction works in whole tenths so its sums are exact. */
const TENTHS = 10;
const toTenths = (value: number) => Math.round(value * TENTHS);
const fromTenths = (tenths: number) => (tenths === 0 ? 0 : tenths / TENTHS);

/** A finite number, or the fallback (an emptied input gives NaN). */
const finite = (value: number | null | undefined, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/**
 * The threshold auto-correction on blur (001 §5), applied to all four bounds at once:
 * - every bound is kept within [{@link thresholdMin}, {@link thresholdMax}] (the inputs' minimum, the slider);
 * - critical_high is at least critical_low + 4 (when that passes the maximum, critical_low comes down instead);
 * - abnormal_low is at least critical_low + 1 (+ 0 for spo2, ahi and leaks) and at most critical_high − 3;
 * - abnormal_high is at least critical_low + 3 and at most critical_high − 1;
 * - usage's critical_high is capped at 24.
 * Crossed abnormal bounds keep `edited` and move the other next to it (decisions.md "Bounds"), so critical_low <
 * abnormal_low < abnormal_high < critical_high always holds (≤ between the lows for spo2, ahi and leaks). Spo2 has
 * only low bounds: its high bounds come back null and only its lows are corrected. A value that is not a finite
 * number (an emptied input) takes the vital's default; values are rounded to one decimal. Values already correct
 * come back unchanged.
 */
export function correctThresholds(
  input: Thresholds,
  kind: VitalKind,
  edited?: ThresholdField,
  vitalId = 0,
): Thresholds {
  const min = toTenths(thresholdMin(kind));
  const max = toTenths(thresholdMax(kind));
  const gap = toTenths(lowGap(kind));
  const step = (n: number) => n * TENTHS;
  const fallback = defaultThresholds(vitalId, kind);
  const read = (value: number | null, dflt: number) => clamp(toTenths(finite(value, dflt)), min, max);
  let cl = read(input.critical_low, fallback.critical_low);
  let al = read(input.abnormal_low, fallback.abnormal_low);
  if (!hasHighBounds(kind)) {
    // Only the low rule applies: abnormal_low ≥ critical_low (+0 for spo2).
    if (edited === 'abnormal_low' && al < cl + gap) cl = Math.max(min, al - gap);
    al = Math.max(al, cl + gap);
    return {
      critical_low: fromTenths(cl),
      abnormal_low: fromTenths(al),
      abnormal_high: null,
      critical_high: null,
    };
  }
  let ch = read(input.critical_high, fallback.critical_high ?? thresholdMax(kind));
  let ah = read(input.abnormal_high, fallback.abnormal_high ?? thresholdMax(kind));
  // critical_high ≥ critical_low + 4; at the top of the scale critical_low gives way.
  ch = Math.max(ch, cl + step(4));
  if (ch > max) {
    ch = max;
    cl = max - step(4);
  }
  al = clamp(al, cl + gap, ch - step(3));
  ah = clamp(ah, cl + step(3), ch - step(1));
  if (al >= ah) {
    // al ≤ ch − 3 and ah ≥ cl + 3, so either move by 1 keeps every rule above.
    if (edited === 'abnormal_low') ah = al + step(1);
    else al = ah - step(1);
  }
  return {
    critical_low: fromTenths(cl),
    abnormal_low: fromTenths(al),
    abnormal_high: fromTenths(ah),
    critical_high: fromTenths(ch),
  };
}

/** A bound that breaks a rule of 001 §5, with a message for the person who sent it. */
export interface ThresholdProblem {
  readonly field: ThresholdField;
  readonly message: string;
}

/**
 * The first rule of 001 §5 the bounds break, or null when they are as {@link correctThresholds} leaves them. The
 * server uses it to refuse uncorrected values (400 naming the field) rather than silently change what was sent.
 */
export function thresholdProblem(t: Thresholds, kind: VitalKind): ThresholdProblem | null {
  const min = thresholdMin(kind);
  const max = thresholdMax(kind);
  for (const field of THRESHOLD_FIELDS) {
    const value = t[field];
    if (!hasHighBounds(kind) && (field === 'abnormal_high' || field === 'critical_high')) {
      if (value !== null) return { field, message: `${field} must be empty: spo2 has no high thresholds` };
      continue;
    }
    if (value === null || !Number.isFinite(value)) return { field, message: `${field} must be a number` };
    if (value < min || value > max) return { field, message: `${field} must be between ${min} and ${max}` };
    if (Math.abs(value * TENTHS - toTenths(value)) > 1e-6)
      return { field, message: `${field} may have one decimal place at most` };
  }
  const cl = toTenths(t.critical_low);
  const al = toTenths(t.abnormal_low);
  if (al < cl + toTenths(lowGap(kind)))
    return {
      field: 'abnormal_low',
      message: lowGap(kind)
        ? 'abnormal_low must be at least critical_low + 1'
        : 'abnormal_low must not be below critical_low',
    };
  if (!hasHighBounds(kind)) return null;
  const ah = toTenths(t.abnormal_high as number);
  const ch = toTenths(t.critical_high as number);
  if (ch < cl + 40)
    return { field: 'critical_high', message: 'critical_high must be at least critical_low + 4' };
  if (al > ch - 30)
    return { field: 'abnormal_low', message: 'abnormal_low must be at most critical_high - 3' };
  if (ah < cl + 30)
    return { field: 'abnormal_high', message: 'abnormal_high must be at least critical_low + 3' };
  if (ah > ch - 10)
    return { field: 'abnormal_high', message: 'abnormal_high must be at most critical_high - 1' };
  if (ah <= al) return { field: 'abnormal_high', message: 'abnormal_high must be above abnormal_low' };
  return null;
}

/** Where a value falls against a vital's bounds. */
export interface ReadingLevel {
  readonly level: 'critical' | 'abnormal';
  readonly direction: 'low' | 'high';
  /** The bound the value passed. */
  readonly bound: number;
}

/**
 * The level of a reading (001 §1: alerts at abnormal and critical bounds): beyond critical first, then abnormal;
 * null inside the abnormal bounds. A value equal to a bound is not beyond it. Missing high bounds (spo2) never
 * raise a high level.
 */
export function readingLevel(value: number, t: Thresholds): ReadingLevel | null {
  if (value < t.critical_low) return { level: 'critical', direction: 'low', bound: t.critical_low };
  if (t.critical_high !== null && value > t.critical_high)
    return { level: 'critical', direction: 'high', bound: t.critical_high };
  if (value < t.abnormal_low) return { level: 'abnormal', direction: 'low', bound: t.abnormal_low };
  if (t.abnormal_high !== null && value > t.abnormal_high)
    return { level: 'abnormal', direction: 'high', bound: t.abnormal_high };
  return null;
}

/**
 * A weight reading against the patient's dry weight (001 §2.6: gain and loss in lbs compared to dry weight):
 * 'high' when it is more than `gain` above, 'low' when more than `loss` below, else null (level: decisions.md
 * "Weight alerts").
 */
export function weightLevel(
  value: number,
  dryWeight: number,
  gain: number | null,
  loss: number | null,
): ReadingLevel | null {
  if (gain !== null && value > dryWeight + gain)
    return { level: 'abnormal', direction: 'high', bound: dryWeight + gain };
  if (loss !== null && value < dryWeight - loss)
    return { level: 'abnormal', direction: 'low', bound: dryWeight - loss };
  return null;
}
