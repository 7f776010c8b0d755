import type { Thresholds } from '@rpm/shared';

/** One point of the chart. */
export interface ChartPoint {
  readonly t: number;
  readonly value: number;
  readonly level: 'abnormal' | 'critical' | null;
}

/** Props of {@link ReadingsChart}. */
export interface ReadingsChartProps {
  readonly title: string;
  readonly points: readonly ChartPoint[];
  readonly thresholds: Thresholds | null;
  readonly width?: number;
  readonly height?: number;
}

const PAD = { left: 40, right: 10, top: 10, bottom: 24 };

/**
 * A small SVG line chart of one vital's readings over time (issue 5 part 3; no charting library is installed,
 * so the chart is drawn here): the critical zones (beyond the critical bounds) in red, the abnormal zones in amber,
 * then the line and a dot per reading coloured by the alert it raised.
 */
export function ReadingsChart({ title, points, thresholds, width = 640, height = 200 }: ReadingsChartProps) {
  const values = points.map((p) => p.value);
  const bounds = thresholds
    ? [
        thresholds.critical_low,
        thresholds.abnormal_low,
        thresholds.abnormal_high,
        thresholds.critical_high,
      ].filter((b): b is number => b !== null)
    : [];
  const all = [...values, ...bounds];
  const lo = Math.min(...all, 0);
  const hi = Math.max(...all, 1) * 1.1;
  const t0 = Math.min(...points.map((p) => p.t));
  const t1 = Math.max(...points.map((p) => p.t));
  const x = (t: number) =>
    PAD.left + (t1 === t0 ? 0.5 : (t - t0) / (t1 - t0)) * (width - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + (1 - (v - lo) / (hi - lo || 1)) * (height - PAD.top - PAD.bottom);
  const band = (from: number, to: number, cls: string, key: string) => (
    <rect
      key={key}
      className={cls}
      x={PAD.left}
      width={width - PAD.left - PAD.right}
      y={y(Math.min(hi, to))}
      height={Math.max(0, y(Math.max(lo, from)) - y(Math.min(hi, to)))}
    />
  );
  const line = points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.t).toFixed(1)},${y(p.value).toFixed(1)}`)
    .join(' ');
  return (
    <svg
      className="chart-readings-svg"
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={`${title} readings`}
    >
      {thresholds && (
        <g>
          {band(lo, thresholds.critical_low, 'chart-band-critical', 'cl')}
          {band(thresholds.critical_low, thresholds.abnormal_low, 'chart-band-abnormal', 'al')}
          {thresholds.abnormal_high !== null &&
            band(thresholds.abnormal_high, thresholds.critical_high ?? hi, 'chart-band-abnormal', 'ah')}
          {thresholds.critical_high !== null &&
            band(thresholds.critical_high, hi, 'chart-band-critical', 'ch')}
        </g>
      )}
      <line className="chart-axis" x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={height - PAD.bottom} />
      <line
        className="chart-axis"
        x1={PAD.left}
        x2={width - PAD.right}
        y1={height - PAD.bottom}
        y2={height - PAD.bottom}
      />
      <text className="chart-axis-label" x={PAD.left - 4} y={y(hi) + 10} textAnchor="end">
        {Math.round(hi)}
      </text>
      <text className="chart-axis-label" x={PAD.left - 4} y={y(lo)} textAnchor="end">
        {Math.round(lo)}
      </text>
      {points.length > 1 && <path className="chart-line" d={line} fill="none" />}
      {points.map((p) => (
        <circle
          key={`${p.t}-${p.value}`}
          className={`chart-dot chart-dot-${p.level ?? 'normal'}`}
          cx={x(p.t)}
          cy={y(p.value)}
          r={3}
        />
      ))}
    </svg>
  );
}
