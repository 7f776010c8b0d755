import type { FilterOption, FiltersOf } from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { type ListDeclaration, type ListShape, listSource, type ScopedFilterKey } from '../lists/declare.js';
import type { ListViewer } from '../lists/source.js';
import { and, byText, likeWord, searchTerms, type Where } from '../lists/sql.js';

/**
 * The configuration tables' stores, each declared from one description typed by its list; most rows belong to no
 * organisation, so page access is their scope (decisions.md "Configuration tables"), else a table names its `scope`.
 */
export type ConfigTable<D extends ListShape> = {
  readonly from: RawBuilder<unknown>;
  readonly select: ReturnType<ListDeclaration<D>['select']>;
  readonly sort?: ReturnType<NonNullable<ListDeclaration<D>['sort']>>;
  /** The row id's column: the last sort key, for stable paging. */
  readonly id: string;
  /** The text each word of the search box is looked for in. */
  readonly search: RawBuilder<unknown>;
  /** The rows the viewer may see, for rows of an organisation. */
  readonly scope?: (db: Db, viewer: ListViewer) => Promise<Where>;
} & ConfigFilters<D>;

/** A table with filters declares each, and the options in the viewer's scope of those the list does not fix. */
type ConfigFilters<D extends ListShape> = [keyof FiltersOf<D>] extends [never]
  ? { readonly where?: undefined; readonly options?: undefined }
  : {
      readonly where: ListDeclaration<D>['where'];
      readonly options: { readonly [K in ScopedFilterKey<D>]: FilterOptions };
    };

type FilterOptions = (db: Db, viewer: ListViewer) => Promise<FilterOption[]>;

/** A configuration table's list source, from its description. */
export function configSource<D extends ListShape>(def: D, table: ConfigTable<D>) {
  const options = Object.entries<FilterOptions>(table.options ?? {});
  return listSource(def, {
    from: table.from,
    scope: ({ viewer }, db) => table.scope?.(db, viewer) ?? and([]),
    id: table.id,
    select: () => table.select,
    sort: () => table.sort ?? {},
    where: table.where ?? ({} as ListDeclaration<D>['where']),
    search: (text) =>
      and(
        searchTerms(text).searchWords.map(
          (word) => sql<SqlBool>`lower(${table.search}) like ${likeWord(word)} escape '\\'`,
        ),
      ),
    options: async (db, viewer) =>
      Object.fromEntries(
        await Promise.all(options.map(async ([key, of]) => [key, await of(db, viewer)] as const)),
      ) as Awaited<ReturnType<ListDeclaration<D>['options']>>,
  });
}

/** A row's Active/Inactive state (config-table.ts activeFields) and its sort key. */
export const activeSelect = (column: string) => ({
  active: sql.ref(column),
  status: sql`case when ${sql.ref(column)} then 'Active' else 'Inactive' end`,
});
export const byStatus = (column: string) =>
  byText(sql`case when ${sql.ref(column)} then 'Active' else 'Inactive' end`);
