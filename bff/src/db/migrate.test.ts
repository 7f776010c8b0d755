import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMigrations, migrate } from './migrate.js';
import { DEVICE_TYPE, VITAL } from './reference-ids.js';
import { type Db, TABLE_NAMES } from './schema.js';
import { testDatabase } from './test-database.js';

describe('migrate', () => {
  let db: Db;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await testDatabase());
  });

  afterAll(async () => {
    await close();
  });

  it('lists the migration files in order', async () => {
    const files = await listMigrations();
    expect(files[0]).toEqual({ version: '0001', name: '0001_core.sql' });
    expect(files.map((file) => file.name)).toEqual([...files.map((file) => file.name)].sort());
  });

  it('has applied every file and records it', async () => {
    const recorded = await db.selectFrom('schema_migrations').select(['version', 'name']).execute();
    expect(recorded.map((row) => row.name)).toEqual((await listMigrations()).map((file) => file.name));
  });

  it('creates every table of the schema', async () => {
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = 'public'
    `.execute(db);
    const names = rows.map((row) => row.table_name);
    for (const table of TABLE_NAMES) expect(names).toContain(table);
  });

  it('is idempotent', async () => {
    expect(await migrate(db)).toEqual([]);
    expect(await migrate(db)).toEqual([]);
  });

  it('applies each file once when two runs race', async () => {
    await sql`drop schema public cascade; create schema public`.execute(db);
    const [first, second] = await Promise.all([migrate(db), migrate(db)]);
    // Each file by exactly one of them, whichever took the lock first for it.
    expect([...(first ?? []), ...(second ?? [])].sort()).toEqual(
      (await listMigrations()).map((file) => file.name),
    );
    const { rows } = await sql<{ count: number }>`select count(*) as count from schema_migrations`.execute(
      db,
    );
    expect(rows[0]?.count).toBe((await listMigrations()).length);
  });

  it('seeds the reference data', async () => {
    const roles = await db.selectFrom('roles').select('role_id').orderBy('role_id').execute();
    expect(roles.map((row) => row.role_id)).toEqual([
      1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16, 17, 18, 20,
    ]);
    const languages = await db.selectFrom('languages').selectAll().orderBy('language_id').execute();
    expect(languages).toEqual([
      { language_id: 1, language: 'English' },
      { language_id: 2, language: 'Arabic' },
      { language_id: 3, language: 'Spanish' },
    ]);
    const ahi = await db
      .selectFrom('vitals')
      .selectAll()
      .where('vital_id', '=', VITAL.ahi)
      .executeTakeFirst();
    expect(ahi).toMatchObject({ vital_type: 'ahi', device_type_id: DEVICE_TYPE.cpap });
    const weight = await db
      .selectFrom('device_types')
      .selectAll()
      .where('device_type_id', '=', DEVICE_TYPE.weightScale)
      .executeTakeFirst();
    expect(weight).toMatchObject({ device_type: 'Weight Scale', icon: 'weight.svg' });
    const version = await db
      .selectFrom('app_config')
      .select('value')
      .where('config_key', '=', 'rpm_version')
      .executeTakeFirst();
    expect(version?.value).toBe('1.0.0');
  });

  it('enforces the fixed values', async () => {
    const user = {
      password_hash: 'x',
      firstname: 'A',
      lastname: 'B',
    };
    await expect(
      db
        .insertInto('users')
        .values({ ...user, username: 'Mixed@Demo.test' })
        .execute(),
    ).rejects.toThrow(/check constraint/);
    const { user_id } = await db
      .insertInto('users')
      .values({ ...user, username: 'lower@demo.test' })
      .returning('user_id')
      .executeTakeFirstOrThrow();
    await expect(
      db
        .insertInto('sessions')
        .values({
          user_id,
          token_hash: 't',
          cookie_hash: 'c',
          expires_at: new Date('2026-11-15T12:00:00Z'),
          ended_at: new Date('2026-11-15T12:00:00Z'),
          // @ts-expect-error: not one of the end reasons
          end_reason: 'crashed',
        })
        .execute(),
    ).rejects.toThrow(/check constraint/);
    await expect(
      sql`insert into programs (program_id, program_name) values (9, 'XYZ')`.execute(db),
    ).rejects.toThrow(/check constraint/);
    await db.deleteFrom('users').where('user_id', '=', user_id).execute();
  });
});
