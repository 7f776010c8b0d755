import { sql } from 'kysely';
import type { Db } from './schema.js';

/**
 * PGlite runs PostgreSQL without autovacuum or table statistics, so the embedded BFF vacuums and analyses itself
 * (decisions.md "PGlite maintenance"); with DATABASE_URL PostgreSQL's autovacuum does it.
 */

const PGLITE_MAINTENANCE_MS = 15 * 60_000;

/** Vacuums and analyses every table, one statement each, so calls wait for one table, not all; answers the tables. */
export async function vacuumAnalyze(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select tablename as name from pg_tables
    where schemaname = 'public' order by tablename`.execute(db);
  for (const { name } of rows) await sql`vacuum analyze ${sql.table(name)}`.execute(db);
  return rows.map((row) => row.name);
}

/** The embedded database's upkeep, soon after start and then every period; `stop` waits for a run in progress. */
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
