// Over 300 lines: the list pattern's one declaration and every call, schema and type derived from it.
import { z } from 'zod';
import { type CallAccess, defineCall } from '../api/contract.js';
import { pageEnvelope } from '../api/envelope.js';
import { RECORD_ID_MAX } from '../api/ids.js';
import { PAGING } from '../api/paging.js';
import { calendarDay } from '../calendar.js';
import { type CellFormat, PATIENT_FIELD } from './format.js';

/**
 * The list pattern (architecture.md "Lists"): one declaration per list from which its calls, its server
 * registration (bff/src/lists/), its screen (client/src/list/ListScreen) and its exports follow. Sort keys,
 * columns, filters and paging are declared here once; nothing else repeats them.
 */

/** One column of a list (001 §2.4; 000 §2.11: 'More Information' shows every column). */
export interface ListColumn<K extends string = string> {
  readonly key: K;
  readonly label: string;
  /** The server can order by it (a stable order: the list's `idKey` breaks ties). */
  readonly sortable?: boolean;
  /** How the cell is written on screen and in exports (format.ts). Default 'text'. */
  readonly format?: CellFormat;
  /** A route the cell links to, with `{field}` placeholders filled from the row (e.g. the chart of the patient). */
  readonly link?: string;
  /** Shown on screen only, not in CSV/PDF (a drawing such as the compliance strip). */
  readonly screenOnly?: boolean;
  /** Values in their ascending order where it is not the text's (levels, workflow states). */
  readonly rank?: readonly string[];
  /** The order within equal values of this column, before the id (descending reverses it too). */
  readonly thenBy?: { readonly key: string; readonly order: 'asc' | 'desc' };
}

/** A value a filter offers (001 §3 "Filter option objects": label and value). */
export interface FilterOption {
  readonly label: string;
  readonly value: string;
}

/**
 * A filter in the spec's filter-definition shape (001 §2.4: label, value options, flags multi / search / checkbox /
 * dateRange, key).
 * - `options` fixed here; without them the list's filterOptions call answers the options in the user's scope, and
 *   each value is a record id the server checks against that scope (403 naming the field otherwise).
 * - `dateRange`: two query fields `{key}_from` and `{key}_to` ('YYYY-MM-DD'), labelled 'Start Date*' and
 *   'End Date*'; no future dates unless `future` (001 §5: schedule views).
 * - `checkbox`: one on/off flag, sent as '1'.
 * - `hidden`: set only by a route segment or a link (e.g. the worklist's patient), not offered in the drawer.
 */
export interface ListFilter<K extends string = string> {
  readonly key: K;
  readonly label: string;
  readonly options?: readonly FilterOption[];
  readonly multi?: boolean;
  readonly search?: boolean;
  readonly checkbox?: boolean;
  readonly dateRange?: boolean;
  readonly future?: boolean;
  readonly hidden?: boolean;
  /** What an export's head says for the filter while it is unset, where the head must name it (e.g. 'All practices'). */
  readonly exportAll?: string;
  /**
   * Values of a filter without fixed options: record ids (the default), months 'YYYY-MM', or words the server
   * offers (`text`: e.g. the audit report's actions; a word it does not offer is refused with 400).
   */
  readonly kind?: 'id' | 'month' | 'text';
}

/** The export formats of the print-options dialog (001 §2.4). */
export type ExportFormat = 'pdf' | 'csv';

