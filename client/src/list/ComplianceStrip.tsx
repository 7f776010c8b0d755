import { Tooltip } from '@blueprintjs/core';
import type { StripMonth } from '@rpm/shared';
import { format } from 'date-fns';

const STATE_TEXT: Record<StripMonth['state'], string> = {
  before: 'before setup',
  met: 'target met',
  missed: 'target missed',
};

/** 'March 2026' of 'YYYY-MM'. */
function monthName(month: string): string {
  const [year, m] = month.split('-').map(Number);
  if (!year || !m) return month;
  return format(new Date(year, m - 1, 1), 'MMMM yyyy');
}

/**
 * The compliance strip (001 §2.9): five small squares, one a month, each with a tooltip of the month's name. Colour
 * (001 §4): grey before the setup month, light green when the month's target was met, red otherwise. The state is
 * also spoken, as colour alone does not reach every reader.
 */
export function ComplianceStrip({ months }: { readonly months: unknown }) {
  if (!Array.isArray(months)) return null;
  const shown = months as StripMonth[];
  return (
    <span
      className="list-strip"
      role="img"
      aria-label={shown.map((m) => `${monthName(m.month)}: ${STATE_TEXT[m.state]}`).join('; ')}
    >
      {shown.map((m) => (
        <Tooltip key={m.month} content={monthName(m.month)} placement="top" compact>
          <span className={`list-strip-square list-strip-${m.state}`} data-state={m.state} />
        </Tooltip>
      ))}
    </span>
  );
}
