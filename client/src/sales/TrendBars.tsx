import { Colors } from '@blueprintjs/core';

/** One month's bar of a trend. */
export interface TrendBar {
  /** 'YYYY-MM'. */
  readonly month: string;
  /** What the bar's label says, e.g. 'Mar'. */
  readonly label: string;
  readonly value: number;
}

export interface TrendBarsProps {
  /** What the bars show, e.g. 'Enrolled patients per month'; names the chart for screen readers. */
  readonly caption: string;
  readonly bars: readonly TrendBar[];
  /** A value as the bar and its text alternative say it ('$1,234.00', '12'). */
  readonly format: (value: number) => string;
  readonly colour?: string;
}

/**
 * A month-by-month bar chart drawn as elements like the dashboards' FigureBars, without links
 * (decisions.md "Dashboard bars drawn as elements"): the figure is one image whose label reads every month's value, the caption names it.
 */
export function TrendBars({ caption, bars, format, colour = Colors.BLUE3 }: TrendBarsProps) {
  const largest = Math.max(0, ...bars.map((bar) => bar.value));
  const summary = `${caption}: ${bars.map((bar) => `${bar.label} ${format(bar.value)}`).join(', ')}`;
  return (
    <figure className="dashboard-figure">
      <figcaption className="dashboard-figure-caption">{caption}</figcaption>
      <div className="dashboard-plot" role="img" aria-label={summary}>
        {bars.map((bar) => (
          <div key={bar.month} className="dashboard-plot-column">
            <div className="dashboard-plot-area">
              <span className="dashboard-plot-value">{format(bar.value)}</span>
              <div
                className="dashboard-plot-bar"
                style={{ height: `${(100 * bar.value) / Math.max(1, largest)}%`, background: colour }}
              />
            </div>
            <span className="dashboard-plot-label">{bar.label}</span>
          </div>
        ))}
      </div>
    </figure>
  );
}
