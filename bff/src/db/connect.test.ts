import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, runsOneQueryAtATime } from './connect.js';
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

  it('says whether the engine runs one query at a time: PGlite does, a PostgreSQL pool does not', () => {
    expect(runsOneQueryAtATime(db)).toBe(!process.env.DATABASE_URL);
    expect(runsOneQueryAtATime({})).toBe(false);
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

  it('costs a random page read as memory and SSD do (decisions.md "Planned for memory and SSD")', async () => {
    const { rows } = await sql<{ cost: string }>`select current_setting('random_page_cost') as cost`.execute(
      db,
    );
    expect(rows[0]?.cost).toBe('1.1');
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

  it('runs a multi-statement script when there are no parameters (migrations)', async () => {
    await sql`insert into app_config (config_key, value) values ('script-a', '1');
      insert into app_config (config_key, value) values ('script-b', '2')`.execute(db);
    const keys = await db
      .deleteFrom('app_config')
      .where('config_key', 'like', 'script-%')
      .returning('value')
      .execute();
    expect(keys.map((row) => row.value).sort()).toEqual(['1', '2']);
  });

  it('reports affected rows', async () => {
    const insert = await db
      .insertInto('app_config')
      .values([
        { config_key: 'rows-a', value: '1' },
        { config_key: 'rows-b', value: '1' },
      ])
      .executeTakeFirst();
    expect(insert.numInsertedOrUpdatedRows).toBe(2n);
    const removed = await db
      .deleteFrom('app_config')
      .where('config_key', 'like', 'rows-%')
      .executeTakeFirst();
    expect(removed.numDeletedRows).toBe(2n);
  });

  it('leaves the connection usable after a statement fails inside a transaction', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('app_config').values({ config_key: 'twice', value: '1' }).execute();
        await trx.insertInto('app_config').values({ config_key: 'twice', value: '2' }).execute();
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(
      await db.selectFrom('app_config').select('value').where('config_key', '=', 'twice').execute(),
    ).toEqual([]);
    // The same prepared statement runs again on the same connection.
    await db.insertInto('app_config').values({ config_key: 'twice', value: '3' }).execute();
    await db.deleteFrom('app_config').where('config_key', '=', 'twice').execute();
  });

  it("never lets a query see another transaction's uncommitted rows", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted: () => void = () => {};
    const insertedYet = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const slow = db.transaction().execute(async (trx) => {
      await trx.insertInto('app_config').values({ config_key: 'uncommitted', value: '1' }).execute();
      inserted();
      await held;
      throw new Error('abort');
    });
    await insertedYet;
    // On PGlite this waits for the transaction (one session); on PostgreSQL it runs beside it.
    const outside = db
      .selectFrom('app_config')
      .select('config_key')
      .where('config_key', '=', 'uncommitted')
      .execute();
    release();
    await expect(slow).rejects.toThrow('abort');
    expect(await outside).toEqual([]);
  });

  it('supports savepoints in controlled transactions', async () => {
    const trx = await db.startTransaction().execute();
    await trx.insertInto('app_config').values({ config_key: 'outer', value: '1' }).execute();
    const inner = await trx.savepoint('inner').execute();
    await inner.insertInto('app_config').values({ config_key: 'inner', value: '1' }).execute();
    const back = await inner.rollbackToSavepoint('inner').execute();
    await back.commit().execute();
    const keys = await db
      .selectFrom('app_config')
      .select('config_key')
      .where('config_key', 'in', ['outer', 'inner'])
      .execute();
    expect(keys).toEqual([{ config_key: 'outer' }]);
    await db.deleteFrom('app_config').where('config_key', '=', 'outer').execute();
  });

  it('keeps a parameterised query prepared in the session', async () => {
    const prepared = await db.transaction().execute(async (trx) => {
      await trx.selectFrom('app_config').select('value').where('config_key', '=', 'none').execute();
      return (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx))
        .rows;
    });
    expect(prepared.map((row) => row.statement)).toContainEqual(
      expect.stringContaining('from "app_config" where "config_key" = $1'),
    );
  });
});

describe.skipIf(process.env.DATABASE_URL)('openDatabase on a PGlite data folder', () => {
  it('keeps what was written when the server closes and opens again', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'rpm-pglite-'));
    try {
      const first = await openDatabase({ dataDir });
      await sql`create table kept (note text not null)`.execute(first.db);
      await sql`insert into kept (note) values (${'written before the restart'})`.execute(first.db);
      await first.close();
      const second = await openDatabase({ dataDir });
      const { rows } = await sql<{ note: string }>`select note from kept`.execute(second.db);
      await second.close();
      expect(rows).toEqual([{ note: 'written before the restart' }]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