export interface ListSpec<Row extends z.ZodObject, F extends string> {
  /** Short id of the list: its calls live under `rpm/lists/{name}`. */
  readonly name: string;
  /** The title exports and the screen use. */
  readonly title: string;
  /** Where the spec lists it. */
  readonly spec: string;
  /** Route pattern of the screen (shared/src/routes.ts holds the same row). */
  readonly route: string;
  /**
   * The access-list entry that opens the screen and its calls (000 §2.4); `null` for a route open to every session
   * (000 §2.2), whose store shows each user only their own scope.
   */
  readonly page: string | null;
  /** A call link or a temporary login opens it too (the Aws Call row, 000 §2.4, §6.2; CallAccess). */
  readonly orCallLink?: boolean;
  readonly row: Row;
  /** The field that identifies a row; also the last sort key of every order (the tie-breaker). */
  readonly idKey: keyof z.infer<Row> & string;
  readonly columns: readonly ListColumn<keyof z.infer<Row> & string>[];
  readonly defaultSort: { readonly key: keyof z.infer<Row> & string; readonly order: 'asc' | 'desc' };
  readonly filters: readonly ListFilter<F>[];
  /** Filter values in force when the URL names none (e.g. the worklist shows open alerts). */
  readonly defaultFilters?: Partial<Record<F, string | ((today: string) => string)>>;
  /** The search box's placeholder; without it the list has no search box. */
  readonly searchPlaceholder?: string;
  readonly exports: readonly ExportFormat[];
  /** Where a row opens (Enter on a row, a click on its linked cell), with `{field}` placeholders. */
  readonly open?: string;
  /**
   * Route segments that preselect a filter (decisions.md "Route segments preselect filters"): the segment's
   * value is matched against the filter's options by value, or by label written as a slug ('on-hold' for
   * 'On Hold'); an unmatched segment preselects nothing.
   */
  readonly routeFilters?: Readonly<Record<string, F>>;
  /** The rows are the signed-in user's own (My Tasks), not those of the practices in scope. */
  readonly own?: boolean;
  /**
   * A money column (format 'usd') summed over the whole filtered list: the page answers it as `total`, the screen
   * shows it beside the toolbar and the exports' head carries it (a billing report's total revenue, 001 §2.1).
   */
  readonly total?: keyof z.infer<Row> & string;
}

const RESERVED = new Set(['page', 'rowsPerPage', 'orderby', 'order', 'search']);

/** The 400 text of a filter value the list does not know. */
export const unknownValueText = (field: string, value: string) =>
  `${field} has an unknown value '${value.slice(0, 40)}'`;

/** A comma-separated list of values in a query string (a multi filter), each checked by `item`. */
function commaList(item: z.ZodType<string>, field: string) {
  return z
    .string()
    .max(2000)
    .transform((text, ctx) => {
      const values = text === '' ? [] : text.split(',');
      for (const value of values) {
        const parsed = item.safeParse(value);
        if (!parsed.success) {
          ctx.addIssue({ code: 'custom', message: unknownValueText(field, value) });
          return z.NEVER;
        }
      }
      return [...new Set(values)];
    });
}

const idText = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .refine((text) => Number(text) <= RECORD_ID_MAX);

/** A server-offered option value of a `text` filter: no comma (the multi separator), no spaces. */
const optionWord = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/);

/** The query fields one filter adds to the list call. */
function filterFields(filter: ListFilter): Record<string, z.ZodType> {
  // An empty range end or checkbox is 'all' like an absent one (a removed chip); defaults are for option filters.
  const blankIsAbsent = (value: unknown) => (value === '' ? undefined : value);
  if (filter.dateRange) {
    const day = (field: string) =>
      z.preprocess(blankIsAbsent, calendarDay(`${field} must be a calendar day, YYYY-MM-DD`).optional());
    return {
      [`${filter.key}_from`]: day(`${filter.key}_from`),
      [`${filter.key}_to`]: day(`${filter.key}_to`),
    };
  }
  if (filter.checkbox) return { [filter.key]: z.preprocess(blankIsAbsent, z.enum(['0', '1']).optional()) };
  const item: z.ZodType<string> = filter.options
    ? z.enum(filter.options.map((o) => o.value) as [string, ...string[]])
    : filter.kind === 'month'
      ? z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/)
      : filter.kind === 'text'
        ? optionWord
        : idText;
  return { [filter.key]: commaList(item, filter.key).optional() };
}

