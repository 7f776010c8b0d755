import { Classes, Icon, Tag } from '@blueprintjs/core';
import { displayDate, type FilterOption, type ListFilter } from '@rpm/shared';

export interface FilterChipsProps {
  readonly filters: readonly ListFilter[];
  /** The filter fields in force ('' or absent: all). */
  readonly values: Readonly<Record<string, string>>;
  readonly optionsOf: (filter: ListFilter) => readonly FilterOption[];
  /** Removing a chip resets that filter to 'all' (001 §2.4). */
  readonly onRemove: (filter: ListFilter) => void;
}

/** What a chip says of a filter's value; null when the filter is at 'all'. */
function chipText(
  filter: ListFilter,
  values: Readonly<Record<string, string>>,
  options: readonly FilterOption[],
): string | null {
  if (filter.dateRange) {
    const from = values[`${filter.key}_from`] ?? '';
    const to = values[`${filter.key}_to`] ?? '';
    if (from === '' && to === '') return null;
    return `${filter.label}: ${displayDate(from)} – ${displayDate(to)}`;
  }
  const value = values[filter.key] ?? '';
  if (value === '') return null;
  if (filter.checkbox) return value === '1' ? filter.label : null;
  const labels = value.split(',').map((v) => options.find((o) => o.value === v)?.label ?? v);
  return `${filter.label}: ${labels.join(', ')}`;
}

/** The applied filters as chips (001 §2.4), each with a remove button naming its filter. */
export function FilterChips({ filters, values, optionsOf, onRemove }: FilterChipsProps) {
  const chips = filters.flatMap((filter) => {
    const text = chipText(filter, values, optionsOf(filter));
    return text === null ? [] : [{ filter, text }];
  });
  if (chips.length === 0) return null;
  return (
    <ul className="list-chips" aria-label="Applied filters">
      {chips.map(({ filter, text }) => (
        <li key={filter.key}>
          <Tag
            round
            minimal
            endIcon={
              <button
                type="button"
                className={Classes.TAG_REMOVE}
                aria-label={`Remove filter ${filter.label}`}
                onClick={() => onRemove(filter)}
              >
                <Icon icon="small-cross" />
              </button>
            }
          >
            {text}
          </Tag>
        </li>
      ))}
    </ul>
  );
}
