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

/** The readings partitions attached now, in month order ('YYYY-MM'), and whether the default one holds rows. */
export async function readingMonths(db: Db): Promise<{ months: string[]; defaultRows: number }> {
  const { rows } = await sql<{ name: string }>`select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid where i.inhparent = 'readings'::regclass order by c.relname`.execute(
    db,
  );
  const months = rows
    .map((row) => /^readings_y(\d{4})m(\d{2})$/.exec(row.name))
    .filter((match) => match !== null)
    .map((match) => `${match[1]}-${match[2]}`);
  const count = await sql<{ n: number }>`select count(*)::integer as n from readings_default`.execute(db);
  return { months, defaultRows: count.rows[0]?.n ?? 0 };
}
