import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '../audit.js';
import { SimulatedClock } from '../clock.js';
import { type TestDatabase, testDatabase } from '../db/test-database.js';
import { SEAL_GRACE_MS, sealChain } from './seal.js';
import { verifyCommand } from './verify.js';

/**
 * Issue 44: the unkeyed chain can be rewritten whole by a login that can write the tables; the seals, signed with a
 * key the database never holds, find it. Each tampering runs in a transaction that is rolled back.
 */

const KEY = 'k'.repeat(40);
const AT = new Date('2026-11-15T12:00:00Z');
let t: TestDatabase;
const clock = new SimulatedClock(AT);

const write = async (n: number) =>
  audit(t.db, {
    at: clock.now(),
    userId: null,
    action: 'seal_test',
    entity: 'test',
    entityId: n,
    detail: { n },
  });

beforeAll(async () => {
  t = await testDatabase({ seedPatients: 5 });
  for (let n = 0; n < 4; n++) await write(n);
  expect(await sealChain(t.db, clock, KEY)).toBe(true);
  expect(await sealChain(t.db, clock, KEY)).toBe(false);
  for (let n = 4; n < 6; n++) await write(n);
}, 120_000);
afterAll(async () => t?.close());

async function verify(db: typeof t.db, key?: string, now = AT) {
  const lines: string[] = [];
  const code = await verifyCommand(db, { write: (text: string) => lines.push(text) }, key, now);
  return { code, text: lines.join('') };
}

class Rollback extends Error {}
async function tampered(work: (trx: typeof t.db) => Promise<void>, key?: string) {
  let result: { code: number; text: string } | undefined;
  await t.db
    .transaction()
    .execute(async (trx) => {
      await sql`alter table audit_log disable trigger audit_log_no_change`.execute(trx);
      await work(trx);
      result = await verify(trx, key);
      throw new Rollback();
    })
    .catch((error) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return result as { code: number; text: string };
}

/** A rewrite by the table owner: one row changed, and every hash from it on recomputed, the chain head too. */
async function rewriteChain(trx: typeof t.db) {
  const target = await sql<{ audit_id: string }>`select audit_id from audit_log where action = 'seal_test'
    order by audit_id limit 1`.execute(trx);
  const id = Number(target.rows[0]?.audit_id);
  await sql`update audit_log set detail = '{"n": "rewritten"}' where audit_id = ${id}`.execute(trx);
  await sql`do $$
    declare r audit_log; prev text;
    begin
      select prev_hash into prev from audit_log where audit_id = ${sql.lit(id)};
      for r in select * from audit_log where audit_id >= ${sql.lit(id)} order by audit_id loop
        r.prev_hash := prev;
        r.row_hash := audit_row_hash(prev, r);
        update audit_log set prev_hash = r.prev_hash, row_hash = r.row_hash where audit_id = r.audit_id;
        prev := r.row_hash;
      end loop;
      update audit_chain_head set last_hash = prev;
    end $$`.execute(trx);
}

describe('audit chain seals', () => {
  it('verifies the chain and its seals with the key', async () => {
    const result = await verify(t.db, KEY);
    expect(result.code).toBe(0);
    expect(result.text).toMatch(/1 seals verified with AUDIT_KEY, through audit_id \d+/);
  });

  it('finds a whole-chain rewrite the unkeyed check cannot', async () => {
    expect((await tampered(rewriteChain)).code).toBe(0);
    const keyed = await tampered(rewriteChain, KEY);
    expect(keyed.code).toBe(1);
    expect(keyed.text).toMatch(/broken \(forged_seal\).*no longer matches its seal/);
  });

  it('refuses a seal not signed with the key', async () => {
    const result = await verify(t.db, 'x'.repeat(40));
    expect([result.code, result.text]).toEqual([1, expect.stringMatching(/not signed with AUDIT_KEY/)]);
  });

  it('refuses a change to the seals and finds old rows left unsealed', async () => {
    await expect(sql`delete from audit_seals`.execute(t.db)).rejects.toThrow(/append-only/);
    const later = await verify(t.db, KEY, new Date(AT.getTime() + SEAL_GRACE_MS + 1000));
    expect([later.code, later.text]).toEqual([1, expect.stringMatching(/broken \(unsealed\)/)]);
  });
});
