import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { ACK, BARRIER, SESSION_SCOPE_CHANNEL, SessionCache } from '../auth/session-cache.js';
import { preparingPool } from './prepared-pool.js';
import type { Database, Db } from './schema.js';
import { SESSION_WATCH_NAME, type StopWatch, watchPglite, watchPostgres } from './session-watch.js';
import { RESULT_PARSERS } from './type-parsers.js';

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when set, PostgreSQL is used and dataDir is ignored. */
  readonly databaseUrl?: string | undefined;
  /** PGlite data folder (created if missing); 'memory://' or undefined keeps the database in memory. */
  readonly dataDir?: string | undefined;
  /** Connections in the PostgreSQL pool (default 10). */
  readonly poolSize?: number | undefined;
  /** PGlite only: start from this data-folder dump (`pglite.dumpDataDir()`) instead of an empty cluster. */
  readonly pgliteTemplate?: Blob | undefined;
}

export interface OpenDatabase {
  readonly db: Kysely<Database>;
  readonly engine: 'pglite' | 'postgres';
  /**
   * The PGlite instance when engine is 'pglite', for dumps and backups. Query through `db`, never this:
   * `db` serialises access to PGlite's single session.
   */
  readonly pglite?: PGlite;
  /** Waits for queries in flight, then closes the pool or the PGlite instance. */
  close(): Promise<void>;
}

/** Each open database's session cache (auth/session-cache.ts), found by its Kysely instance. */
const sessionCaches = new WeakMap<object, SessionCache>();

/** The session cache of a database opened here; undefined for any other Kysely instance (calls read their session). */
export function sessionCacheOf(db: object): SessionCache | undefined {
  return sessionCaches.get(db);
}

/** Databases opened here on PGlite: one session, so their queries run one at a time (never two at once). */
const serialDatabases = new WeakSet<object>();

/** Longest wait for every replica to acknowledge a session end (sessionEndHeard). */
const SESSION_NOTICE_WAIT_MS = 250;

/**
 * After a commit that ended sessions: sends a barrier notification and waits for every replica's acknowledgement
 * of it (session-watch.ts), each sent after its listener emptied its cache for everything committed before it, so
 * the ended session is refused everywhere before its end is answered (issue 44). PGlite hears every notification
 * before the write answers, so there is nothing to wait for.
 */
export async function sessionEndHeard(db: Db): Promise<void> {
  const cache = sessionCaches.get(db);
  if (serialDatabases.has(db) || !cache) return;
  const id = randomUUID();
  // Every replica's listener, this one's too (session-watch.ts names their connections).
  const listeners = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
    where datname = current_database() and application_name = ${SESSION_WATCH_NAME}`.execute(db);
  const acks = cache.heard(`${ACK}${id}`, listeners.rows[0]?.n ?? 0, SESSION_NOTICE_WAIT_MS);
  await sql`select pg_notify(${SESSION_SCOPE_CHANNEL}, ${`${BARRIER}${id}`})`.execute(db);
  await acks;
}

/** Whether `db` runs one query at a time (PGlite): then two queries sent at once cost their sum, not the longer. */
export function runsOneQueryAtATime(db: object): boolean {
  return serialDatabases.has(db);
}

const MEMORY = 'memory://';
/**
 * The planner's cost of a random page read on both engines: pages are in memory (PGlite) or on SSD or cached
 * (decisions.md "Planned for memory and SSD").
 */
const RANDOM_PAGE_COST = 1.1;

/**
 * Opens PostgreSQL (with `databaseUrl`) or PGlite, with the same result types (type-parsers.ts) and the session in
 * UTC so date arithmetic agrees; does not migrate.
 */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<OpenDatabase> {
  const cache = new SessionCache();
  if (opts.databaseUrl) {
    const db = openPostgres(opts.databaseUrl, opts.poolSize ?? 10, cache);
    sessionCaches.set(db, cache);
    const stopWatch = await watchPostgres({ connectionString: opts.databaseUrl }, cache);
    return { db, engine: 'postgres', close: () => closeAll(stopWatch, () => db.destroy()) };
  }
  const { db, pglite } = await openPGlite(opts.dataDir, opts.pgliteTemplate, cache);
  sessionCaches.set(db, cache);
  serialDatabases.add(db);
  const stopWatch = await watchPglite(pglite, cache);
  return {
    db,
    engine: 'pglite',
    pglite,
    close: () =>
      closeAll(stopWatch, async () => {
        await db.destroy();
        await pglite.close();
      }),
  };
}

async function closeAll(stopWatch: StopWatch, close: () => Promise<void>): Promise<void> {
  await stopWatch();
  await close();
}

function openPostgres(connectionString: string, max: number, cache: SessionCache): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString,
    max,
    // A per-pool parser table rather than pg.types.setTypeParser, which would change every pg user in the process.
    types: { getTypeParser: getPostgresTypeParser },
    options: `-c TimeZone=UTC -c random_page_cost=${RANDOM_PAGE_COST}`,
  });
  // An idle client that loses its server (restart, failover) must not crash the process; the pool replaces it.
  pool.on('error', (error) => process.emitWarning(`idle PostgreSQL client failed: ${error.message}`));
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool: preparingPool(pool) }),
    plugins: [cache.plugin],
  });
}

/** node-postgres's type lookup with our parsers for the text format in front. */
const getPostgresTypeParser = ((oid: number, format?: 'text' | 'binary') => {
  const parser = format === 'binary' ? undefined : RESULT_PARSERS[oid];
  return parser ?? pg.types.getTypeParser(oid, format ?? 'text');
}) as pg.CustomTypesConfig['getTypeParser'];

/**
 * PGlite behind node-postgres over its wire-protocol adapter, one client (one session): a transaction holds it from
 * BEGIN to COMMIT, so code inside `db.transaction().execute(trx => …)` must use `trx`, never `db`, or it waits for
 * itself. Both engines share the type parsers, parameter encoding and prepared statements (prepared-pool.ts).
 */
async function openPGlite(
  dataDir: string | undefined,
  template: Blob | undefined,
  cache: SessionCache,
): Promise<{ db: Kysely<Database>; pglite: PGlite }> {
  const inMemory = dataDir === undefined || dataDir === MEMORY;
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  const pglite = await PGlite.create(inMemory ? MEMORY : dataDir, template ? { loadDataDir: template } : {});
  // PGlite's server already runs in UTC; set it anyway so a changed default cannot split the engines.
  await pglite.exec(`set time zone 'UTC'`);
  await pglite.exec(`set random_page_cost = ${RANDOM_PAGE_COST}`);
  const { connection } = createPgConfig(pglite);
  const pool = new pg.Pool({
    // The adapter stands in for the socket; node-postgres sends its queries through it.
    ...({ connection } as pg.PoolConfig),
    max: 1,
    // Keep the one client: the statements it prepared live in PGlite's session, which outlives any client.
    idleTimeoutMillis: 0,
    types: { getTypeParser: getPostgresTypeParser },
  });
  pool.on('error', (error) => process.emitWarning(`PGlite client failed: ${error.message}`));
  return {
    db: new Kysely<Database>({
      dialect: new PostgresDialect({ pool: preparingPool(pool) }),
      plugins: [cache.plugin],
    }),
    pglite,
  };
}
