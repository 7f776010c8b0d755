import type { Db, TableName } from './db/schema.js';

/** Row counts of some tables, for tests that assert a refused call wrote nothing. */
export async function rowCounts<T extends TableName>(
  db: Db,
  tables: readonly T[],
): Promise<Record<T, number>> {
  const counts = {} as Record<T, number>;
  for (const table of tables) {
    const row = await db
      .selectFrom(table as TableName)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}
