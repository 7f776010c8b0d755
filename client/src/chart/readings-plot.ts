import { shiftDay, type Thresholds } from '@rpm/shared';
import type uPlot from 'uplot';

/**
 * What the Readings chart draws (issue 41 §3; decisions.md "Readings chart ranges and bound sources"), pure: the
 * chosen days as the time axis, a value axis fitted to the readings and the bounds in force, and those bounds as
 * zones.
 */

/** One reading of the chart: time in ms, its value and the alert level it raised. */
export interface ChartPoint {
  readonly t: number;
  readonly value: number;
  readonly level: 'abnormal' | 'critical' | null;
}

/** A weight rule in force: lbs over and under the dry weight that raise an alert (001 §2.6; thresholds.ts weightLevel). */
export interface WeightRule {
  readonly dry_weight: number;
  readonly gain: number | null;
  readonly loss: number | null;
}

/** The bounds the chart draws: a rule's four bounds, or a weight rule around the dry weight; null without a rule. */
export type ChartBounds =
  | { readonly kind: 'thresholds'; readonly thresholds: Thresholds }
  | ({ readonly kind: 'weight' } & WeightRule)
  | null;

type BandLevel = 'abnormal' | 'critical';

/** A horizontal zone of the chart beyond a bound of the active rule. */
export interface Band {
  readonly from: number;
  readonly to: number;
  readonly level: BandLevel;
}

export const COLOURS = {
  line: '#2d72d2',
  normal: '#2d72d2',
  abnormal: '#ec9a3c',
  critical: '#cd4246',
  baseline: '#5f6b7c',
  bands: { abnormal: 'rgba(236, 154, 60, 0.18)', critical: 'rgba(205, 66, 70, 0.15)' },
} as const;

/** The chosen days in seconds, uPlot's time unit: from 00:00 of `from` to the end of `to` (UTC days, as the call's). */
function timeRange(from: string, to: string): [number, number] {
  return [Date.parse(`${from}T00:00:00Z`) / 1000, Date.parse(`${shiftDay(to, 1)}T00:00:00Z`) / 1000];
}

/** The values the value axis must show besides the readings: each bound, and a weight rule's dry weight. */
function boundValues(bounds: ChartBounds): number[] {
  if (bounds === null) return [];
  if (bounds.kind === 'weight')
    return [
      bounds.dry_weight,
      ...(bounds.gain === null ? [] : [bounds.dry_weight + bounds.gain]),
      ...(bounds.loss === null ? [] : [bounds.dry_weight - bounds.loss]),
    ];
  const t = bounds.thresholds;
  return [t.critical_low, t.abnormal_low, t.abnormal_high, t.critical_high].filter(
    (b): b is number => b !== null,
  );
}

/** Headroom on each side of the fitted values, as a share of their span. */
const PADDING = 0.1;
/** The narrowest axis, as a share of the middle value (one reading, or readings that barely move): ±2.5%. */
const MIN_SPAN_SHARE = 0.05;

/**
 * The value axis: the readings and the bounds in force with 10% headroom, at least 5% of the middle value wide (at
 * least 2 units), never below 0 when nothing is. Not from 0: a 3 lb gain on 250 lbs must show.
 */
function valueRange(points: readonly ChartPoint[], bounds: ChartBounds): [number, number] {
  const values = [...points.map((p) => p.value), ...boundValues(bounds)];
  const low = Math.min(...values);
  const high = Math.max(...values);
  const pad = (high - low) * PADDING;
  const minSpan = Math.max((Math.abs(low + high) / 2) * MIN_SPAN_SHARE, 2);
  const widen = Math.max(0, minSpan - (high - low) - 2 * pad) / 2;
  const lo = low - pad - widen;
  return [low >= 0 ? Math.max(0, lo) : lo, high + pad + widen];
}

/**
 * The zones where the rule in force raises an alert (001 §2.6): critical below critical_low and above
 * critical_high, abnormal between each critical and abnormal bound (spo2 has no high bounds, so no high zones); a
 * weight rule's abnormal zones beyond the dry weight's gain and loss.
 */
function bandsFor(bounds: ChartBounds, [lo, hi]: [number, number]): Band[] {
  if (bounds === null) return [];
  if (bounds.kind === 'weight') {
    const bands: Band[] = [];
    if (bounds.loss !== null)
      bands.push({ from: lo, to: bounds.dry_weight - bounds.loss, level: 'abnormal' });
    if (bounds.gain !== null)
      bands.push({ from: bounds.dry_weight + bounds.gain, to: hi, level: 'abnormal' });
    return bands.filter((b) => b.to > b.from);
  }
  const t = bounds.thresholds;
  const bands: Band[] = [
    { from: lo, to: t.critical_low, level: 'critical' },
    { from: t.critical_low, to: t.abnormal_low, level: 'abnormal' },
  ];
  if (t.abnormal_high !== null)
    bands.push({ from: t.abnormal_high, to: t.critical_high ?? hi, level: 'abnormal' });
  if (t.critical_high !== null) bands.push({ from: t.critical_high, to: hi, level: 'critical' });
  return bands.filter((b) => b.to > b.from);
}

/** What uPlot is handed: fixed scales, the zones and lines behind the readings, and the aligned data. */
export interface PlotModel {
  /** The chosen days in seconds: a fixed scale, never fitted to the data. */
  readonly x: [number, number];
  readonly y: [number, number];
  readonly bands: Band[];
  /** Reference lines: a weight rule's dry weight. */
  readonly lines: number[];
  readonly data: uPlot.AlignedData;
}

/**
 * The chart of one vital over the chosen days, or null when no reading falls in them (the tab says 'No Data
 * Found'): readings outside the days are left out, the rest sorted by time.
 */
export function plotModel(
  points: readonly ChartPoint[],
  bounds: ChartBounds,
  from: string,
  to: string,
): PlotModel | null {
  const x = timeRange(from, to);
  const shown = points.filter((p) => p.t / 1000 >= x[0] && p.t / 1000 < x[1]);
  if (shown.length === 0) return null;
  const y = valueRange(shown, bounds);
  return {
    x,
    y,
    bands: bandsFor(bounds, y),
    lines: bounds?.kind === 'weight' ? [bounds.dry_weight] : [],
    data: plotData(shown),
  };
}

/**
 * uPlot's aligned data: x in seconds, then the line of all values and one points-only series per level, so each
 * dot takes the colour of the alert it raised.
 */
function plotData(points: readonly ChartPoint[]): uPlot.AlignedData {
  const sorted = [...points].sort((a, b) => a.t - b.t);
  const only = (level: ChartPoint['level']) => sorted.map((p) => (p.level === level ? p.value : null));
  return [
    sorted.map((p) => p.t / 1000),
    sorted.map((p) => p.value),
    only(null),
    only('abnormal'),
    only('critical'),
  ];
}
