import {
  type FilterOption,
  type FiltersOf,
  isoDay,
  type ListColumn,
  type ListFilter,
  type SortKeyOf,
} from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../db/schema.js';
import { rankSql } from './rank.js';
import { sliceSource } from './slice-source.js';
import type { DeclaredShows, FilterShows, ListSource, ListView, ListViewer } from './source.js';
import { and, type Base, by, byText, countWhere, orderSql, type SortBy, type Where } from './sql.js';
import { dayRange, isChecked, optionValues } from './view-values.js';

/**
 * A plain list's store, declared (architecture.md "Lists"): tables, scope, each row field's, sort key's and filter's
 * SQL and the scope's options, keyed by the definition's own keys so a misspelled one does not compile;
 * {@link listSource} builds the page, count, export chunks and options from it.
 */

/** What a request's SQL may depend on: the viewer, and the request's day on the app's clock. */
export interface ListContext {
  readonly viewer: ListViewer;
  /** 'YYYY-MM-DD' (UTC) of the request. */
  readonly today: string;
}

/** A filter's value as its condition receives it, by the filter's kind (define-list.ts's query conventions). */
export type FilterInput<F> = F extends { readonly dateRange: true }
  ? DayRange
  : F extends { readonly checkbox: true }
    ? true
    : F extends { readonly options: readonly FilterOption[] }
      ? readonly string[]
      : F extends { readonly kind: 'month' | 'text' }
        ? readonly string[]
        : readonly number[];

/** Filters whose options the user's scope decides (no fixed options, not a range or a checkbox). */
export type ScopedFilterKey<D extends ListShape> = {
  [K in keyof FiltersOf<D>]: FiltersOf<D>[K] extends
    | { readonly options: readonly FilterOption[] }
    | { readonly dateRange: true }
    | { readonly checkbox: true }
    ? never
    : K;
}[keyof FiltersOf<D>];

/** The parts of a list definition a declaration is typed by. */
export interface ListShape {
  readonly name: string;
  readonly row: z.ZodObject;
  readonly idKey: string;
  readonly columns: readonly ListColumn[];
  readonly filters: readonly ListFilter[];
  readonly total?: string;
}

/** A request's context with what the declaration's `prepare` step gave (`undefined` without one). */
export type PreparedContext<P> = ListContext & { readonly prepared: P };

type Fn<T, P> = (ctx: PreparedContext<P>) => T;

/** A definition's row. */
type RowOf<D extends ListShape> = z.infer<D['row']>;

/** A list's declaration; `P` is what its optional {@link ListDeclaration.prepare} step gives the others. */
export interface ListDeclaration<D extends ListShape, P = undefined> {
  /**
   * Run once per request before the other parts, for what their SQL needs read first (the viewer's organisations)
   * or the view decides (the month a figure is counted in); its result is `ctx.prepared`.
   */
  readonly prepare?: (db: Db, ctx: ListContext, view: ListView) => P | Promise<P>;
  /**
   * The FROM clause (a function where the request changes it). The count reads it too: a join only the row fields
   * read is best a left join the planner drops there (a lateral aggregate: one row for each row).
   */
  readonly from: RawBuilder<unknown> | Fn<RawBuilder<unknown>, P>;
  /** Which rows the viewer may read: the scope's condition. */
  readonly scope: (ctx: PreparedContext<P>, db: Db) => Where | Promise<Where>;
  /** Each row field's SQL. */
  readonly select: Fn<{ readonly [K in keyof RowOf<D>]: RawBuilder<unknown> }, P>;
  /** The row's id column (the order's tie-breaker). */
  readonly id: string;
  /**
   * The order of the sortable columns that do not sort by their row field as shown: a column left out sorts by
   * its `select` SQL (text case aside, a ranked column by its rank: {@link shownOrder}).
   */
  readonly sort?: Fn<{ readonly [K in SortKeyOf<D>]?: SortBy }, P>;
  /**
   * Each filter's condition for its value (called only when the filter has one). Where a row field shows the
   * filter's value, declare it as `{ shows, when }`: the generic suite then checks each filtered row by that field.
   */
  readonly where: {
    readonly [K in keyof FiltersOf<D>]: FilterDeclaration<FilterInput<FiltersOf<D>[K]>, RowOf<D>>;
  };
  /**
   * A table kept beside the rows (by triggers) with their count, and the total's sum, per group: the count and total
   * read it instead of the rows when the view has no search and sets no filter but `filters`. `from` aliases it as the
   * rows are, so the scope's and those filters' conditions hold on it unchanged; `applies` says whether the scope's
   * does (a scope finer than the groups counts the rows).
   */
  readonly tally?: {
    readonly from: RawBuilder<unknown>;
    /** The filter keys (plain strings: a declaration shared between lists must fit each of them). */
    readonly filters: readonly string[];
    readonly applies: (ctx: PreparedContext<P>) => boolean;
    /** A group's rows. */
    readonly count: RawBuilder<unknown>;
    /** A group's sum of the total column, as the total shows it. */
    readonly total?: RawBuilder<unknown>;
  };
  /** The search box's condition; a list without a search box leaves it out. */
  readonly search?: (text: string, ctx: ListContext) => Where | undefined;
  /** The options of the filters the scope decides. */
  readonly options: (
    db: Db,
    viewer: ListViewer,
    only?: ReadonlySet<string>,
  ) => Promise<{ readonly [K in ScopedFilterKey<D>]: FilterOption[] }>;
}

