import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './schema.js';
import { testDatabase } from './test-database.js';

// Runs on the configured engine: PGlite, or PostgreSQL under scripts/with-postgres.mjs.
describe(`openDatabase (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  let db: Db;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await testDatabase());
  });

  afterAll(async () => {
    await close();
  });

  it('returns the same JavaScript types on both engines', async () => {
    const { rows } = await sql<Record<string, unknown>>`
      select count(*) as count,
             9007199254740993::int8 as huge,
             182.5::numeric as value,
             '2026-11-15'::date as day,
             '2026-11-15T12:34:56Z'::timestamptz as at,
             '{"a": [1, 2]}'::jsonb as detail,
             array[1, 2]::int8[] as ids,
             array[1.5]::numeric[] as values,
             true as flag
    `.execute(db);
    expect(rows[0]).toEqual({
      count: 1,
      huge: 9007199254740993n,
      value: 182.5,
      day: new Date('2026-11-15T00:00:00Z'),
      at: new Date('2026-11-15T12:34:56Z'),
      detail: { a: [1, 2] },
      ids: [1, 2],
      values: [1.5],
      flag: true,
    });
  });

  it('runs sessions in UTC', async () => {
    const { rows } = await sql<{
      day: Date;
    }>`select ('2026-11-30T23:30:00Z'::timestamptz)::date as day`.execute(db);
    expect(rows[0]?.day.toISOString()).toBe('2026-11-30T00:00:00.000Z');
  });

  it('writes date strings and JSON text unchanged', async () => {
    const { rows } = await sql<{ day: Date; detail: unknown }>`
      select ${'2026-02-03'}::date as day, ${JSON.stringify([1, { b: 'x' }])}::jsonb as detail
    `.execute(db);
    expect(rows[0]).toEqual({ day: new Date('2026-02-03T00:00:00Z'), detail: [1, { b: 'x' }] });
  });

  it('commits and rolls back transactions', async () => {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('app_config').values({ config_key: 'kept', value: '1' }).execute();
    });
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('app_config').values({ config_key: 'gone', value: '1' }).execute();
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    const keys = await db.selectFrom('app_config').select('config_key').orderBy('config_key').execute();
    expect(keys.map((row) => row.config_key)).toEqual(['kept', 'rpm_version']);
  });
});
