import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PREPARED_PER_CONNECTION, preparingPool } from './prepared-pool.js';

/** A pool of one client that records what it is asked to run. */
function recordingPool() {
  const sent: unknown[] = [];
  const client = {
    query: (config: unknown) => {
      sent.push(config);
      return Promise.resolve({ command: 'SELECT', rowCount: 0, rows: [] });
    },
    release: () => {},
  };
  const pool = { connect: async () => client, end: async () => {} } as unknown as pg.Pool;
  return { pool: preparingPool(pool), sent: sent as { name?: string; text: string; values: unknown[] }[] };
}

describe('preparingPool', () => {
  it('names a parameterised text after its digest, the same name every time', async () => {
    const { pool, sent } = recordingPool();
    const client = await pool.connect();
    await client.query('select $1::int', [1]);
    await client.query('select $1::int', [2]);
    await client.query('select $1::text', ['a']);
    expect(sent[0]?.name).toMatch(/^k[\w-]{27}$/);
    expect(sent[1]).toEqual({ name: sent[0]?.name, text: 'select $1::int', values: [2] });
    expect(sent[2]?.name).not.toBe(sent[0]?.name);
  });

  it('runs texts without parameters unnamed (migrations may hold several statements)', async () => {
    const { pool, sent } = recordingPool();
    const client = await pool.connect();
    await client.query('create table a (id int); create table b (id int);', []);
    expect(sent[0]).toEqual({ text: 'create table a (id int); create table b (id int);', values: [] });
  });

  it(`keeps at most ${PREPARED_PER_CONNECTION} statements per connection, then runs new texts unnamed`, async () => {
    const { pool, sent } = recordingPool();
    const client = await pool.connect();
    for (let n = 0; n <= PREPARED_PER_CONNECTION; n++) await client.query(`select $1::int + ${n}`, [n]);
    expect(sent.filter((config) => config.name).length).toBe(PREPARED_PER_CONNECTION);
    expect(sent.at(-1)?.name).toBeUndefined();
    await client.query('select $1::int + 0', [0]);
    expect(sent.at(-1)?.name).toBe(sent[0]?.name);
  });
});
