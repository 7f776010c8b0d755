import type { Clock } from '../../clock.js';
import type { Db } from '../../db/schema.js';
import type { Hub } from '../../hub/hub.js';
import { type PendingPush, pushAll } from '../raise.js';
import { type IntakeRequest, keyHashOf, type Measurement, parseMeasurement } from './parse.js';
import { IntakeRefusal } from './refusal.js';
import { findKeysAndDevices, loadVitals } from './store.js';
import { type IntakeAnswer, type Outcome, writeBatch } from './write.js';

/**
 * The reading intake's pipeline (parse.ts, store.ts, evaluate.ts, notify.ts), written group-commit style: requests
 * that arrive while a batch is written queue for the next (up to `maxBatch`), and a batch costs about the queries of
 * one measurement, so throughput follows load (one per transaction could not reach 200 readings a second on PGlite,
 * tests/bench/ingest.ts). Each measurement still succeeds or fails on its own, with its audit row.
 */

export type { IntakeRequest } from './parse.js';
export type { IntakeAnswer } from './write.js';

export interface Intake {
  /** Queues a measurement; resolves with its answer or rejects with its IntakeRefusal. */
  submit(request: IntakeRequest): Promise<IntakeAnswer>;
  /** Refuses new requests and waits for the queued ones. */
  close(): Promise<void>;
}

export interface IntakeOptions {
  readonly db: Db;
  readonly clock: Clock;
  readonly hub: Hub;
  /** Most measurements per transaction (default 200). */
  readonly maxBatch?: number;
}

/** PostgreSQL's deadlock and serialization-failure codes: the batch is retried. */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

interface Pending {
  readonly request: IntakeRequest;
  resolve(answer: IntakeAnswer): void;
  reject(error: unknown): void;
}

export function createIntake(opts: IntakeOptions): Intake {
  const { db, clock, hub } = opts;
  const maxBatch = opts.maxBatch ?? 200;
  const queue: Pending[] = [];
  let running: Promise<void> | null = null;
  let closed = false;

  function kick(): void {
    if (running) return;
    running = (async () => {
      // Yield to the event loop before each batch: PGlite answers through promise callbacks alone, so without a
      // turn of the loop no new request would be read while a batch is written, and every batch would hold one.
      do {
        await new Promise<void>((resolve) => setImmediate(resolve));
        await processBatch(queue.splice(0, maxBatch));
      } while (queue.length > 0);
    })().finally(() => {
      running = null;
      // A request queued between the loop's last check and here.
      if (queue.length > 0) kick();
    });
  }

  async function processBatch(batch: readonly Pending[]): Promise<void> {
    const outcomes: (Outcome | undefined)[] = new Array(batch.length);
    let pushes: PendingPush[] = [];
    // A failure of the batch's queries (not a refusal of one measurement) fails the measurements not yet answered.
    let failure: unknown = null;
    try {
      const now = clock.now();
      const checked = await check(db, batch, now, outcomes);
      if (checked.length > 0) {
        for (let attempt = 1; ; attempt++) {
          try {
            const written = await db.transaction().execute((trx) => writeBatch(trx, checked, now));
            for (const [index, outcome] of written.outcomes) outcomes[index] = outcome;
            pushes = written.pushes;
            break;
          } catch (error) {
            const code = (error as { code?: string }).code;
            if (attempt >= ATTEMPTS || !code || !RETRYABLE.has(code)) throw error;
          }
        }
      }
    } catch (error) {
      failure = error;
    }
    // After the commit: a client that fetches the bell on the push finds the rows.
    pushAll(hub, pushes);
    for (const [n, pending] of batch.entries()) {
      const outcome = outcomes[n];
      if (outcome instanceof IntakeRefusal) pending.reject(outcome);
      else if (outcome) pending.resolve(outcome);
      else pending.reject(failure ?? new Error('intake: measurement left without an answer'));
    }
  }

  return {
    submit(request) {
      if (closed)
        return Promise.reject(new IntakeRefusal('closed', 'The server is shutting down. Please retry.'));
      return new Promise<IntakeAnswer>((resolve, reject) => {
        queue.push({ request, resolve, reject });
        kick();
      });
    },
    async close() {
      closed = true;
      while (running) await running;
    },
  };
}

/**
 * The checks that need no transaction, for the batch with one lookup; the rest are returned in one lock order
 * (device, then time), so batches of several replicas do not deadlock.
 */
async function check(
  db: Db,
  batch: readonly Pending[],
  now: Date,
  outcomes: (Outcome | undefined)[],
): Promise<Measurement[]> {
  const found = await findKeysAndDevices(
    db,
    batch.map(({ request }) => ({ keyHash: keyHashOf(request.key), imei: request.body.imei })),
  );
  const vitals = await loadVitals(db);
  const checked: Measurement[] = [];
  for (const [index, { request }] of batch.entries()) {
    const parsed = parseMeasurement(request, found[index], vitals, now, index);
    if (parsed instanceof IntakeRefusal) outcomes[index] = parsed;
    else checked.push(parsed);
  }
  return checked.sort((a, b) => a.inventoryId - b.inventoryId || a.takenAt.localeCompare(b.takenAt));
}
