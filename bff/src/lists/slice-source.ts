import type { SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/schema.js';
import type { ListSource, ListView, ListViewer } from './source.js';

/** Rows per query when an export reads a whole list. */
const EXPORT_CHUNK_ROWS = 1000;

/** A list store as three queries over the view's filtered rows (`B`, e.g. a Kysely query before its order). */
export interface SliceQueries<Row, B> {
  /** Scope, filters and search: the rows of the view, unordered. May throw foreignFilterValue. */
  filtered(db: Db, viewer: ListViewer, view: ListView): B | Promise<B>;
  /** How many rows the view holds. */
  count(base: B): Promise<number>;
  /** `limit` rows of the view in its order (the list's idKey last), from `offset`. */
  slice(base: B, viewer: ListViewer, view: ListView, offset: number, limit: number): Promise<Row[]>;
  options: ListSource<Row>['options'];
  /** The sum of the list's declared total column over the view, for a list that declares one. */
  total?(base: B): Promise<number>;
}

/** A {@link ListSource} from its queries: a page with its count, and exports a chunk at a time. */
export function sliceSource<Row, B>(queries: SliceQueries<Row, B>): ListSource<Row> {
  const { total } = queries;
  return {
    async page(db, viewer, request) {
      const base = await queries.filtered(db, viewer, request);
      const offset = request.page * request.rowsPerPage;
      const [rows, count, sum] = await Promise.all([
        queries.slice(base, viewer, request, offset, request.rowsPerPage),
        queries.count(base),
        total?.(base),
      ]);
      return sum === undefined ? { rows, count } : { rows, count, total: sum };
    },
    ...(total ? { total: async (db, viewer, view) => total(await queries.filtered(db, viewer, view)) } : {}),
    async count(db, viewer, view) {
      return queries.count(await queries.filtered(db, viewer, view));
    },
    async *chunks(db, viewer, view) {
      const base = await queries.filtered(db, viewer, view);
      for (let offset = 0; ; offset += EXPORT_CHUNK_ROWS) {
        const rows = await queries.slice(base, viewer, view, offset, EXPORT_CHUNK_ROWS);
        if (rows.length > 0) yield rows;
        if (rows.length < EXPORT_CHUNK_ROWS) return;
      }
    },
    options: queries.options,
  };
}

/** The `count` of a store whose filtered rows are a Kysely query: how many rows it selects. */
export async function countOf<DB, TB extends keyof DB>(
  base: SelectQueryBuilder<DB, TB, object>,
): Promise<number> {
  const row = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number((row as { n: number | string }).n);
}
