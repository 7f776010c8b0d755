import type { FilterOption, FilterValues } from '@rpm/shared';
import type { AuthContext } from '../auth/guard.js';
import type { Db } from '../db/schema.js';
import { forbidden } from '../domain-errors.js';
import type { PatientScope } from '../scope.js';

/**
 * What a list's store gives the generic registration (register.ts; architecture.md "Lists"), which parses the query
 * and checks filter values; the store owns the SQL: scope, filters, a stable order, paging, count.
 */

/** Who is asking, and when. */
export interface ListViewer {
  readonly auth: AuthContext;
  readonly scope: PatientScope;
  /** The request's time on the app's clock ("this month", waiting times, overdue). */
  readonly now: Date;
}

/** Sort, search and filters, parsed (the export calls' query). */
export interface ListView {
  readonly orderby: string;
  readonly order: 'asc' | 'desc';
  readonly search?: string | undefined;
  /** By filter key, with the definition's defaultFilters applied where the query named none. */
  readonly filters: FilterValues;
}

/** A view with its page (the list call's query). */
export interface ListPageRequest extends ListView {
  readonly page: number;
  readonly rowsPerPage: number;
}

export interface ListSource<Row> {
  /** One page of rows in order and the count of the whole filtered list. */
  page(
    db: Db,
    viewer: ListViewer,
    request: ListPageRequest,
  ): Promise<{ rows: Row[]; count: number; total?: number }>;
  /** The declared total (define-list.ts `total`) of the view, for a list that declares one. */
  total?(db: Db, viewer: ListViewer, view: ListView): Promise<number>;
  /** How many rows the view holds: the page's count without its rows (a summary of several lists' counts). */
  count(db: Db, viewer: ListViewer, view: ListView): Promise<number>;
  /**
   * The whole filtered list in order, a chunk at a time (exports: memory stays flat however long the list). A row
   * holds at least the fields of the definition's exported columns; a store may leave out others that cost it reads.
   */
  chunks(db: Db, viewer: ListViewer, view: ListView): AsyncIterable<readonly Partial<Row>[]>;
  /**
   * The options of the filters without fixed options, in the viewer's scope (a value outside them: 403). Filters
   * left out are checked by the store ({@link foreignFilterValue}); with `only`, just those filters.
   */
  options(db: Db, viewer: ListViewer, only?: ReadonlySet<string>): Promise<Record<string, FilterOption[]>>;
  /** A declared list's row field showing each filter's value (declare.ts), which the generic suite checks by. */
  readonly shows?: DeclaredShows;
}

/** A filter value names a record outside the viewer's scope: forbidden (403) naming the field. */
export const foreignFilterValue = (field: string) =>
  forbidden(`${field} names a record you do not have access to.`, field);

/**
 * How a row shows a filter's value, for the generic suite: an option's `label` (default) or `value`, one of the
 * `listed` labels, the day of a date or time in the range, or `true` for a checkbox.
 */
export interface FilterShows<Row> {
  readonly shows: keyof Row & string;
  readonly as?: 'label' | 'value' | 'listed';
}

/** What the generic suite reads of a declared list: the row field each filter shows (lists.test.ts). */
export type DeclaredShows = Readonly<Record<string, FilterShows<Record<string, unknown>>>>;
