// Over 300 lines: both engines' test databases (PGlite dumps, PostgreSQL template databases) and their one cache key.
import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { lock } from 'proper-lockfile';
import { type OpenDatabase, openDatabase } from './connect.js';
import { listMigrations, MIGRATIONS_DIR, migrate } from './migrate.js';
import type { Db } from './schema.js';
import { type SeedSummary, seedDemo } from './seed/seed-demo.js';

/** The fixed "today" of seeded test data, so tests can name months and ages. */
export const TEST_TODAY = new Date('2026-11-15T12:00:00Z');

export interface TestDatabaseOptions {
  /** Seed demo data with this many patients (no seeding when absent). */
  readonly seedPatients?: number;
  /** The seed's "today" (default {@link TEST_TODAY}). */
  readonly today?: Date;
  /** The seed's random seed (default the demo seed). */
  readonly seed?: number;
}

/** A migrated database for one test file. */
export interface TestDatabase {
  readonly db: Db;
  readonly engine: 'pglite' | 'postgres';
  /** Present when seeded. */
  readonly summary?: SeedSummary;
  /** PostgreSQL: the database's URL, for a second connection (a replica). */
  readonly url?: string;
  /** Closes the database and, on PostgreSQL, drops it. */
  close(): Promise<void>;
}

/**
 * A fresh, migrated (and optionally seeded) database for one test file: PGlite in memory, or PostgreSQL when
 * DATABASE_URL is set (`node scripts/with-postgres.mjs …`). On PostgreSQL each call creates its own database
 * and drops it on close; when the role may not create databases, the given database's public schema is wiped
 * instead (then run the files one at a time: `--no-file-parallelism`).
 * Both start from a template built once per source version and seed request (PGlite: a data-folder dump in the
 * temp folder; PostgreSQL: a template database); open one per test file all the same (beforeAll/afterAll).
 */
export async function testDatabase(opts: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const seed: SeedRequest | undefined =
    opts.seedPatients === undefined
      ? undefined
      : {
          patients: opts.seedPatients,
          today: opts.today ?? TEST_TODAY,
          ...(opts.seed === undefined ? {} : { seed: opts.seed }),
        };
  const url = process.env.DATABASE_URL;
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  let summary: SeedSummary | undefined;
  if (url) {
    const created = await createScratchDatabase(url, seed);
    databaseUrl = created?.url ?? url;
    dropDatabase = created?.drop;
    summary = created?.summary;
  }
  let database: OpenDatabase;
  if (databaseUrl) database = await openDatabase({ databaseUrl, poolSize: 4 });
  else ({ database, summary } = await openPGliteFromTemplate(seed));
  try {
    if (url && !dropDatabase) {
      // No database of our own: wipe the one we were given and build it in place.
      await wipeSchema(database.db);
      await migrate(database.db);
      summary = seed ? await seedDemo(database.db, seed) : undefined;
    }
    return {
      db: database.db,
      engine: database.engine,
      ...(summary ? { summary } : {}),
      ...(databaseUrl ? { url: databaseUrl } : {}),
      async close() {
        await database.close();
        await dropDatabase?.();
      },
    };
  } catch (error) {
    await database.close();
    await dropDatabase?.();
    throw error;
  }
}

/** What a test database is seeded with; part of its template's name. */
type SeedRequest = Parameters<typeof seedDemo>[1];

/** Migrates a new, empty database and seeds it as asked. */
async function build(db: Db, seed: SeedRequest | undefined): Promise<SeedSummary | undefined> {
  await migrate(db);
  return seed ? seedDemo(db, seed) : undefined;
}

/** Drops every table of the public schema and migrates again: a clean slate on an open database. */
export async function resetDatabase(db: Db): Promise<void> {
  await wipeSchema(db);
  await migrate(db);
}

async function wipeSchema(db: Db): Promise<void> {
  await sql`drop schema if exists public cascade`.execute(db);
  await sql`create schema public`.execute(db);
}

/**
 * Creates a uniquely named database next to the one in `url`, copied from a template database migrated (and seeded)
 * once per source version and seed request; undefined when the role may not create databases.
 */
async function createScratchDatabase(
  url: string,
  seed: SeedRequest | undefined,
): Promise<{ url: string; drop(): Promise<void>; summary: SeedSummary | undefined } | undefined> {
  const name = `rpm_test_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  let summary: SeedSummary | undefined;
  try {
    const template = await postgresTemplate(admin, url, seed);
    summary = template.summary;
    await admin.query(`create database ${name} template ${template.name}`);
  } catch (error) {
    // 42501: insufficient privilege.
    if ((error as { code?: string }).code === '42501') return undefined;
    throw error;
  } finally {
    await admin.end();
  }
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    summary,
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * The template database for this source version and seed request, built under an advisory lock by the first test
 * file that needs it (parallel files wait for it). Its seed summary is kept as the database's comment.
 */
async function postgresTemplate(
  admin: pg.Client,
  url: string,
  seed: SeedRequest | undefined,
): Promise<{ name: string; summary: SeedSummary | undefined }> {
  const key = await templateKey(seed);
  const name = `rpm_template_${key}`;
  const find = async () => {
    const { rows } = await admin.query<{ comment: string | null }>(
      `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
      [name],
    );
    return rows[0];
  };
  const summaryOf = (comment: string | null) =>
    comment && comment !== 'none' ? (JSON.parse(comment) as SeedSummary) : undefined;
  let found = await find();
  if (found) return { name, summary: summaryOf(found.comment) };
  await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
  try {
    found = await find();
    if (found) return { name, summary: summaryOf(found.comment) };
    const building = `${name}_${randomUUID().replaceAll('-', '').slice(0, 8)}`;
    await admin.query(`create database ${building}`);
    const target = new URL(url);
    target.pathname = `/${building}`;
    const database = await openDatabase({ databaseUrl: target.toString(), poolSize: 1 });
    let summary: SeedSummary | undefined;
    try {
      summary = await build(database.db, seed);
    } finally {
      await database.close();
    }
    const comment = summary ? JSON.stringify(summary) : 'none';
    await admin.query(`comment on database ${building} is ${pg.escapeLiteral(comment)}`);
    await admin.query(`alter database ${building} rename to ${name}`);
    return { name, summary };
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [name]);
  }
}

