import { BILLING_PROGRAMS } from '@rpm/shared';
import { Link } from 'wouter';
import type { CountBar } from './billing-counts';

export interface CountChartProps {
  readonly bars: readonly CountBar[];
  /** What the chart shows, e.g. 'Patients per code, March 2026'; read out as the list's name. */
  readonly caption: string;
  /** Where a bar leads (the billing report of the month); absent: the bars are not links. */
  readonly href?: string;
}

/**
 * A horizontal bar chart of the month's patients per code (billing dashboard), drawn with CSS: each bar is a list
 * item with its code, its name and its count as text, so a screen reader reads every bar, and a link into the
 * report when `href` is given.
 */
export function CountChart({ bars, caption, href }: CountChartProps) {
  return (
    <figure className="billing-figure">
      <figcaption className="billing-figure-caption">{caption}</figcaption>
      <ul className="billing-legend" aria-hidden="true">
        {BILLING_PROGRAMS.filter((program) => bars.some((bar) => bar.group === program)).map((program) => (
          <li key={program}>
            <span className="billing-legend-swatch billing-bar-fill" data-group={program} />
            {program}
          </li>
        ))}
      </ul>
      <ul className="billing-chart" aria-label={caption}>
        {bars.map((bar) => {
          const content = (
            <>
              <span className="billing-bar-label">
                <strong>{bar.code}</strong>
                {bar.label}
              </span>
              <span className="billing-bar-track" aria-hidden="true">
                <span
                  className={`billing-bar-fill${bar.value === 0 ? ' is-zero' : ''}`}
                  data-group={bar.group}
                  style={{ width: `${Math.round(bar.share * 1000) / 10}%`, display: 'block' }}
                />
              </span>
              <span className="billing-bar-value">
                {bar.value}
                {bar.units > bar.value ? ` (${bar.units} units)` : ''}
              </span>
            </>
          );
          return (
            <li key={bar.key} data-code-key={bar.key}>
              {href ? (
                <Link href={href} className="billing-bar">
                  {content}
                </Link>
              ) : (
                <span className="billing-bar">{content}</span>
              )}
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
