import { type RawBuilder, sql } from 'kysely';

/**
 * A 'YYYY-MM-DD' day as a SQL date, for comparisons with date columns (a Date parameter would be serialised in
 * the process's time zone and could shift the day; schema.ts DateColumn).
 */
export const sqlDay = (day: string) => sql<Date>`cast(${day} as date)`;

/** A date column as its 'YYYY-MM-DD' text, as the lists' rows carry days (no time zone can shift it). */
export const dayText = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/** A timestamp column as the ISO text JavaScript's toISOString writes (UTC, milliseconds), as rows carry instants. */
export const timeText = (column: string | RawBuilder<Date | null>) =>
  sql<string>`to_char(${typeof column === 'string' ? sql.ref(column) : column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