/** A filter's condition for its value. */
export type Condition<V> = (value: V, ctx: ListContext) => Where;

/** A filter's declaration: its condition, alone or with the row field that shows its value. */
export type FilterDeclaration<V, Row> = Condition<V> | (FilterShows<Row> & { readonly when: Condition<V> });

/** A date-range filter's value. */
export interface DayRange {
  readonly from?: Date;
  readonly before?: Date;
}

/** A date-range filter's condition: `instant` for timestamps, `day` for dates (compared as days, never shifted). */
export function inRange(expr: string | RawBuilder<unknown>, unit: 'day' | 'instant') {
  const value = typeof expr === 'string' ? sql.ref(expr) : expr;
  const bound = (at: Date) => (unit === 'day' ? sql`${isoDay(at)}::date` : sql`${at}`);
  return ({ from, before }: DayRange): Where =>
    and([
      ...(from ? [sql<SqlBool>`${value} >= ${bound(from)}`] : []),
      ...(before ? [sql<SqlBool>`${value} < ${bound(before)}`] : []),
    ]);
}

/** The filter's value in the view, by its kind; undefined when the filter is not set (or set to "all"). */
function filterValueOf(filter: ListFilter, view: ListView): unknown {
  if (filter.dateRange) {
    const range = dayRange(view, filter.key);
    return range.from || range.before ? range : undefined;
  }
  if (filter.checkbox) return isChecked(view, filter.key) ? true : undefined;
  const values = optionValues(view, filter.key);
  if (!values || values.length === 0) return undefined;
  return filter.options || filter.kind === 'month' || filter.kind === 'text' ? values : values.map(Number);
}

/** A column's order by its row field as the row shows it: text case aside, a ranked column by its rank. */
function shownOrder(
  def: ListShape,
  column: ListColumn,
  fields: Readonly<Record<string, RawBuilder<unknown>>>,
): SortBy {
  const expr = fields[column.key];
  if (!expr)
    throw new Error(`${def.name}: sortable column '${column.key}' has neither a sort nor a row field`);
  if (column.rank) return by(rankSql(def.columns, column.key, expr));
  return column.format === undefined || column.format === 'text' ? byText(expr) : by(expr);
}

