import type { PGliteInterface, Results } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/** Options of {@link PGliteDialect}. */
export interface PGliteDialectConfig {
  /** The open PGlite instance every query runs on. */
  readonly pglite: PGliteInterface;
  /** Close the instance when the Kysely instance is destroyed (default true). */
  readonly closeOnDestroy?: boolean;
}

/**
 * Kysely dialect over one PGlite instance (PostgreSQL compiled to WASM, in process).
 *
 * PGlite has exactly one session, so the driver hands out a single connection guarded by a FIFO lock: a
 * transaction holds it from BEGIN to COMMIT/ROLLBACK and other queries wait, so statements of concurrent
 * requests never interleave inside someone else's transaction. Consequence: code inside
 * `db.transaction().execute(trx => …)` must use `trx`, never `db`, or it waits for itself forever.
 * (We do not use the `kysely-pglite` package: it pulls in a code generator and a second Kysely.)
 */
export class PGliteDialect implements Dialect {
  readonly #config: PGliteDialectConfig;

  constructor(config: PGliteDialectConfig) {
    this.#config = config;
  }

  createDriver(): Driver {
    return new PGliteDriver(this.#config);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}

/** FIFO mutex: `acquire` resolves with the function that lets the next waiter in. */
class Lock {
  #tail: Promise<void> = Promise.resolve();

  acquire(): Promise<() => void> {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const acquired = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => released);
    return acquired;
  }
}

class PGliteDriver implements Driver {
  readonly #config: PGliteDialectConfig;
  readonly #lock = new Lock();
  readonly #connection: PGliteConnection;
  #release: (() => void) | undefined;

  constructor(config: PGliteDialectConfig) {
    this.#config = config;
    this.#connection = new PGliteConnection(config.pglite);
  }

  async init(): Promise<void> {
    await this.#config.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    this.#release = await this.#lock.acquire();
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let statement = 'begin';
    if (settings.isolationLevel || settings.accessMode) {
      statement = 'start transaction';
      if (settings.isolationLevel) statement += ` isolation level ${settings.isolationLevel}`;
      if (settings.accessMode) statement += ` ${settings.accessMode}`;
    }
    await connection.executeQuery(CompiledQuery.raw(statement));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdentifier(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteIdentifier(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoteIdentifier(name)}`));
  }

  async destroy(): Promise<void> {
    // Wait for the query or transaction in flight, then close.
    const release = await this.#lock.acquire();
    try {
      if (this.#config.closeOnDestroy !== false && !this.#config.pglite.closed)
        await this.#config.pglite.close();
    } finally {
      release();
    }
  }
}

const MODIFYING_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PGliteInterface;

  constructor(pglite: PGliteInterface) {
    this.#pglite = pglite;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { sql, parameters } = compiledQuery;
    // Like node-postgres, a query without parameters goes through the simple protocol, which accepts several
    // statements (migration files); its last statement's result is the answer.
    const result: Results<R> | undefined =
      parameters.length === 0
        ? ((await this.#pglite.exec(sql, { rowMode: 'object' })).at(-1) as Results<R> | undefined)
        : await this.#pglite.query<R>(sql, [...parameters], { rowMode: 'object' });
    if (!result) return { rows: [] };
    const command = result.command?.toUpperCase();
    return {
      rows: result.rows,
      ...(command && MODIFYING_COMMANDS.has(command)
        ? { numAffectedRows: BigInt(result.affectedRows ?? 0) }
        : {}),
    };
  }

  /** PGlite has no cursors over its single session: the whole result is read, then yielded in chunks. */
  async *streamQuery<R>(
    compiledQuery: CompiledQuery,
    chunkSize = 100,
  ): AsyncIterableIterator<QueryResult<R>> {
    if (!Number.isInteger(chunkSize) || chunkSize <= 0)
      throw new Error('chunkSize must be a positive integer');
    const { rows } = await this.executeQuery<R>(compiledQuery);
    for (let start = 0; start < rows.length; start += chunkSize) {
      yield { rows: rows.slice(start, start + chunkSize) };
    }
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
