import { readingLevel, type Thresholds, vitalKind, weightLevel } from '@rpm/shared';

/** The intake's evaluate step (pure): which values of a measurement pass a bound of the rule in force. */

/** One stored value of a measurement. */
export interface MeasuredValue {
  readonly reading_id: number;
  readonly vital_id: number;
  readonly vital_type: string;
  readonly unit: string;
  readonly value: number;
}

/** What the rule in force says about the device's values. */
export interface RuleBounds {
  /** Bounds per vital id. */
  readonly vitals: ReadonlyMap<number, Thresholds>;
  /** Weight devices: lbs above / below the dry weight that raise an alert (001 §3, §5). */
  readonly gain: number | null;
  readonly loss: number | null;
}

/** The bounds of a rule as the store loads them (vitals as rows, null without any). */
export const ruleBounds = (
  vitals: readonly ({ vital_id: number } & Thresholds)[] | null,
  gain: number | null,
  loss: number | null,
): RuleBounds => ({
  vitals: new Map((vitals ?? []).map(({ vital_id, ...bounds }) => [vital_id, bounds])),
  gain,
  loss,
});

/** A value beyond a bound. */
export interface AlertFinding extends MeasuredValue {
  readonly level: 'abnormal' | 'critical';
  readonly direction: 'low' | 'high';
  readonly bound: number;
  /** The words of the bell notification, after the patient's name. */
  readonly text: string;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The measurement's weight value, if it has one: the one compared with a baseline. */
export const weightOf = <V extends MeasuredValue>(values: readonly V[]): V | undefined =>
  values.find((v) => vitalKind(v.vital_type) === 'weight');

/**
 * The values of one measurement that pass a bound of the rule in force (thresholds.ts readingLevel); a weight is
 * compared with `weightBaseline` using the rule's gain and loss (decisions.md "Weight alerts").
 */
export function evaluateMeasurement(
  values: readonly MeasuredValue[],
  rule: RuleBounds,
  weightBaseline: number | null,
): AlertFinding[] {
  const findings: AlertFinding[] = [];
  for (const v of values) {
    if (vitalKind(v.vital_type) === 'weight') {
      if (weightBaseline === null) continue;
      const hit = weightLevel(v.value, weightBaseline, rule.gain, rule.loss);
      if (!hit) continue;
      const change = round1(Math.abs(v.value - weightBaseline));
      const text =
        hit.direction === 'high'
          ? `weight gain ${change} ${v.unit} above dry weight (${v.value} ${v.unit})`
          : `weight loss ${change} ${v.unit} below dry weight (${v.value} ${v.unit})`;
      findings.push({ ...v, ...hit, text });
      continue;
    }
    const bounds = rule.vitals.get(v.vital_id);
    if (!bounds) continue;
    const hit = readingLevel(v.value, bounds);
    if (!hit) continue;
    const side = hit.direction === 'high' ? 'above' : 'below';
    findings.push({
      ...v,
      ...hit,
      text: `${v.vital_type} ${v.value} ${v.unit} ${side} ${hit.level} ${hit.direction} (${hit.bound})`,
    });
  }
  return findings;
}
