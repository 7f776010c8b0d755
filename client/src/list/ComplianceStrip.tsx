import { Tooltip } from '@blueprintjs/core';
import { monthLabel, type StripMonth } from '@rpm/shared';

const STATE_TEXT: Record<StripMonth['state'], string> = {
  before: 'before setup',
  met: 'target met',
  missed: 'target missed',
};

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
      aria-label={shown.map((m) => `${monthLabel(m.month)}: ${STATE_TEXT[m.state]}`).join('; ')}
    >
      {shown.map((m) => (
        <Tooltip key={m.month} content={monthLabel(m.month)} placement="top" compact>
          <span className={`list-strip-square list-strip-${m.state}`} data-state={m.state} />
        </Tooltip>
      ))}
    </span>
  );
}
