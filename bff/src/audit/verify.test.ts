import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '../audit.js';
import { type TestDatabase, testDatabase } from '../db/test-database.js';
import { type ChainReport, verifyAuditChain, verifyCommand } from './verify.js';

/**
 * ONC 170.315(d)(2)/(3): audit rows are append-only (triggers refuse UPDATE, DELETE, TRUNCATE on
 * both engines) and hash-chained, so a row changed or removed around the triggers is found at its id.
 */

let t: TestDatabase;
let ids: number[];
const AT = new Date('2026-11-15T12:00:00Z');

beforeAll(async () => {
  t = await testDatabase({ seedPatients: 5 });
  for (let n = 0; n < 6; n++)
    await audit(t.db, {
      at: AT,
      userId: null,
      action: 'test_action',
      entity: 'test',
      entityId: n,
      detail: { n },
    });
  ids = (await t.db.selectFrom('audit_log').select('audit_id').orderBy('audit_id').execute()).map((row) =>
    Number(row.audit_id),
  );
}, 120_000);
afterAll(async () => t?.close());

/** Rolled back whatever happens: each tampering starts from the whole chain. */
class Rollback extends Error {}
async function tampered(work: (trx: typeof t.db) => Promise<void>): Promise<ChainReport> {
  let report: ChainReport | undefined;
  await t.db
    .transaction()
    .execute(async (trx) => {
      // What a superuser could do: switch the refusing trigger off.
      await sql`alter table audit_log disable trigger audit_log_no_change`.execute(trx);
      await work(trx);
      report = await verifyAuditChain(trx);
      throw new Rollback();
    })
    .catch((error) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return report as ChainReport;
}

const middle = () => ids[ids.length - 3] as number;

describe('the audit chain', () => {
  it('verifies a whole chain, the seed and every later row, with exit code 0', async () => {
    const lines: string[] = [];
    expect(await verifyCommand(t.db, { write: (text: string) => lines.push(text) })).toBe(0);
    expect(lines).toEqual([
      `Audit chain verified: ${ids.length} rows.\n`,
      'Seals not checked: set AUDIT_KEY to check them.\n',
    ]);
    const first = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('audit_id')
      .executeTakeFirstOrThrow();
    expect(first.prev_hash).toBe('0'.repeat(64));
    expect(first.row_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    ['UPDATE', sql`update audit_log set action = 'x'`],
    ['DELETE', sql`delete from audit_log`],
    ['TRUNCATE', sql`truncate audit_log`],
  ])('refuses %s of audit rows', async (op, statement) => {
    await expect(statement.execute(t.db)).rejects.toThrow(`audit_log is append-only: ${op} refused`);
    expect((await verifyAuditChain(t.db)).broken).toBeNull();
  });

  it('finds a changed row at its id, and exit code 1', async () => {
    const report = await tampered(async (trx) => {
      await sql`update audit_log set detail = '{"n": 99}' where audit_id = ${middle()}`.execute(trx);
    });
    expect(report.broken).toMatchObject({ auditId: middle(), kind: 'changed' });
  });

  it('finds a changed row even when its own hash was recomputed, at the next row', async () => {
    const report = await tampered(async (trx) => {
      await sql`update audit_log set action = 'forged' where audit_id = ${middle()}`.execute(trx);
      await sql`update audit_log a set row_hash = audit_row_hash(a.prev_hash, a) where audit_id = ${middle()}`.execute(
        trx,
      );
    });
    const next = ids[ids.indexOf(middle()) + 1];
    expect(report.broken).toMatchObject({ auditId: next, kind: 'removed' });
  });

  it('finds a deleted row at the row after it, naming the last whole row', async () => {
    const report = await tampered(async (trx) => {
      await sql`delete from audit_log where audit_id = ${middle()}`.execute(trx);
    });
    const before = ids[ids.indexOf(middle()) - 1];
    const next = ids[ids.indexOf(middle()) + 1];
    expect(report.broken).toMatchObject({ auditId: next, kind: 'removed' });
    expect(report.broken?.message).toContain(`between audit_id ${before} and this one`);
  });

  it('finds the newest row deleted, by the chain head', async () => {
    const last = ids.at(-1) as number;
    const report = await tampered(async (trx) => {
      await sql`delete from audit_log where audit_id = ${last}`.execute(trx);
    });
    expect(report.broken).toMatchObject({ auditId: last, kind: 'removed' });
  });

  it('finds a row inserted around the chain trigger', async () => {
    let inserted = 0;
    const report = await tampered(async (trx) => {
      await sql`alter table audit_log disable trigger audit_log_chain`.execute(trx);
      const row = await sql<{ audit_id: number }>`
        insert into audit_log (at, action, entity, prev_hash, row_hash)
        values (now(), 'forged', 'test', '', '') returning audit_id`.execute(trx);
      inserted = Number(row.rows[0]?.audit_id);
    });
    expect(report.broken).toMatchObject({ auditId: inserted, kind: 'out_of_chain' });
  });

  it('keeps the chain whole under concurrent writers', async () => {
    await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        t.db
          .transaction()
          .execute((trx) =>
            audit(trx, { at: AT, userId: null, action: 'test_concurrent', entity: 'test', entityId: n }),
          ),
      ),
    );
    const report = await verifyAuditChain(t.db);
    expect(report).toEqual({ rows: ids.length + 12, broken: null });
  });
});
