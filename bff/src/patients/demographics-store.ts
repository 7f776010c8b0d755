import { isoDay, PATIENT_RECORD_FIELDS, type PatientRecord, STALE_PATIENT_EDIT } from '@rpm/shared';
import { sql, type Transaction } from 'kysely';
import { type AuditActor, auditAll } from '../audit.js';
import type { Database, Db } from '../db/schema.js';
import { conflict } from '../domain-errors.js';
import type { PatientScope } from '../scope.js';
import { mrnTaken, recordProblems, takenMrns, throwFirst } from './record-store.js';

/** The Demographics tab's save (decisions.md "Patient registration"): optimistic by version, audited field by field. */

/** The fields the tab edits, as stored; dates as 'YYYY-MM-DD'. */
const EDITED = PATIENT_RECORD_FIELDS;
type Edited = (typeof EDITED)[number];

export const MERGED_PATIENT = (into: number) =>
  `This record was merged into patient ${into}; edit that record.`;

/** A field's value before and after a change. */
export type FieldChanges = Record<string, { before: unknown; after: unknown }>;

/** The stored record's edited fields, dates as 'YYYY-MM-DD'. */
export type StoredRecord = Record<Edited, unknown>;

/** Each field the record changes, with its stored value before; empty when nothing changes. */
export function demographicChanges(stored: StoredRecord, record: PatientRecord): FieldChanges {
  return Object.fromEntries(
    EDITED.filter((field) => stored[field] !== record[field]).map((field) => [
      field,
      { before: stored[field], after: record[field] },
    ]),
  );
}

/** The stored records of these patients with their practice, version and merge mark, by patient id. */
export async function storedRecords(
  db: Db | Transaction<Database>,
  patientIds: readonly number[],
  scope: PatientScope,
  lock = false,
) {
  let query = db
    .selectFrom('patients')
    .select([...EDITED, 'patient_id', 'practice_id', 'version', 'merged_into_id'])
    .select(scope.visible('patients').as('mine'))
    .where('patient_id', 'in', [0, ...patientIds]);
  if (lock) query = query.forUpdate();
  const rows = await query.execute();
  return new Map(
    rows.map(({ mine, ...row }) => [
      row.patient_id,
      { ...row, mine: Boolean(mine), record: { ...row, dob: isoDay(row.dob) } as StoredRecord },
    ]),
  );
}

/** One checked change of a patient's record: the version it bumps and the changes it audits. */
export interface RecordUpdate {
  readonly patientId: number;
  readonly version: number;
  readonly record: PatientRecord;
  readonly changes: FieldChanges;
}

/** Writes checked changes set-based, each bumping the version, with an 'update_demographics' audit row. */
export async function applyRecordUpdates(
  trx: Transaction<Database>,
  actor: AuditActor,
  updates: readonly RecordUpdate[],
  detail: Record<string, unknown> = {},
): Promise<void> {
  for (let start = 0; start < updates.length; start += UPDATE_CHUNK) {
    const chunk = updates.slice(start, start + UPDATE_CHUNK);
    const values = JSON.stringify(
      chunk.map((u) => ({ patient_id: u.patientId, version: u.version + 1, ...u.record })),
    );
    await sql`update patients p set ${sql.join(EDITED.map((f) => sql`${sql.ref(f)} = v.${sql.ref(f)}`))},
        version = v.version
      from jsonb_to_recordset(${values}::jsonb) as v(${sql.raw(RECORD_TYPES)})
      where p.patient_id = v.patient_id`.execute(trx);
    await auditAll(
      trx,
      chunk.map((u) => ({
        ...actor,
        action: 'update_demographics',
        entity: 'patient',
        entityId: u.patientId,
        detail: { ...detail, version: u.version + 1, changes: u.changes },
      })),
    );
  }
}

const UPDATE_CHUNK = 1000;

/** The record's columns as jsonb_to_recordset reads them (migrations 0001, 0033). */
const RECORD_TYPES = `patient_id integer, version integer, firstname text, lastname text, dob date, gender text,
  mobile text, phone text, email text, address_line1 text, address_line2 text, city text, state text, zip text,
  language_id integer, mrn text, insurance_plan_id integer, insurance_member_id text, physician_id integer,
  care_coordinator_id integer, location_id integer`;

/** Saves the record if `version` is the stored one; returns the new version (the same when nothing changed). */
export async function updateDemographics(
  trx: Transaction<Database>,
  actor: AuditActor,
  scope: PatientScope,
  patientId: number,
  version: number,
  record: PatientRecord,
): Promise<number> {
  const stored = (await storedRecords(trx, [patientId], scope, true)).get(patientId);
  if (!stored) throw new Error(`patient ${patientId} vanished`);
  if (stored.merged_into_id !== null) throw conflict(MERGED_PATIENT(stored.merged_into_id), 'patient_id');
  if (stored.version !== version) throw conflict(STALE_PATIENT_EDIT, 'version');
  const changes = demographicChanges(stored.record, record);
  if (Object.keys(changes).length === 0) return version;

  const today = isoDay(actor.at);
  throwFirst(
    (await recordProblems(trx, scope, [{ ...record, practice_id: stored.practice_id }], today)).get(0),
  );
  if ('mrn' in changes) {
    const holder = (await takenMrns(trx, [{ practice_id: stored.practice_id, mrn: record.mrn }]))
      .values()
      .next();
    if (!holder.done && holder.value !== patientId) throw conflict(mrnTaken(record.mrn), 'mrn');
  }
  await applyRecordUpdates(trx, actor, [{ patientId, version, record, changes }]);
  return version + 1;
}
