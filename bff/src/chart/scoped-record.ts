import { MSG } from '@rpm/shared';
import { sql, type Transaction, type UpdateObject, type UpdateQueryBuilder, type UpdateResult } from 'kysely';
import { type AuditActor, type AuditEntry, audit } from '../audit.js';
import type { AuthContext } from '../auth/guard.js';
import type { Database, Db } from '../db/schema.js';
import type { Deps } from '../deps.js';
import { notFound } from '../domain-errors.js';
import { actor } from '../http/route-helpers.js';
import { assertPatientAccess } from '../scope.js';

// The chart's records reached by their own id (a note, a task, a medication ...), whose patient decides who may
// see them: loaded, checked against the caller's scope, changed with their audit row. The SQL stays in each store.

type Table = keyof Database & string;
/** A row of one patient's chart. */
type OfPatient = { patient_id: number };

/**
 * A kind of record: its table and id column, which is also the field its calls and their errors name; its audit
 * entity; the text answered for an unknown one; how its store loads one.
 */
export interface ScopedRecord<Row extends OfPatient, K extends string = string, T extends Table = Table> {
  readonly table: T;
  readonly key: K;
  readonly entity: string;
  readonly unknown: (id: number) => string;
  readonly load: (db: Db, id: number) => Promise<Row | undefined>;
}

/** Declares a kind of record in its store, its table and id column checked against the schema. */
export const scopedRecord = <Row extends OfPatient, K extends keyof Database[T] & string, T extends Table>(
  kind: ScopedRecord<Row, K, T>,
) => kind;

/** The record as stored: 404 naming its id field when there is none. */
export async function storedRecord<Row extends OfPatient>(
  db: Db,
  kind: ScopedRecord<Row>,
  id: number,
): Promise<Row> {
  const row = await kind.load(db, id);
  if (!row) throw notFound(kind.unknown(id), kind.key);
  return row;
}

/**
 * The record when the caller may see its patient; one outside the caller's scope answers the same 404 as a missing
 * one, so no id leaks (architecture.md "Security"; scope.ts assertPatientAccess).
 */
export async function recordInScope<Row extends OfPatient>(
  db: Db,
  auth: AuthContext,
  kind: ScopedRecord<Row>,
  id: number,
): Promise<Row> {
  const row = await storedRecord(db, kind, id);
  await assertPatientAccess(db, auth, row.patient_id, kind.key, kind.unknown(id));
  return row;
}

/** Sets columns of one record by id and writes its audit row (action, detail), in the caller's transaction. */
export async function auditedUpdate<T extends Table>(
  trx: Transaction<Database>,
  actor: AuditActor,
  kind: ScopedRecord<OfPatient, string, T>,
  id: number,
  { set, ...entry }: { set: UpdateObject<Database, T> } & Pick<AuditEntry, 'action' | 'detail'>,
): Promise<void> {
  // Kysely cannot resolve a generic table's builder; this is the one it makes for any table T.
  const update = trx.updateTable(kind.table) as unknown as UpdateQueryBuilder<Database, T, T, UpdateResult>;
  await update.set(set).where(sql.ref<number>(kind.key), '=', id).execute();
  await audit(trx, { ...actor, ...entry, entity: kind.entity, entityId: id });
}

/**
 * An update call of a record, its id in the body under the record's id field: loads it in the caller's scope,
 * runs the store's change (which writes its audit row) in one transaction and answers the saved record.
 */
export async function updateInScope<
  Row extends OfPatient,
  K extends string,
  Body extends Record<K, number>,
  Data,
>(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  { body, auth, req }: { body: Body; auth: AuthContext; req: { ip: string } },
  kind: ScopedRecord<Row, K>,
  update: (trx: Transaction<Database>, who: AuditActor, existing: Row, body: Body) => Promise<Data>,
) {
  const existing = await recordInScope(db, auth, kind, body[kind.key]);
  const who = actor(auth, req.ip, clock.now());
  const data = await db.transaction().execute((trx) => update(trx, who, existing, body));
  return { message: MSG.updatedSuccessfully, data };
}
