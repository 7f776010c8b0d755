import {
  DEFAULT_PAGE_SIZE,
  defaultFilterValue,
  type FilterOption,
  isoDay,
  type ListDef,
  type ListFilter,
  PAGE_SIZES,
} from '@rpm/shared';
import type { PageSize } from './TablePager';

/**
 * The whole state of a list screen, as its URL query string holds it: the same fields as the list call's query
 * (`def.listQuery`), so a reload, the back button and a shared link restore the list
 * (decisions.md "List state in the URL").
 */
export interface ListState {
  readonly page: number;
  readonly rowsPerPage: PageSize;
  readonly orderby: string;
  readonly order: 'asc' | 'desc';
  /** The search applied ('' for none). */
  readonly search: string;
  /**
   * Filter query fields as sent (multi values comma-separated, ranges as `{key}_from`/`{key}_to`). A field absent
   * takes the definition's default (or the route's preset); present but '' means "all".
   */
  readonly filters: Readonly<Record<string, string>>;
}

/** The query fields one filter uses (a date range has two). */
export function filterFieldKeys(filter: ListFilter): readonly string[] {
  return filter.dateRange ? [`${filter.key}_from`, `${filter.key}_to`] : [filter.key];
}

/** A parsed query value as the text the URL and the call carry. */
function asText(value: unknown): string | undefined {
  if (Array.isArray(value)) return value.join(',');
  if (typeof value === 'string') return value;
  return undefined;
}

const MAX_RETRIES = 20;

/**
 * The list state of a URL query string, parsed with the list call's own query schema. A field the schema refuses
 * (an unknown sort key, a page size of 7, a value outside a filter's options) falls back to its default; the others
 * stay.
 */
export function parseListState(def: ListDef, search: string): ListState {
  const raw: Record<string, string> = Object.fromEntries(new URLSearchParams(search));
  let parsed = def.listQuery.safeParse(raw);
  for (let i = 0; !parsed.success && i < MAX_RETRIES; i++) {
    const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? '')));
    // A refinement across fields (a range out of order) names its later field; with no path, start over empty.
    if (bad.has('')) {
      for (const key of Object.keys(raw)) delete raw[key];
    } else {
      for (const key of bad) delete raw[key];
    }
    parsed = def.listQuery.safeParse(raw);
  }
  const query = (parsed.success ? parsed.data : {}) as Record<string, unknown>;
  const filters: Record<string, string> = {};
  for (const filter of def.filters)
    for (const key of filterFieldKeys(filter)) {
      const text = asText(query[key]);
      if (text !== undefined) filters[key] = text;
    }
  return {
    page: typeof query.page === 'number' ? query.page : 0,
    rowsPerPage: (PAGE_SIZES as readonly number[]).includes(query.rowsPerPage as number)
      ? (query.rowsPerPage as PageSize)
      : DEFAULT_PAGE_SIZE,
    orderby: typeof query.orderby === 'string' ? query.orderby : def.defaultSort.key,
    order: query.order === 'desc' || query.order === 'asc' ? query.order : def.defaultSort.order,
    search: typeof query.search === 'string' ? query.search : '',
    filters,
  };
}

/** The URL query string of a list state; defaults are left out, so a plain list has a plain URL. */
export function listStateSearch(def: ListDef, state: ListState): string {
  const params = new URLSearchParams();
  if (state.page !== 0) params.set('page', String(state.page));
  if (state.rowsPerPage !== DEFAULT_PAGE_SIZE) params.set('rowsPerPage', String(state.rowsPerPage));
  if (state.orderby !== def.defaultSort.key || state.order !== def.defaultSort.order) {
    params.set('orderby', state.orderby);
    params.set('order', state.order);
  }
  if (state.search !== '') params.set('search', state.search);
  for (const [key, value] of Object.entries(state.filters)) params.set(key, value);
  return params.toString();
}

/** The filter fields in force: the URL's, then the route's presets, then the definition's defaults. */
export function effectiveFilters(
  def: ListDef,
  state: ListState,
  presets: Readonly<Record<string, string>>,
): Record<string, string> {
  const today = isoDay(new Date());
  const out: Record<string, string> = {};
  for (const filter of def.filters)
    for (const key of filterFieldKeys(filter)) {
      const value = state.filters[key] ?? presets[key] ?? defaultFilterValue(def, key, today);
      if (value !== undefined && value !== '') out[key] = value;
    }
  return out;
}

/**
 * The query of the exports (`def.viewQuery`): sort, search and filters. Filters the URL names are sent as named
 * ('' = all); route presets are sent when the URL names none; the rest are left out, so the server applies the
 * definition's defaults (the same rule as the screen's).
 */
export function viewQueryOf(
  def: ListDef,
  state: ListState,
  presets: Readonly<Record<string, string>>,
): Record<string, string> {
  const query: Record<string, string> = { orderby: state.orderby, order: state.order };
  if (state.search !== '') query.search = state.search;
  for (const filter of def.filters)
    for (const key of filterFieldKeys(filter)) {
      const value = state.filters[key] ?? presets[key];
      if (value !== undefined) query[key] = value;
    }
  return query;
}

/** The query of the list call: paging plus {@link viewQueryOf}. */
export function listQueryOf(
  def: ListDef,
  state: ListState,
  presets: Readonly<Record<string, string>>,
): Record<string, string> {
  return {
    page: String(state.page),
    rowsPerPage: String(state.rowsPerPage),
    ...viewQueryOf(def, state, presets),
  };
}

/** A label as a URL segment: 'On Hold' → 'on-hold'. */
export function slug(label: string): string {
  return label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** What {@link routePresets} found: the filter fields the route preselects, and whether options are still needed. */
export interface RoutePresets {
  readonly values: Readonly<Record<string, string>>;
  /** A segment names an option of a filter whose options are not loaded yet: wait before loading the list. */
  readonly waiting: boolean;
}

/**
 * The filters a route's segments preselect (`def.routeFilters`): a segment matches an option by value or by its
 * label as a slug ('on-hold' ↔ 'On Hold'). For a filter without options (a record id such as the worklist's
 * patient), a value the filter accepts is taken as it is. An unmatched segment preselects nothing.
 */
export function routePresets(
  def: ListDef,
  params: Readonly<Record<string, string | undefined>>,
  loadedOptions: Readonly<Record<string, readonly FilterOption[]>> | null,
): RoutePresets {
  const values: Record<string, string> = {};
  let waiting = false;
  for (const [param, filterKey] of Object.entries(def.routeFilters ?? {}) as [string, string][]) {
    const segment = params[param];
    const filter = def.filters.find((f) => f.key === filterKey);
    if (segment === undefined || segment === '' || !filter) continue;
    const text = safeDecode(segment);
    const options = filter.options ?? loadedOptions?.[filter.key];
    const accepted = def.listQuery.safeParse({ [filter.key]: text }).success;
    if (!filter.options && accepted) {
      values[filter.key] = text;
      continue;
    }
    if (!options) {
      if (loadedOptions === null) waiting = true;
      continue;
    }
    const match = options.find((o) => o.value === text || slug(o.label) === slug(text));
    if (match) values[filter.key] = match.value;
  }
  return { values, waiting };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
