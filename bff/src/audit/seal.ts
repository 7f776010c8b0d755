import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Clock } from '../clock.js';
import type { Database, Db } from '../db/schema.js';

/**
 * Seals of the audit chain (issue 44; migrations/0066_audit_seals.sql): the app signs the chain head with AUDIT_KEY,
 * which the database never holds, so a login that can write the tables (the owner, a superuser) can rewrite rows and
 * recompute every hash, but cannot make the seals agree again. decisions.md "Audit chain seals".
 */

/** How often the app seals the head (the longest a rewrite of the newest rows stays unsealed). */
export const SEAL_INTERVAL_MS = 10_000;
/** Rows older than this past the newest seal mean sealing stopped or seals were removed. */
export const SEAL_GRACE_MS = 5 * 60_000;

/** The seal of one chain head: HMAC-SHA256 under the key of the head's id and hash. */
function sealMac(key: string, lastId: number, lastHash: string): string {
  return createHmac('sha256', `audit-seal:${key}`).update(`${lastId}\n${lastHash}`).digest('hex');
}

/** Seals the chain head unless it is sealed already; answers whether a seal was written. */
export async function sealChain(db: Db, clock: Clock, key: string): Promise<boolean> {
  const head = await db.selectFrom('audit_chain_head').select(['last_id', 'last_hash']).executeTakeFirst();
  if (!head || head.last_id === null) return false;
  const lastId = Number(head.last_id);
  const written = await db
    .insertInto('audit_seals')
    .values({
      last_id: lastId,
      last_hash: head.last_hash,
      mac: sealMac(key, lastId, head.last_hash),
      sealed_at: clock.now(),
    })
    .onConflict((oc) => oc.column('last_id').doNothing())
    .executeTakeFirst();
  return Number(written.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** What the seals say of a chain whose hashes verified. */
export interface SealReport {
  readonly seals: number;
  /** The newest sealed row, or null before the first seal. */
  readonly sealedThrough: number | null;
  readonly broken: {
    readonly auditId: number;
    readonly kind: 'forged_seal' | 'unsealed';
    readonly message: string;
  } | null;
}

const equalHex = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Checks every seal: signed with the key, and naming a row whose hash is still the one sealed (a rewritten chain
 * changes it). Rows older than {@link SEAL_GRACE_MS} after the newest seal break it too.
 */
export async function checkSeals(
  trx: Db | Transaction<Database>,
  key: string,
  now: Date,
): Promise<SealReport> {
  const rows = await sql<{ last_id: string; last_hash: string; mac: string; row_hash: string | null }>`
    select s.last_id, s.last_hash, s.mac, a.row_hash
    from audit_seals s left join audit_log a on a.audit_id = s.last_id
    order by s.last_id`.execute(trx);
  let sealedThrough: number | null = null;
  const broken = (auditId: number, kind: 'forged_seal' | 'unsealed', message: string): SealReport => ({
    seals: rows.rows.length,
    sealedThrough,
    broken: { auditId, kind, message: `audit_id ${auditId}: ${message}` },
  });
  for (const seal of rows.rows) {
    const id = Number(seal.last_id);
    if (!equalHex(seal.mac, sealMac(key, id, seal.last_hash)))
      return broken(id, 'forged_seal', 'its seal is not signed with AUDIT_KEY.');
    if (seal.row_hash !== seal.last_hash)
      return broken(
        id,
        'forged_seal',
        'the chain no longer matches its seal (rows up to it were rewritten).',
      );
    sealedThrough = id;
  }
  if (sealedThrough !== null) {
    const late = await sql<{ audit_id: string }>`select audit_id from audit_log
      where audit_id > ${sealedThrough} and at < ${new Date(now.getTime() - SEAL_GRACE_MS)}
      order by audit_id limit 1`.execute(trx);
    const first = late.rows[0];
    if (first)
      return broken(
        Number(first.audit_id),
        'unsealed',
        `rows after audit_id ${sealedThrough} are older than 5 minutes and unsealed (sealing stopped or seals were removed).`,
      );
  }
  return { seals: rows.rows.length, sealedThrough, broken: null };
}
