import { sql } from 'kysely';

/**
 * A 'YYYY-MM-DD' day as a SQL date, for comparisons with date columns (a Date parameter would be serialised in
 * the process's time zone and could shift the day; schema.ts DateColumn).
 */
export const sqlDay = (day: string) => sql<Date>`cast(${day} as date)`;
