import { Colors, Intent } from '@blueprintjs/core';
import { Link } from 'wouter';

/** One bar: a figure, its label, the list it counts and its colour (Blueprint's Intent). */
export interface FigureBar {
  readonly key: string;
  readonly label: string;
  readonly count: number;
  readonly href: string;
  readonly intent?: Intent;
}

/** Blueprint's Intent colours (the 3rd shade, as Blueprint's own intent fills). */
const INTENT_COLOURS: Record<Intent, string> = {
  [Intent.NONE]: Colors.GRAY3,
  [Intent.PRIMARY]: Colors.BLUE3,
  [Intent.SUCCESS]: Colors.GREEN3,
  [Intent.WARNING]: Colors.ORANGE3,
  [Intent.DANGER]: Colors.RED3,
};

const barColour = (bar: Pick<FigureBar, 'intent'>) => INTENT_COLOURS[bar.intent ?? Intent.PRIMARY];

export interface FigureBarsProps {
  /** What the bars count, e.g. 'Patients by RPM status'; names the chart and its list for screen readers. */
  readonly caption: string;
  readonly bars: readonly FigureBar[];
}

/** A bar's height as a share of the chart's: the largest count fills it (an all-zero chart draws no bars). */
const heightOf = (count: number, largest: number) => `${(100 * count) / Math.max(1, largest)}%`;

/**
 * A bar chart of counts (where people look rather than read), above the same figures as a list of links, each to
 * the list it counts. The chart is one image whose label reads every bar; the list is the text equivalent and the
 * way in for keyboard and screen-reader users. Drawn as elements, not on uPlot's canvas, whose axis wrote long
 * labels over each other and whose four canvases were some 45 ms of a dashboard sign-in's main-thread work
 * (decisions.md "Dashboard bars drawn as elements").
 */
export function FigureBars({ caption, bars }: FigureBarsProps) {
  const summary = `${caption}: ${bars.map((bar) => `${bar.label} ${bar.count}`).join(', ')}`;
  const largest = Math.max(0, ...bars.map((bar) => bar.count));
  return (
    <figure className="dashboard-figure">
      <figcaption className="dashboard-figure-caption">{caption}</figcaption>
      <div className="dashboard-plot" role="img" aria-label={summary}>
        {bars.map((bar) => (
          <div key={bar.key} className="dashboard-plot-column">
            <div className="dashboard-plot-area">
              <span className="dashboard-plot-value">{bar.count}</span>
              <div
                className="dashboard-plot-bar"
                style={{ height: heightOf(bar.count, largest), background: barColour(bar) }}
              />
            </div>
            <span className="dashboard-plot-label">{bar.label}</span>
          </div>
        ))}
      </div>
      <ul className="dashboard-bars" aria-label={caption}>
        {bars.map((bar) => (
          <li key={bar.key}>
            <Link href={bar.href} className="dashboard-bar-link">
              <span className="dashboard-swatch" style={{ background: barColour(bar) }} aria-hidden="true" />
              <span className="dashboard-bar-label">{bar.label}</span>
              <strong className="dashboard-bar-count">{bar.count}</strong>
            </Link>
          </li>
        ))}
      </ul>
    </figure>
  );
}
