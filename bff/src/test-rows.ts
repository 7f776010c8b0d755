import type { CallDef } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import type { Db, TableName } from './db/schema.js';
import { type Caller, injectUnchecked } from './test-app.js';

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

/** Every row of a list call for `who`, page by page (100 a page), with the query given (filters as the URL has them). */
export async function allListRows<Row>(
  app: FastifyInstance,
  call: CallDef,
  who: Caller,
  query: Record<string, string> = {},
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 0; ; page++) {
    const res = await injectUnchecked(app, call, { query: { rowsPerPage: 100, page, ...query } }, who);
    if (res.statusCode !== 200) throw new Error(`${call.path}: ${res.statusCode} ${res.body}`);
    const body = res.json() as { data: Row[]; count: number };
    rows.push(...body.data);
    if (rows.length >= body.count || body.data.length === 0) return rows;
  }
}
