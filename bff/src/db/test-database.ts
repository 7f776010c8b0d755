import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { type OpenDatabase, openDatabase } from './connect.js';
import { listMigrations, MIGRATIONS_DIR, migrate } from './migrate.js';
import type { Db } from './schema.js';
import { type SeedSummary, seedDemo } from './seed/seed-demo.js';

/** The fixed "today" of seeded test data, so tests can name months and ages. */
export const TEST_TODAY = new Date('2026-11-15T12:00:00Z');

/** Options of {@link testDatabase}. */
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
  /** Closes the database and, on PostgreSQL, drops it. */
  close(): Promise<void>;
}

/**
 * A fresh, migrated (and optionally seeded) database for one test file: PGlite in memory, or PostgreSQL when
 * DATABASE_URL is set (`node scripts/with-postgres.mjs …`). On PostgreSQL each call creates its own database
 * and drops it on close; when the role may not create databases, the given database's public schema is wiped
 * instead (then test files must not run in parallel, which the bff vitest project already ensures).
 * PGlite starts from a migrated data-folder dump cached in the temp folder (~0.6 s instead of 3-4 s for a new
 * cluster); open one per test file all the same (beforeAll/afterAll).
 */
export async function testDatabase(opts: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (url) {
    const created = await createScratchDatabase(url);
    databaseUrl = created?.url ?? url;
    dropDatabase = created?.drop;
  }
  const database = databaseUrl
    ? await openDatabase({ databaseUrl, poolSize: 4 })
    : await openMigratedPGlite();
  try {
    if (url && !dropDatabase) await wipeSchema(database.db);
    await migrate(database.db);
    const summary =
      opts.seedPatients === undefined
        ? undefined
        : await seedDemo(database.db, {
            patients: opts.seedPatients,
            today: opts.today ?? TEST_TODAY,
            ...(opts.seed === undefined ? {} : { seed: opts.seed }),
          });
    return {
      db: database.db,
      engine: database.engine,
      ...(summary ? { summary } : {}),
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

/** Drops every table of the public schema and migrates again: a clean slate on an open database. */
export async function resetDatabase(db: Db): Promise<void> {
  await wipeSchema(db);
  await migrate(db);
}

async function wipeSchema(db: Db): Promise<void> {
  await sql`drop schema if exists public cascade`.execute(db);
  await sql`create schema public`.execute(db);
}

/** Creates a uniquely named database next to the one in `url`; undefined when the role may not. */
async function createScratchDatabase(
  url: string,
): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const name = `rpm_test_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
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
 * PGlite in memory, loaded from the cached dump of a freshly migrated database. The cache file is named by a
 * hash of the migrations and the installed PGlite build, so a changed migration or upgrade makes a new one.
 */
async function openMigratedPGlite(): Promise<OpenDatabase> {
  const file = join(tmpdir(), `rpm-pglite-template-${await templateKey()}.tar`);
  const cached = await readFile(file).catch(() => undefined);
  if (cached) {
    try {
      return await openDatabase({ dataDir: 'memory://', pgliteTemplate: new Blob([cached]) });
    } catch {
      // An unreadable dump: build a new one below.
    }
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrate(database.db);
  if (database.pglite) {
    const dump = await database.pglite.dumpDataDir('none');
    // Written aside and renamed, so a parallel reader never sees half a file.
    const partial = `${file}.${process.pid}.${randomUUID()}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    await removeStaleTemplates(file);
  }
  return database;
}

async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const { size, mtimeMs } = await stat(pgliteEntry);
  hash.update(`${pgliteEntry}:${size}:${mtimeMs}`);
  for (const migration of await listMigrations()) {
    hash.update(migration.name);
    hash.update(await readFile(new URL(migration.name, MIGRATIONS_DIR)));
  }
  return hash.digest('hex').slice(0, 16);
}

async function removeStaleTemplates(current: string): Promise<void> {
  for (const name of await readdir(tmpdir())) {
    const path = join(tmpdir(), name);
    if (/^rpm-pglite-template-[0-9a-f]{16}\.tar$/.test(name) && path !== current)
      await rm(path, { force: true });
  }
}
