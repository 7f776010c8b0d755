import { Colors, Intent } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
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

/** uPlot's per-bar colour facet (BarsPathBuilderFacetUnit.Color, a const enum the bundler does not inline). */
const COLOUR_UNIT = 3 as uPlot.Series.BarsPathBuilderFacetUnit;

/** Props of {@link FigureBars}. */
export interface FigureBarsProps {
  /** What the bars count, e.g. 'Patients by RPM status'; names the chart and its list for screen readers. */
  readonly caption: string;
  readonly bars: readonly FigureBar[];
  readonly width?: number;
  readonly height?: number;
}

/**
 * A bar chart of counts drawn with uPlot (where people look rather than read), above the same figures as a list
 * of links, each to the list it counts. The canvas is one image whose label reads every bar; the list is the text
 * equivalent and the way in for keyboard and screen-reader users.
 */
export function FigureBars({ caption, bars, width = 360, height = 160 }: FigureBarsProps) {
  const host = useRef<HTMLDivElement>(null);
  const summary = `${caption}: ${bars.map((bar) => `${bar.label} ${bar.count}`).join(', ')}`;

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const colours = bars.map(barColour);
    const plot = new uPlot(
      {
        width,
        height,
        legend: { show: false },
        cursor: { show: false },
        scales: {
          x: { time: false, range: [-0.5, bars.length - 0.5] },
          y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
        },
        axes: [
          {
            // One tick per bar, named by its label.
            splits: () => bars.map((_, index) => index),
            values: (_u, ticks) => ticks.map((tick) => bars[tick]?.label ?? ''),
            size: 40,
            gap: 4,
          },
          { size: 40 },
        ],
        series: [
          {},
          {
            label: caption,
            // Per-bar colours need an unstroked series (uPlot's bars builder ignores them otherwise).
            width: 0,
            paths: uPlot.paths.bars?.({
              size: [0.7, 64],
              disp: { fill: { unit: COLOUR_UNIT, values: () => colours } },
            }),
            points: { show: false },
          },
        ],
      },
      [bars.map((_, index) => index), bars.map((bar) => bar.count)],
      el,
    );
    return () => plot.destroy();
  }, [bars, caption, width, height]);

  return (
    <figure className="dashboard-figure">
      <figcaption className="dashboard-figure-caption">{caption}</figcaption>
      <div ref={host} className="dashboard-plot" role="img" aria-label={summary} />
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