/**
 * PGlite in memory, loaded from the cached dump of a freshly migrated (and seeded) database: ~0.6 s instead of
 * 3-4 s for a new cluster and about as much again for the seed. The cache file is named by a hash of the sources
 * that build it, the installed PGlite build and the seed request, so any change makes a new one.
 */
async function openPGliteFromTemplate(
  seed: SeedRequest | undefined,
): Promise<{ database: OpenDatabase; summary: SeedSummary | undefined }> {
  const file = join(tmpdir(), `rpm-pglite-template-${await templateKey(seed)}.tar`);
  const cached = await openPGliteDump(file);
  if (cached) return cached;
  // One builder per template across the suite's workers: the others wait for its dump instead of each seeding the
  // same database at once, which on a busy machine ran past the hook timeout.
  const release = await lock(file, {
    realpath: false,
    stale: 30_000,
    retries: { retries: 1_000, minTimeout: 100, maxTimeout: 500 },
  });
  try {
    return (await openPGliteDump(file)) ?? (await buildPGliteTemplate(file, seed));
  } finally {
    await release();
  }
}

/** The PGlite database and seed summary of the dump at `file`; undefined when there is none or it is unreadable. */
async function openPGliteDump(
  file: string,
): Promise<{ database: OpenDatabase; summary: SeedSummary | undefined } | undefined> {
  const [dump, summaryText] = await Promise.all([
    readFile(file).catch(() => undefined),
    readFile(`${file}.json`, 'utf8').catch(() => undefined),
  ]);
  if (!dump || !summaryText) return undefined;
  try {
    const database = await openDatabase({ dataDir: 'memory://', pgliteTemplate: new Blob([dump]) });
    const summary = summaryText === 'none' ? undefined : (JSON.parse(summaryText) as SeedSummary);
    return { database, summary };
  } catch {
    return undefined; // an unreadable dump: the caller builds a new one
  }
}

/** Builds the database in memory, and writes its dump to `file` for the next test file. */
async function buildPGliteTemplate(
  file: string,
  seed: SeedRequest | undefined,
): Promise<{ database: OpenDatabase; summary: SeedSummary | undefined }> {
  const database = await openDatabase({ dataDir: 'memory://' });
  const summary = await build(database.db, seed);
  if (database.pglite) {
    const built = await database.pglite.dumpDataDir('none');
    // Written aside and renamed, summary first, so a parallel reader never sees half a template.
    const partial = `${file}.${process.pid}.${randomUUID()}`;
    await writeFile(`${partial}.json`, summary ? JSON.stringify(summary) : 'none');
    await rename(`${partial}.json`, `${file}.json`);
    await writeFile(partial, Buffer.from(await built.arrayBuffer()));
    await rename(partial, file);
    await removeStaleTemplates();
  }
  return { database, summary };
}

let sourcesHash: Promise<string> | undefined;

/** A hash of everything that shapes a test database: migrations, seed and the code it imports, PGlite's build. */
async function templateKey(seed: SeedRequest | undefined): Promise<string> {
  sourcesHash ??= hashSources();
  const hash = createHash('sha256');
  hash.update(await sourcesHash);
  hash.update(JSON.stringify(seed ?? null));
  return hash.digest('hex').slice(0, 16);
}

async function hashSources(): Promise<string> {
  const hash = createHash('sha256');
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const { size, mtimeMs } = await stat(pgliteEntry);
  hash.update(`${pgliteEntry}:${size}:${mtimeMs}`);
  for (const migration of await listMigrations()) {
    hash.update(migration.name);
    hash.update(await readFile(new URL(migration.name, MIGRATIONS_DIR)));
  }
  // The seed imports from across the BFF and the shared package: hash their sources, tests aside.
  for (const root of SOURCE_ROOTS) {
    const files = (await readdir(root, { recursive: true }))
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .sort();
    for (const name of files) {
      hash.update(name);
      hash.update(await readFile(join(root, name)));
    }
  }
  return hash.digest('hex');
}

const SOURCE_ROOTS = [
  fileURLToPath(new URL('../', import.meta.url)),
  fileURLToPath(new URL('../../../shared/src/', import.meta.url)),
];

/** Removes template dumps older than a day: other source versions' (a running suite's own are recent). */
async function removeStaleTemplates(): Promise<void> {
  const dayAgo = Date.now() - 86_400_000;
  for (const name of await readdir(tmpdir())) {
    if (!/^rpm-pglite-template-[0-9a-f]{16}\.tar(\.json)?$/.test(name)) continue;
    const path = join(tmpdir(), name);
    const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: Date.now() }));
    if (mtimeMs < dayAgo) await rm(path, { force: true });
  }
}
