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

/** An acknowledged alert holding its rule's readings of one vital and direction (migration 0049). */
export interface Suppression {
  readonly vital_id: number;
  readonly direction: 'low' | 'high';
  readonly level: 'abnormal' | 'critical';
  readonly alert_id: number;
}

/** What re-alert suppression does with a measurement's findings. */
export interface SuppressionOutcome {
  /** The findings that raise alerts. */
  readonly raise: AlertFinding[];
  /** Readings held by an acknowledged alert, marked instead of raised. */
  readonly held: { readonly reading_id: number; readonly alert_id: number }[];
  /** Suppressions a reading ended: its vital back in range, or beyond the other bound. */
  readonly cleared: Suppression[];
}

const LEVEL_RANK = { abnormal: 1, critical: 2 } as const;

/**
 * Re-alert suppression (decisions.md "Re-alert suppression"), pure: a finding in the direction of a suppression, at
 * its level or below, is held; a critical finding after an acknowledged abnormal one still raises. A vital the rule
 * judged (`judged`) with no finding is back in range and re-arms its suppressions; a finding the other way ends the
 * suppression it passed. A vital the rule has no bounds for leaves its suppressions as they are.
 */
export function applySuppressions(
  findings: readonly AlertFinding[],
  judged: ReadonlySet<number>,
  suppressions: readonly Suppression[],
): SuppressionOutcome {
  const raise: AlertFinding[] = [];
  const held: { reading_id: number; alert_id: number }[] = [];
  for (const finding of findings) {
    const holder = suppressions.find(
      (s) =>
        s.vital_id === finding.vital_id &&
        s.direction === finding.direction &&
        LEVEL_RANK[finding.level] <= LEVEL_RANK[s.level],
    );
    if (holder) held.push({ reading_id: finding.reading_id, alert_id: holder.alert_id });
    else raise.push(finding);
  }
  const cleared = suppressions.filter((s) => {
    const finding = findings.find((f) => f.vital_id === s.vital_id);
    return finding ? finding.direction !== s.direction : judged.has(s.vital_id);
  });
  return { raise, held, cleared };
}

/** A running snooze of a rule's abnormal bound of one vital and direction (migration 0052). */
export interface Snooze {
  readonly snooze_id: number;
  readonly vital_id: number;
  readonly direction: 'low' | 'high';
}

/**
 * Snoozes (decisions.md "Alert snooze"), pure: an abnormal finding beyond a snoozed bound is held by its snooze; a
 * critical finding always raises, since a critical bound is never snoozed.
 */
export function applySnoozes(
  findings: readonly AlertFinding[],
  snoozes: readonly Snooze[],
): { raise: AlertFinding[]; held: { reading_id: number; snooze_id: number }[] } {
  const raise: AlertFinding[] = [];
  const held: { reading_id: number; snooze_id: number }[] = [];
  for (const finding of findings) {
    const snooze =
      finding.level === 'abnormal'
        ? snoozes.find((s) => s.vital_id === finding.vital_id && s.direction === finding.direction)
        : undefined;
    if (snooze) held.push({ reading_id: finding.reading_id, snooze_id: snooze.snooze_id });
    else raise.push(finding);
  }
  return { raise, held };
}

/** The vitals of a measurement the rule judges: those it has bounds for, and a weight with its baseline and limits. */
export function judgedVitals(
  values: readonly MeasuredValue[],
  rule: RuleBounds,
  weightBaseline: number | null,
): Set<number> {
  return new Set(
    values
      .filter((v) =>
        vitalKind(v.vital_type) === 'weight'
          ? weightBaseline !== null && (rule.gain !== null || rule.loss !== null)
          : rule.vitals.has(v.vital_id),
      )
      .map((v) => v.vital_id),
  );
}
