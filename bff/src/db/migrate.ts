import { readdir, readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import type { Db } from './schema.js';

/** Folder of the plain-SQL migrations, named NNNN_name.sql and applied in name order. */
export const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

const FILE_PATTERN = /^(\d{4})_([a-z0-9_]+)\.sql$/;

/** Arbitrary constant naming "the migration lock" among PostgreSQL advisory locks. */
const MIGRATION_LOCK_KEY = 7_262_001;

/** A migration file found on disk. */
export interface MigrationFile {
  /** The four-digit prefix, e.g. '0001'. */
  readonly version: string;
  /** The file name, e.g. '0001_core.sql'. */
  readonly name: string;
}

/** Lists the migration files in the order they apply. Throws on a duplicate version. */
export async function listMigrations(): Promise<MigrationFile[]> {
  const files: MigrationFile[] = [];
  for (const name of (await readdir(MIGRATIONS_DIR)).sort()) {
    const match = FILE_PATTERN.exec(name);
    if (!match?.[1]) continue;
    if (files.some((file) => file.version === match[1]))
      throw new Error(`two migrations have version ${match[1]}`);
    files.push({ version: match[1], name });
  }
  return files;
}

/**
 * Applies the migrations not yet in `schema_migrations`, each in one transaction with its record, under an advisory
 * lock so concurrent starts on PostgreSQL apply each file once; answers the files applied. `through` stops after that
 * version (a test of a data-moving migration starts from the schema before it).
 */
export async function migrate(db: Db, opts: { readonly through?: string } = {}): Promise<string[]> {
  const files = (await listMigrations()).filter((file) => !opts.through || file.version <= opts.through);
  const applied: string[] = [];
  for (const file of files) {
    const text = await readFile(new URL(file.name, MIGRATIONS_DIR), 'utf8');
    const didApply = await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK_KEY)})`.execute(trx);
      // Inside the lock: concurrent "create table if not exists" can otherwise collide on the catalog.
      await sql`create table if not exists schema_migrations (
        version text primary key,
        name text not null,
        applied_at timestamptz not null default now()
      )`.execute(trx);
      const done = await trx
        .selectFrom('schema_migrations')
        .select('version')
        .where('version', '=', file.version)
        .executeTakeFirst();
      if (done) return false;
      // No parameters: the file runs as one multi-statement script on both engines.
      await sql.raw(text).execute(trx);
      await trx.insertInto('schema_migrations').values({ version: file.version, name: file.name }).execute();
      return true;
    });
    if (didApply) applied.push(file.name);
  }
  return applied;
}
