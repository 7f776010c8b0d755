import { sql } from 'kysely';
import type { Db } from './schema.js';

/**
 * PGlite runs PostgreSQL without its autovacuum daemon (and keeps no table statistics to decide with), so in the
 * embedded mode nothing would ever vacuum or analyse: every update leaves a dead row, index-only scans fetch the
 * heap for every row, and the planner keeps the row counts of the day the data was loaded (issue 10 Benchmarks:
 * the patients list's page 500 on PGlite took 11–15 ms, 4.5–11 ms after one `vacuum analyze`; decisions.md
 * "PGlite maintenance"). PostgreSQL's own autovacuum does this work when DATABASE_URL is set.
 */

/** How often the embedded database is vacuumed and analysed. */
const PGLITE_MAINTENANCE_MS = 15 * 60_000;

/**
 * Vacuums and analyses every table of the public schema, one statement per table: PGlite runs one statement at a
 * time, so calls that arrive meanwhile wait for one table, not for the whole database. Answers the tables done.
 */
export async function vacuumAnalyze(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select tablename as name from pg_tables
    where schemaname = 'public' order by tablename`.execute(db);
  for (const { name } of rows) await sql`vacuum analyze ${sql.table(name)}`.execute(db);
  return rows.map((row) => row.name);
}

/**
 * The embedded database's upkeep: once soon after start, then every {@link PGLITE_MAINTENANCE_MS}. `stop` waits for
 * a run in progress, so the database is not closed under it.
 */
export function startPgliteMaintenance(
  db: Db,
  onError: (err: unknown) => void,
  opts: { firstAfterMs?: number; everyMs?: number } = {},
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= vacuumAnalyze(db).then(
      () => {
        running = null;
      },
      (err: unknown) => {
        running = null;
        onError(err);
      },
    );
  };
  const first = setTimeout(run, opts.firstAfterMs ?? 10_000);
  const every = setInterval(run, opts.everyMs ?? PGLITE_MAINTENANCE_MS);
  first.unref();
  every.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
