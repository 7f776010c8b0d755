import type { FilterOption } from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/schema.js';
import type { ListView, ListViewer } from './source.js';

/** The SQL every list store builds from (architecture.md "Lists"), here so no domain imports another for it. */

/** A condition of a list's query. */
export type Where = RawBuilder<SqlBool>;
/** A view's rows: the condition over the list's tables, and the database to run it on. */
export interface Base {
  readonly db: Db;
  readonly where: Where;
}
export const and = (parts: readonly Where[]): Where =>
  parts.length === 0 ? sql<SqlBool>`true` : sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
export const inIds = (column: string, ids: readonly number[]): Where =>
  sql<SqlBool>`${sql.ref(column)} = any(${[...ids]}::integer[])`;
/** A text column (a name) or expression among the filter's values. */
export const inTexts = (expression: string | RawBuilder<unknown>, values: readonly string[]): Where =>
  sql<SqlBool>`${typeof expression === 'string' ? sql.ref(expression) : expression} = any(${[...values]}::text[])`;

/**
 * How a sort key orders: by an expression, by text ignoring case, or by a column never null (no `nulls last`, so its
 * ascending index serves the order backward too: decisions.md "Literal paging in prepared statements").
 */
export type SortBy =
  | { readonly by: RawBuilder<unknown> }
  | { readonly text: RawBuilder<unknown> }
  | { readonly notNull: RawBuilder<unknown> };
export const by = (expr: RawBuilder<unknown>): SortBy => ({ by: expr });
export const byText = (expr: RawBuilder<unknown>): SortBy => ({ text: expr });
export const byNotNull = (expr: RawBuilder<unknown>): SortBy => ({ notNull: expr });
/** The patient's name as the lists order it ('last, first', lower case). */
export const byPatientName = by(sql`billing_sort_name(p.lastname, p.firstname) collate "C"`);

/**
 * The view's ORDER BY: its sort key (nulls last either way, unless never null), then `thenBy`'s key where the column
 * declares one (ListColumn.thenBy; its order flips with the view's), then the row's id for stable paging.
 */
export function orderSql(
  view: ListView,
  keys: Readonly<Record<string, SortBy>>,
  id: string,
  thenBy?: { readonly key: string; readonly order: 'asc' | 'desc' },
): RawBuilder<unknown> {
  const dir = sql.raw(view.order);
  const tie = sql`${sql.ref(id)} ${dir}`;
  const key = keys[view.orderby];
  if (!key) return tie;
  const then = thenBy && keys[thenBy.key];
  const flip = view.order === 'asc' ? thenBy?.order : thenBy?.order === 'asc' ? 'desc' : 'asc';
  const second = then ? sql`${sortTerm(then, sql.raw(flip ?? 'asc'))}, ` : sql``;
  return sql`${sortTerm(key, dir)}, ${second}${tie}`;
}

function sortTerm(key: SortBy, dir: RawBuilder<unknown>): RawBuilder<unknown> {
  if ('notNull' in key) return sql`${key.notNull} ${dir}`;
  const expr = 'text' in key ? sql`lower(${key.text}) collate "C"` : key.by;
  return sql`${expr} ${dir} nulls last`;
}

/** The practice filter of a list whose row shows its patient's practice (alias `p`), in declare.ts's `{ shows, when }`. */
export const PRACTICE_FILTER = {
  shows: 'practice_name',
  when: (practices: readonly number[]) => inIds('p.practice_id', practices),
} as const;

/** The practice filter's options: the practices in the viewer's scope, by name. */
export function practiceOptions(db: Db, viewer: ListViewer): Promise<FilterOption[]> {
  return options(
    db,
    sql`select practice_id as value, practice_name as label from practices
      where ${viewer.scope.all ? sql`true` : inIds('practice_id', viewer.scope.practiceIds)}
      order by lower(practice_name) collate "C", practice_id`,
  );
}

/** The options of a list whose one scoped filter is the practice. */
export const practiceFilterOptions = async (db: Db, viewer: ListViewer) => ({
  practice: await practiceOptions(db, viewer),
});

export async function options(db: Db, query: RawBuilder<unknown>): Promise<FilterOption[]> {
  const { rows } = await sql<{ value: number; label: string }>`${query}`.execute(db);
  return rows.map((r) => ({ value: String(r.value), label: r.label }));
}

/** How many rows of `from` meet the condition. */
export async function countWhere({ db, where }: Base, from: RawBuilder<unknown>): Promise<number> {
  const { rows } = await sql<{
    n: string | number;
  }>`select count(*) as n from ${from} where ${where}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Staff and patient names as billing writes them: 'Lastname, Firstname' (001 §2.1). */
export const fullName = (alias: string) =>
  sql<string>`(${sql.ref(`${alias}.lastname`)} || ', ' || ${sql.ref(`${alias}.firstname`)})`;

/** A user's name as the staff columns show it ('First Last', route-helpers fullName); null when it has none. */
export const userName = (alias: string) =>
  sql<string>`nullif(trim(coalesce(${sql.ref(`${alias}.firstname`)}, '') || ' ' || coalesce(${sql.ref(`${alias}.lastname`)}, '')), '')`;

/** A patient search as typed: lower-cased words to occur in the name, and the patient id when the term is a number. */
export function searchTerms(search: string): { searchWords: string[]; searchId: number | null } {
  const term = search.trim().toLowerCase();
  if (term === '') return { searchWords: [], searchId: null };
  const searchWords = term.split(/[\s,]+/).filter((word) => word !== '');
  const searchId = /^\d{1,9}$/.test(term) ? Number(term) : null;
  return { searchWords, searchId };
}

/** Escapes LIKE wildcards, so a search for '50%' matches the text '50%'. */
export const likeWord = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
