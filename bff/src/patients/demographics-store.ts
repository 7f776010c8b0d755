import { isoDay, PATIENT_RECORD_FIELDS, type PatientRecord, STALE_PATIENT_EDIT } from '@rpm/shared';
import type { Transaction } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import type { Database } from '../db/schema.js';
import { conflict } from '../domain-errors.js';
import type { PatientScope } from '../scope.js';
import { mrnTaken, recordProblems, takenMrns, throwFirst } from './record-store.js';

/**
 * The Demographics tab's save (issue 38 §1; decisions.md "Patient registration"): optimistic by version, every
 * changed field's before and after in one audit row, nothing written when nothing changed.
 */

/** The fields the tab edits, as stored; dates as 'YYYY-MM-DD'. */
const EDITED = PATIENT_RECORD_FIELDS;
type Edited = (typeof EDITED)[number];

const MERGED_PATIENT = (into: number) => `This record was merged into patient ${into}; edit that record.`;

/** Saves the record if `version` is the stored one; returns the new version (the same when nothing changed). */
export async function updateDemographics(
  trx: Transaction<Database>,
  actor: AuditActor,
  scope: PatientScope,
  patientId: number,
  version: number,
  record: PatientRecord,
): Promise<number> {
  const stored = await trx
    .selectFrom('patients')
    .select([...EDITED, 'practice_id', 'version', 'merged_into_id'])
    .where('patient_id', '=', patientId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (stored.merged_into_id !== null) throw conflict(MERGED_PATIENT(stored.merged_into_id), 'patient_id');
  if (stored.version !== version) throw conflict(STALE_PATIENT_EDIT, 'version');
  const before: Record<Edited, unknown> = { ...stored, dob: isoDay(stored.dob) };
  const changes = Object.fromEntries(
    EDITED.filter((field) => before[field] !== record[field]).map((field) => [
      field,
      { before: before[field], after: record[field] },
    ]),
  );
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
  const next = version + 1;
  await trx
    .updateTable('patients')
    .set({ ...Object.fromEntries(EDITED.map((field) => [field, record[field]])), version: next })
    .where('patient_id', '=', patientId)
    .execute();
  await audit(trx, {
    ...actor,
    action: 'update_demographics',
    entity: 'patient',
    entityId: patientId,
    detail: { version: next, changes },
  });
  return next;
}
