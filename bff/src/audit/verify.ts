import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { sql, type Transaction } from 'kysely';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/connect.js';
import type { Database, Db } from '../db/schema.js';
import { checkSeals } from './seal.js';

/**
 * The audit chain's check (ONC 170.315(d)(2)/(3); migrations/0011_audit_chain.sql): recomputes every row's hash in
 * id order and reports the first break; `npm run audit:verify` exits 1 on one.
 */

/** The hash before the first row. */
const GENESIS_HASH = '0'.repeat(64);

/** Rows read per query. */
const CHUNK_ROWS = 1000;

/** Where and how the chain breaks. */
export interface ChainBreak {
  /** The first row that does not verify, or for a removed tail the id the chain head names. */
  readonly auditId: number;
  /**
   * - `changed`: the row's fields no longer give its hash (an UPDATE);
   * - `removed`: the row before it in the chain is gone (a DELETE), or, at the end, the newest rows are;
   * - `out_of_chain`: the row names no hash or a chain position no row had (an insert around the trigger).
   */
  readonly kind: 'changed' | 'removed' | 'out_of_chain';
  readonly message: string;
}

/** What a verification found. */
export interface ChainReport {
  /** Rows checked. */
  readonly rows: number;
  /** The first break, or null when the chain is whole. */
  readonly broken: ChainBreak | null;
}

/** One row as the check reads it. */
interface ChainRow {
  readonly audit_id: number;
  readonly prev_hash: string | null;
  readonly row_hash: string | null;
  readonly canonical: string;
}

/** sha256 of the previous hash and the row's canonical text, as the insert trigger computes it. */
function rowHash(prevHash: string, canonical: string): string {
  return createHash('sha256').update(`${prevHash}\n${canonical}`, 'utf8').digest('hex');
}

/** Verifies the whole chain in one snapshot (later rows wait for the next run), or in the given transaction's view. */
export async function verifyAuditChain(db: Db | Transaction<Database>): Promise<ChainReport> {
  if (db.isTransaction) return verifyIn(db);
  return db.transaction().setIsolationLevel('repeatable read').execute(verifyIn);
}

async function verifyIn(trx: Db | Transaction<Database>): Promise<ChainReport> {
  let expectedPrev = GENESIS_HASH;
  let lastId: number | null = null;
  let rows = 0;
  for (;;) {
    const after = lastId === null ? sql`true` : sql`audit_id > ${lastId}`;
    const chunk: { rows: ChainRow[] } = await sql<ChainRow>`
      select audit_id, prev_hash, row_hash, audit_canonical(a) as canonical from audit_log a
      where ${after} order by audit_id limit ${CHUNK_ROWS}`.execute(trx);
    for (const row of chunk.rows) {
      const id = Number(row.audit_id);
      rows++;
      const at = (kind: ChainBreak['kind'], message: string): ChainReport => ({
        rows,
        broken: { auditId: id, kind, message: `audit_id ${id}: ${message}` },
      });
      if (!row.prev_hash || !row.row_hash) return at('out_of_chain', 'the row has no chain hashes.');
      if (rowHash(row.prev_hash, row.canonical) !== row.row_hash)
        return at('changed', 'the row was changed after it was written (its hash does not match).');
      if (row.prev_hash !== expectedPrev) {
        const after = lastId === null ? 'the start' : `audit_id ${lastId}`;
        return row.prev_hash === GENESIS_HASH
          ? at('out_of_chain', `the row claims to be the first, after ${after}.`)
          : at('removed', `a row between ${after} and this one was removed.`);
      }
      expectedPrev = row.row_hash;
      lastId = id;
    }
    if (chunk.rows.length < CHUNK_ROWS) break;
  }
  const head = await trx.selectFrom('audit_chain_head').select(['last_id', 'last_hash']).executeTakeFirst();
  if (head && head.last_hash !== expectedPrev) {
    const auditId = Number(head.last_id ?? 0);
    const after = lastId === null ? 'the start' : `audit_id ${lastId}`;
    return {
      rows,
      broken: {
        auditId,
        kind: 'removed',
        message: `audit_id ${auditId}: the newest rows after ${after} were removed (the chain head names ${auditId}).`,
      },
    };
  }
  return { rows, broken: null };
}

/**
 * The command's work: verifies the chain and, with the key, its seals (seal.ts); writes the outcome, answers the
 * exit code (1 on a break).
 */
export async function verifyCommand(
  db: Db,
  out: { write(text: string): unknown } = process.stdout,
  key?: string,
  now: Date = new Date(),
): Promise<0 | 1> {
  const report = await verifyAuditChain(db);
  if (report.broken) {
    out.write(`Audit chain broken (${report.broken.kind}) at ${report.broken.message}\n`);
    return 1;
  }
  if (key === undefined) {
    out.write(`Audit chain verified: ${report.rows} rows.\n`);
    out.write('Seals not checked: set AUDIT_KEY to check them.\n');
    return 0;
  }
  const seals = await checkSeals(db, key, now);
  if (seals.broken) {
    out.write(`Audit chain broken (${seals.broken.kind}) at ${seals.broken.message}\n`);
    return 1;
  }
  out.write(`Audit chain verified: ${report.rows} rows.\n`);
  out.write(
    seals.sealedThrough === null
      ? 'No seal yet.\n'
      : `${seals.seals} seals verified with AUDIT_KEY, through audit_id ${seals.sealedThrough}.\n`,
  );
  return 0;
}

/** `npm run audit:verify` on the configured database (DATABASE_URL, else the PGlite DATA_DIR). */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    process.exitCode = await verifyCommand(database.db, process.stdout, config.AUDIT_KEY);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
