import {
  displayDate,
  displayDateTime,
  type FilterOption,
  type ListDef,
  monthLabel,
  timeZoneName,
} from '@rpm/shared';
import { displayNameOf } from '../auth/account-store.js';
import type { Deps } from '../deps.js';
import type { ListView, ListViewer } from './source.js';

/** The head of a list's CSV and PDF: the filters in force, when, by whom; safe CSV cells. */

/** Options of the scope-dependent filters, by filter key. */
export type Options = Record<string, FilterOption[]>;

/** A cell a spreadsheet would run as a formula (OWASP CSV injection, CWE-1236). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The cell as written to a CSV file: an apostrophe before a leading formula character. */
export function neutralise(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** CSV as RFC 4180 with CRLF lines, formula cells neutralised: every CSV the BFF writes. */
export const CSV_OPTIONS = { record_delimiter: 'windows', cast: { string: neutralise } } as const;

/** 'Label: value labels' of each filter in force, and the search text, for the head of an export. */
function filtersInForce(def: ListDef, view: ListView, options: Options): [string, string][] {
  const lines: [string, string][] = [];
  for (const filter of def.filters) {
    if (filter.dateRange) {
      const from = view.filters[`${filter.key}_from`];
      const to = view.filters[`${filter.key}_to`];
      if (typeof from === 'string' || typeof to === 'string')
        lines.push([filter.label, `${displayDate(from as string)} – ${displayDate(to as string)}`.trim()]);
      continue;
    }
    const value = view.filters[filter.key];
    if (filter.checkbox) {
      if (value === '1') lines.push([filter.label, 'Yes']);
      continue;
    }
    const values = typeof value === 'string' ? [value] : (value ?? []);
    if (values.length === 0) {
      if (filter.exportAll !== undefined) lines.push([filter.label, filter.exportAll]);
      continue;
    }
    const known = new Map((filter.options ?? options[filter.key] ?? []).map((o) => [o.value, o.label]));
    const label = (v: string) => known.get(v) ?? (filter.kind === 'month' ? monthLabel(v) : v);
    lines.push([filter.label, values.map(label).join(', ')]);
  }
  if (view.search) lines.push(['Search', view.search]);
  return lines;
}

/** 'MM/DD/YYYY hh:mm AM' with the server's time-zone name, as an export's 'Generated' line shows it. */
function generatedAt(now: Date): string {
  return `${displayDateTime(now.toISOString())} ${timeZoneName(now)}`.trim();
}

/** The export's head: title, filters in force, when, by whom. */
export async function exportFacts(
  deps: Deps,
  def: ListDef,
  view: ListView,
  options: Options,
  viewer: ListViewer,
): Promise<[string, string][]> {
  return [
    ...filtersInForce(def, view, options),
    ['Generated', generatedAt(viewer.now)],
    ['By', await displayNameOf(deps.db, viewer.auth.userId)],
  ];
}