/** The parsed filter values of a list call: arrays for option filters, days for ranges, flags for checkboxes. */
export type FilterValues = Readonly<Record<string, readonly string[] | string | undefined>>;

/** Who may call a list's calls: its access-list entry's holders, or every session for a list without one. */
export function listAccess(spec: Pick<ListSpec<z.ZodObject, string>, 'page' | 'orCallLink'>): CallAccess {
  if (spec.page === null) return 'session';
  return spec.orCallLink ? { page: spec.page, orCallLink: true } : { page: spec.page };
}

/** Whether a user with these access-list entries may read the list (a list without an entry: every user). */
export function listOpenTo(
  pages: Iterable<string>,
  spec: Pick<ListSpec<z.ZodObject, string>, 'page'>,
): boolean {
  return spec.page === null || [...pages].includes(spec.page);
}

type RowKey<Row extends z.ZodObject> = keyof z.infer<Row> & string;

/** A list definition with the calls derived from it. */
export type ListDef<
  Row extends z.ZodObject = z.ZodObject,
  F extends string = string,
  C extends readonly ListColumn<RowKey<Row>>[] = readonly ListColumn<RowKey<Row>>[],
  Fl extends readonly ListFilter<F>[] = readonly ListFilter<F>[],
> = ReturnType<typeof defineList<Row, F, C, Fl>>;

/** The keys of a definition's sortable columns, as declared (a misspelled one does not compile). */
export type SortKeyOf<D extends { readonly columns: readonly ListColumn[] }> = Extract<
  D['columns'][number],
  { readonly sortable: true }
>['key'];

export type FiltersOf<D extends { readonly filters: readonly ListFilter[] }> = {
  readonly [K in D['filters'][number]['key']]: Extract<D['filters'][number], { readonly key: K }>;
};

/**
 * Declares a list and derives its calls: `list` (one page and the count), `filterOptions` (the options of filters
 * whose values depend on the user's scope) and one call per export format. The query of `list` is what the
 * screen keeps in its URL (client/src/list/url-state.ts), so a reload or a shared link restores the list.
 */
export function defineList<
  const Row extends z.ZodObject,
  const F extends string,
  const C extends readonly ListColumn<RowKey<Row>>[] = readonly ListColumn<RowKey<Row>>[],
  const Fl extends readonly ListFilter<F>[] = readonly ListFilter<F>[],
