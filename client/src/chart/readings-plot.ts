import type { Thresholds } from '@rpm/shared';
import type uPlot from 'uplot';

/** One reading of the chart: time in ms, its value and the alert level it raised. */
export interface ChartPoint {
  readonly t: number;
  readonly value: number;
  readonly level: 'abnormal' | 'critical' | null;
}

export type BandLevel = 'abnormal' | 'critical';

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
  bands: { abnormal: 'rgba(236, 154, 60, 0.18)', critical: 'rgba(205, 66, 70, 0.15)' },
} as const;

/** The value range the chart shows: the readings and every bound, from 0, with 10% headroom. */
export function valueRange(points: readonly ChartPoint[], thresholds: Thresholds | null): [number, number] {
  const bounds = thresholds
    ? [thresholds.critical_low, thresholds.abnormal_low, thresholds.abnormal_high, thresholds.critical_high]
    : [];
  const all = [...points.map((p) => p.value), ...bounds.filter((b): b is number => b !== null)];
  return [Math.min(...all, 0), Math.max(...all, 1) * 1.1];
}

/**
 * The zones beyond the rule's bounds (001 §2.6): critical below critical_low and above critical_high, abnormal
 * between each critical and abnormal bound. Spo2 has no high bounds, so no high zones.
 */
export function bandsFor(thresholds: Thresholds | null, [lo, hi]: [number, number]): Band[] {
  if (!thresholds) return [];
  const bands: Band[] = [
    { from: lo, to: thresholds.critical_low, level: 'critical' },
    { from: thresholds.critical_low, to: thresholds.abnormal_low, level: 'abnormal' },
  ];
  if (thresholds.abnormal_high !== null)
    bands.push({ from: thresholds.abnormal_high, to: thresholds.critical_high ?? hi, level: 'abnormal' });
  if (thresholds.critical_high !== null)
    bands.push({ from: thresholds.critical_high, to: hi, level: 'critical' });
  return bands.filter((b) => b.to > b.from);
}

/**
 * uPlot's aligned data: x in seconds, then the line of all values and one points-only series per level, so each
 * dot takes the colour of the alert it raised.
 */
export function plotData(points: readonly ChartPoint[]): uPlot.AlignedData {
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
