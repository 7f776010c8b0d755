import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteDialect } from './pglite-dialect.js';

interface TestDb {
  items: { id: number; name: string };
}

// The dialect is PGlite's, so this file always runs on PGlite (connect.test.ts covers the configured engine).
describe('PGliteDialect', () => {
  let db: Kysely<TestDb>;

  beforeAll(async () => {
    db = new Kysely<TestDb>({ dialect: new PGliteDialect({ pglite: await PGlite.create('memory://') }) });
    await sql`create table items (id integer primary key, name text not null)`.execute(db);
  });

  afterAll(async () => {
    await db.destroy();
  });

  it('runs queries with parameters and reports affected rows', async () => {
    const insert = await db
      .insertInto('items')
      .values([
        { id: 1, name: 'a' },
        { id: 2, name: 'b' },
      ])
      .executeTakeFirst();
    expect(insert.numInsertedOrUpdatedRows).toBe(2n);
    const update = await db.updateTable('items').set({ name: 'c' }).where('id', '=', 2).executeTakeFirst();
    expect(update.numUpdatedRows).toBe(1n);
    expect(await db.selectFrom('items').selectAll().orderBy('id').execute()).toEqual([
      { id: 1, name: 'a' },
      { id: 2, name: 'c' },
    ]);
    await db.deleteFrom('items').execute();
  });

  it('runs a multi-statement script when there are no parameters', async () => {
    const { rows } = await sql<{ n: number }>`select 1 as n; select 2 as n`.execute(db);
    expect(rows).toEqual([{ n: 2 }]);
  });

  it('commits a transaction', async () => {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ id: 10, name: 'kept' }).execute();
    });
    expect(await db.selectFrom('items').select('name').where('id', '=', 10).executeTakeFirst()).toEqual({
      name: 'kept',
    });
  });

  it('rolls back a transaction that throws', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ id: 11, name: 'gone' }).execute();
        await trx.insertInto('items').values({ id: 11, name: 'duplicate' }).execute();
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await db.selectFrom('items').select('id').where('id', '=', 11).execute()).toEqual([]);
    // The connection is usable afterwards (no transaction left open).
    expect((await sql<{ ok: number }>`select 1 as ok`.execute(db)).rows).toEqual([{ ok: 1 }]);
  });

  it('keeps concurrent transactions from interleaving on the one connection', async () => {
    const order: string[] = [];
    const slow = db.transaction().execute(async (trx) => {
      order.push('slow:start');
      await trx.insertInto('items').values({ id: 20, name: 'slow' }).execute();
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push('slow:end');
      throw new Error('abort slow');
    });
    const fast = db.transaction().execute(async (trx) => {
      order.push('fast:start');
      await trx.insertInto('items').values({ id: 21, name: 'fast' }).execute();
      order.push('fast:end');
    });
    const outside = db.selectFrom('items').select('id').where('id', 'in', [20, 21]).execute();
    await expect(slow).rejects.toThrow('abort slow');
    await fast;
    expect(order).toEqual(['slow:start', 'slow:end', 'fast:start', 'fast:end']);
    // A plain query issued meanwhile waits for the transaction instead of seeing its uncommitted row.
    expect((await outside).map((row) => row.id)).not.toContain(20);
    expect(await db.selectFrom('items').select('id').where('id', 'in', [20, 21]).execute()).toEqual([
      { id: 21 },
    ]);
  });

  it('supports savepoints in controlled transactions', async () => {
    const trx = await db.startTransaction().execute();
    await trx.insertInto('items').values({ id: 30, name: 'outer' }).execute();
    const inner = await trx.savepoint('inner').execute();
    await inner.insertInto('items').values({ id: 31, name: 'inner' }).execute();
    const back = await inner.rollbackToSavepoint('inner').execute();
    await back.commit().execute();
    expect(await db.selectFrom('items').select('id').where('id', 'in', [30, 31]).execute()).toEqual([
      { id: 30 },
    ]);
  });

  it('streams a result in chunks', async () => {
    const ids: number[] = [];
    for await (const row of db.selectFrom('items').select('id').orderBy('id').stream(1)) ids.push(row.id);
    expect(ids).toEqual([10, 21, 30]);
  });
});
