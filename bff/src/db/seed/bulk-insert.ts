import { sql } from 'kysely';
import type { Database, Db } from '../schema.js';

/** Splits a list into consecutive slices of at most `size` items (multi-row inserts stay under 65,535 parameters). */
export function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

/** PostgreSQL element types of the columns an {@link UnnestWriter} fills. */
export type UnnestColumnType = 'integer' | 'bigint' | 'numeric' | 'text' | 'timestamptz';

/**
 * Buffers rows column by column and writes them with `INSERT … SELECT * FROM unnest($1::integer[], …)`: one array
 * parameter per column, three times faster on PGlite than VALUES. Timestamps go in as ISO strings (node-postgres
 * would format Dates inside arrays in local time).
 */
export class UnnestWriter<T extends keyof Database & string, C extends keyof Database[T] & string> {
  readonly #db: Db;
  readonly #table: T;
  readonly #types: Readonly<Record<C, UnnestColumnType>>;
  readonly #columns: readonly C[];
  readonly #batchSize: number;
  #buffer: unknown[][];
  #buffered = 0;
  /** Rows written so far. */
  written = 0;

  constructor(db: Db, table: T, types: Readonly<Record<C, UnnestColumnType>>, batchSize = 10_000) {
    this.#db = db;
    this.#table = table;
    this.#types = types;
    this.#columns = Object.keys(types) as C[];
    this.#batchSize = batchSize;
    this.#buffer = this.#columns.map(() => []);
  }

  push(row: Readonly<Record<C, unknown>>): void {
    this.#columns.forEach((column, index) => {
      this.#buffer[index]?.push(row[column]);
    });
    this.#buffered++;
  }

  /** Writes the buffer once it holds a batch. */
  async flushIfFull(): Promise<void> {
    if (this.#buffered >= this.#batchSize) await this.flush();
  }

  /** Writes whatever is buffered. */
  async flush(): Promise<void> {
    if (this.#buffered === 0) return;
    const columns = sql.join(this.#columns.map((column) => sql.ref(column)));
    const arrays = sql.join(
      this.#columns.map((column, index) => sql`${this.#buffer[index]}::${sql.raw(this.#types[column])}[]`),
    );
    await sql`insert into ${sql.table(this.#table)} (${columns}) select * from unnest(${arrays})`.execute(
      this.#db,
    );
    this.written += this.#buffered;
    this.#buffered = 0;
    this.#buffer = this.#columns.map(() => []);
  }
}
