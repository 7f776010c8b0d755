import type { ListColumn } from '@rpm/shared';
import { type RawBuilder, sql } from 'kysely';

/**
 * A column's values in the order its definition ranks them (ListColumn.rank: levels, workflow states), as SQL: the
 * position of `value` in the rank, so 'asc' follows the declared order. Declared once, in the list definition.
 */
export function rankSql(
  columns: readonly ListColumn[],
  key: string,
  value: RawBuilder<unknown>,
): RawBuilder<number> {
  const rank = columns.find((column) => column.key === key)?.rank;
  if (!rank) throw new Error(`column '${key}' declares no rank`);
  return sql<number>`array_position(array[${sql.join(rank.map((v) => sql.lit(v)))}]::text[], ${value}::text)`;
}

/** A code column's labels as SQL (value → label, declared once in shared/): a constant CASE, no input reaches it. */
export function labelSql(
  column: string | RawBuilder<string>,
  labels: Readonly<Record<string, string>>,
): RawBuilder<string> {
  return sql<string>`(case ${typeof column === 'string' ? sql.ref(column) : column} ${sql.join(
    Object.entries(labels).map(([value, label]) => sql`when ${sql.lit(value)} then ${sql.lit(label)}`),
    sql` `,
  )} end)`;
}