>(spec: ListSpec<Row, F> & { readonly columns: C; readonly filters: Fl }) {
  const sortKeys = spec.columns.filter((c) => c.sortable).map((c) => c.key);
  if (!sortKeys.includes(spec.defaultSort.key))
    throw new Error(`${spec.name}: the default sort '${spec.defaultSort.key}' is not a sortable column`);
  const rowKeys = new Set(Object.keys(spec.row.shape));
  for (const column of spec.columns) {
    if (!rowKeys.has(column.key)) throw new Error(`${spec.name}: column '${column.key}' is not in the row`);
    if (column.format === 'patient' && !rowKeys.has(PATIENT_FIELD))
      throw new Error(
        `${spec.name}: column '${column.key}' names the row's '${PATIENT_FIELD}', which it lacks`,
      );
  }
  for (const filter of spec.filters)
    if (RESERVED.has(filter.key)) throw new Error(`${spec.name}: filter key '${filter.key}' is reserved`);
  if (spec.total !== undefined && spec.columns.find((c) => c.key === spec.total)?.format !== 'usd')
    throw new Error(`${spec.name}: the total '${spec.total}' is not a money column`);

  const filterShape: Record<string, z.ZodType> = {};
  for (const filter of spec.filters) Object.assign(filterShape, filterFields(filter));

  /** Sort, search and filters (001 §2.4): what every call of the list takes. */
  const viewShape = {
    orderby: z.enum(sortKeys as [string, ...string[]]).default(spec.defaultSort.key),
    order: z.enum(['asc', 'desc']).default(spec.defaultSort.order),
    search: z.string().trim().max(100).optional(),
    ...filterShape,
  };
  /** Paging (000 §9, 001 §9), declared once in api/paging.ts. */
  const pageShape = PAGING;
  const rangesInOrder = (query: Record<string, unknown>, ctx: z.RefinementCtx) => {
    for (const filter of spec.filters) {
      if (!filter.dateRange) continue;
      const from = query[`${filter.key}_from`];
      const to = query[`${filter.key}_to`];
      if (typeof from === 'string' && typeof to === 'string' && to < from)
        ctx.addIssue({
          code: 'custom',
          path: [`${filter.key}_to`],
          message: `${filter.key}_to must not be before ${filter.key}_from`,
        });
    }
  };
  const viewQuery = z.object(viewShape).superRefine(rangesInOrder);
  const listQuery = z.object({ ...pageShape, ...viewShape }).superRefine(rangesInOrder);
  const access = listAccess(spec);
  const base = `rpm/lists/${spec.name}`;

  const list = defineCall({
    method: 'GET',
    path: base,
    spec: `${spec.spec}; issue 10 (list pattern)`,
    summary: `${spec.title}: one page, sorted and filtered, with the total count`,
    access,
    query: listQuery,
    response: pageEnvelope(spec.row),
  });
  const filterOptions = defineCall({
    method: 'GET',
    path: `${base}/filterOptions`,
    spec: '001 §2.4, §3 (filter option objects); issue 10',
    summary: `${spec.title}: the options of each filter whose values depend on the user's scope`,
    access,
    response: z.object({
      status: z.number().int(),
      data: z.record(z.string(), z.array(z.object({ label: z.string(), value: z.string() }))),
    }),
  });
  const exportCall = (format: ExportFormat) =>
    defineCall({
      method: 'GET',
      path: `${base}/${format}`,
      spec: '001 §2.4 (print options); issue 10',
      summary: `${spec.title}: the whole filtered list as ${format.toUpperCase()} (a file; errors use the JSON error envelope)`,
      access,
      query: viewQuery,
      response: z.unknown(),
    });
  const exportCalls: Partial<Record<ExportFormat, ReturnType<typeof exportCall>>> = {};
  for (const format of spec.exports) exportCalls[format] = exportCall(format);

  return {
    ...spec,
    sortKeys: sortKeys as readonly string[],
    /** Sort, search and filters: the query of the exports. */
    viewQuery,
    /** The list call's query: paging plus {@link viewQuery}. */
    listQuery,
    calls: { list, filterOptions, ...exportCalls },
  };
}

/** The filter values of a parsed list query, by filter key (date ranges as `{key}_from` / `{key}_to`). */
export function filterValues(
  def: Pick<ListSpec<z.ZodObject, string>, 'filters'>,
  query: object,
): FilterValues {
  const values: Record<string, readonly string[] | string | undefined> = {};
  const q = query as Record<string, unknown>;
  for (const filter of def.filters) {
    const keys = filter.dateRange ? [`${filter.key}_from`, `${filter.key}_to`] : [filter.key];
    for (const key of keys) {
      const value = q[key];
      if (typeof value === 'string' || Array.isArray(value)) values[key] = value as string[] | string;
    }
  }
  return values;
}

/**
 * A filter's default value on a day ('YYYY-MM-DD'): as declared, or computed from the day (the last whole month a
 * billing list opens on). The server and the screen both read defaults through it.
 */
export function defaultFilterValue(
  def: Pick<ListSpec<z.ZodObject, string>, 'defaultFilters'>,
  key: string,
  today: string,
): string | undefined {
  const value = (
    def.defaultFilters as Record<string, string | ((today: string) => string) | undefined> | undefined
  )?.[key];
  return typeof value === 'function' ? value(today) : value;
}

/** Fills `{field}` placeholders of a route template from a row. */
export function fillRoute(template: string, row: Readonly<Record<string, unknown>>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(String(row[key] ?? '')));
}
