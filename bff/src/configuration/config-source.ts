import type { FilterOption } from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { sliceSource } from '../lists/slice-source.js';
import type { ListSource, ListViewer } from '../lists/source.js';
import {
  and,
  type Base,
  type by,
  byText,
  countWhere,
  inIds,
  likeWord,
  orderSql,
  searchTerms,
} from '../lists/sql.js';

type Where = RawBuilder<SqlBool>;

/**
 * The configuration tables' stores (shared/src/lists/config-table.ts; issue 16 part 5), all of one shape: a
 * FROM, the row's columns as SQL, how each sort key orders, the text the search box looks in, and a table's parent
 * filter (its column and options). Most rows belong to no organisation (decisions.md "Configuration tables"): the
 * page access of 000 §2.4 is their whole scope; a table whose rows do names its `scope`.
 */
export interface ConfigTable<Row> {
  readonly from: RawBuilder<unknown>;
  readonly select: { readonly [K in keyof Row & string]: RawBuilder<unknown> };
  readonly order: Readonly<Record<string, ReturnType<typeof by>>>;
  /** The row id's column: the last sort key, for stable paging. */
  readonly id: string;
  readonly search: RawBuilder<unknown>;
  /** By filter key: the column its record ids match, and its options in the viewer's scope. */
  readonly filters?: Readonly<Record<string, ConfigFilter>>;
  /** The rows the viewer may see, for rows of an organisation. */
  readonly scope?: (db: Db, viewer: ListViewer) => Promise<Where>;
}

/** A filter's column; its options in the viewer's scope, or none for a filter whose options the list fixes. */
type ConfigFilter =
  | { readonly column: string; readonly options: (db: Db, viewer: ListViewer) => Promise<FilterOption[]> }
  | { readonly column: string; readonly text: true };

export function configSource<Row>(table: ConfigTable<Row>): ListSource<Row> {
  const columns = sql.join(
    Object.entries<RawBuilder<unknown>>(table.select).map(([key, expr]) => sql`${expr} as ${sql.ref(key)}`),
  );
  const filters = Object.entries(table.filters ?? {});
  return sliceSource<Row, Base>({
    async filtered(db, viewer, view) {
      const words = searchTerms(view.search ?? '').searchWords;
      const parts = words.map(
        (word) => sql<SqlBool>`lower(${table.search}) like ${likeWord(word)} escape '\\'`,
      );
      for (const [key, filter] of filters) {
        const values = view.filters[key];
        if (!Array.isArray(values) || values.length === 0) continue;
        parts.push(
          'text' in filter
            ? sql<SqlBool>`${sql.ref(filter.column)} = any(${values}::text[])`
            : inIds(filter.column, values.map(Number)),
        );
      }
      if (table.scope) parts.push(await table.scope(db, viewer));
      return { db, where: and(parts) };
    },
    count: (base) => countWhere(base, table.from),
    async slice({ db, where }, _viewer, view, offset, limit) {
      const { rows } = await sql<Row>`select ${columns} from ${table.from} where ${where}
        order by ${orderSql(view, table.order, table.id)} limit ${limit} offset ${offset}`.execute(db);
      return rows;
    },
    async options(db, viewer) {
      const scoped = filters.flatMap(([key, filter]) =>
        'options' in filter ? [[key, filter] as const] : [],
      );
      const answers = await Promise.all(scoped.map(([, filter]) => filter.options(db, viewer)));
      return Object.fromEntries(scoped.map(([key], n) => [key, answers[n] ?? []]));
    },
  });
}

/** A row's Active/Inactive state (config-table.ts activeFields) and its sort key. */
export const activeSelect = (column: string) => ({
  active: sql.ref(column),
  status: sql`case when ${sql.ref(column)} then 'Active' else 'Inactive' end`,
});
export const byStatus = (column: string) =>
  byText(sql`case when ${sql.ref(column)} then 'Active' else 'Inactive' end`);
