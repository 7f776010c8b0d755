import { sql } from 'kysely';
import type { Db } from './schema.js';

/**
 * Adds the readings partitions of every UTC month from `from`'s through the month after `to`'s (0072
 * readings_add_month; decisions.md "Readings partitioned by month"), so a month's first readings find their
 * partition; answers the months added ('YYYY-MM'), none when all were there.
 */
export async function addReadingMonths(db: Db, from: Date, to: Date): Promise<string[]> {
  const { rows } = await sql<{ month: string; added: boolean }>`
    select to_char(m, 'YYYY-MM') as month, readings_add_month(m::date) as added
    from generate_series(date_trunc('month', ${from}::timestamptz at time zone 'UTC'),
                         date_trunc('month', ${to}::timestamptz at time zone 'UTC') + interval '1 month',
                         interval '1 month') as m
    order by m`.execute(db);
  return rows.filter((row) => row.added).map((row) => row.month);
}
