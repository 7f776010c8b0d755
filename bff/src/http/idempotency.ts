import { type CallDef, MSG } from '@rpm/shared';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../db/schema.js';
import { HttpError } from './errors.js';

/**
 * Runs a creating call's write once per Idempotency-Key, claimed in its transaction (decisions.md "Retried creations"):
 * a retry, or a concurrent one once it is done, gets the first answer; a key used for another call is a 422.
 */
export async function once<T>(
  db: Db,
  userId: number,
  call: Pick<CallDef, 'path'>,
  key: string | undefined,
  at: Date,
  write: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (key === undefined) return write(trx);
    const claimed = await trx
      .insertInto('idempotency_keys')
      .values({ user_id: userId, idempotency_key: key, call: call.path, created_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
      .returning('idempotency_key')
      .executeTakeFirst();
    if (!claimed) {
      const first = await trx
        .selectFrom('idempotency_keys')
        .select(['call', 'response'])
        .where('user_id', '=', userId)
        .where('idempotency_key', '=', key)
        .executeTakeFirstOrThrow();
      if (first.call !== call.path || first.response === null)
        throw new HttpError(422, 'This Idempotency-Key was used for another request.', 'idempotency-key');
      return first.response as T;
    }
    const answer = await write(trx);
    await trx
      .updateTable('idempotency_keys')
      .set({ response: JSON.stringify(answer) })
      .where('user_id', '=', userId)
      .where('idempotency_key', '=', key)
      .execute();
    return answer;
  });
}

/** A creating call's answer ('Added successfully', 000 §7), once per Idempotency-Key, with its audit row. */
export async function addedOnce<T>(
  db: Db,
  userId: number,
  call: Pick<CallDef, 'path'>,
  key: string | undefined,
  at: Date,
  write: (trx: Transaction<Database>) => Promise<T>,
): Promise<{ message: string; data: T }> {
  return once(db, userId, call, key, at, async (trx) => ({
    message: MSG.addedSuccessfully,
    data: await write(trx),
  }));
}