/** The {@link ListSource} of a declared list. */
export function listSource<D extends ListShape, P = undefined>(
  def: D,
  declaration: ListDeclaration<D, P>,
): ListSource<RowOf<D>> {
  type Row = RowOf<D>;
  const { prepare } = declaration;
  const declared = Object.entries(
    declaration.where as Readonly<Record<string, FilterDeclaration<unknown, Record<string, unknown>>>>,
  );
  const conditions = Object.fromEntries(
    declared.map(([key, entry]) => [key, typeof entry === 'function' ? entry : entry.when]),
  );
  const shows: DeclaredShows = Object.fromEntries(
    declared.flatMap(([key, entry]) => (typeof entry === 'function' ? [] : [[key, entry]])),
  );
  const thenByOf = (view: ListView) => def.columns.find((column) => column.key === view.orderby)?.thenBy;
  const sortable = def.columns.filter((column) => column.sortable);
  const orderOf = (ctx: PreparedContext<P>, fields: Readonly<Record<string, RawBuilder<unknown>>>) => {
    const declaredOrder: Readonly<Record<string, SortBy | undefined>> = declaration.sort?.(ctx) ?? {};
    return Object.fromEntries(
      sortable.map((column) => [column.key, declaredOrder[column.key] ?? shownOrder(def, column, fields)]),
    );
  };
  type Filtered = Base & {
    readonly ctx: PreparedContext<P>;
    readonly from: RawBuilder<unknown>;
    /** Whether the view's count and total read the declared tally. */
    readonly tallied: boolean;
  };
  const { tally } = declaration;
  /** The sum of `expr` over `source` (the rows, or the tally's groups) where the view's conditions hold. */
  const sumOver = async ({ db, where }: Filtered, expr: RawBuilder<unknown>, source: RawBuilder<unknown>) => {
    const { rows } = await sql<{ n: string | number | null }>`select sum(${expr}) as n from ${source}
      where ${where}`.execute(db);
    return Number(rows[0]?.n ?? 0);
  };
  /** The declared total: the sum of the column's row field over the view, in dollars. */
  const sumWhere = async (base: Filtered, key: string) => {
    const field = (declaration.select(base.ctx) as Record<string, RawBuilder<unknown>>)[
      key
    ] as RawBuilder<unknown>;
    const sum =
      base.tallied && tally?.total ? sumOver(base, tally.total, tally.from) : sumOver(base, field, base.from);
    return Math.round((await sum) * 100) / 100;
  };
  const countRows = (base: Filtered) =>
    base.tallied && tally ? sumOver(base, tally.count, tally.from) : countWhere(base, base.from);
  const source = sliceSource<Row, Filtered>({
    async filtered(db, viewer, view) {
      const request: ListContext = { viewer, today: isoDay(viewer.now) };
      // Without a prepare step, P is undefined (its default).
      const prepared = prepare ? await prepare(db, request, view) : (undefined as P);
      const ctx: PreparedContext<P> = { ...request, prepared };
      const parts: Where[] = [await declaration.scope(ctx, db)];
      let tallied = tally?.applies(ctx) === true;
      for (const filter of def.filters) {
        const value = filterValueOf(filter, view);
        const condition = conditions[filter.key];
        if (value === undefined || !condition) continue;
        parts.push(condition(value, ctx));
        if (!tally?.filters.includes(filter.key)) tallied = false;
      }
      const search = view.search && declaration.search?.(view.search, ctx);
      if (search) {
        parts.push(search);
        tallied = false;
      }
      const { from } = declaration;
      return { db, where: and(parts), ctx, from: typeof from === 'function' ? from(ctx) : from, tallied };
    },
    count: countRows,
    ...(def.total === undefined ? {} : { total: (base: Filtered) => sumWhere(base, def.total as string) }),
    async slice({ db, where, ctx, from }, _viewer, view, offset, limit) {
      const select = declaration.select(ctx) as Record<string, RawBuilder<unknown>>;
      const fields = Object.entries(select);
      const { rows } = await sql<Row>`
        select ${sql.join(fields.map(([key, expr]) => sql`${expr} as ${sql.ref(key)}`))}
        from ${from}
        where ${where}
        order by ${orderSql(view, orderOf(ctx, select), declaration.id, thenByOf(view))}
        limit ${limit} offset ${offset}`.execute(db);
      return rows;
    },
    options: (db, viewer, only) =>
      declaration.options(db, viewer, only) as Promise<Record<string, FilterOption[]>>,
  });
  return { ...source, shows };
}
