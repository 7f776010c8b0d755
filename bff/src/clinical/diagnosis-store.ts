import type { addDiagnosis, CallBody, updateDiagnosis } from '@rpm/shared';
import type { Transaction } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import type { Database, Db } from '../db/schema.js';
import { conflict, invalid, notFound } from '../domain-errors.js';
import { fullName } from '../http/route-helpers.js';

/** Who recorded a diagnosis carried over from enrolment (0014's backfill has no author). */
const ENROLMENT = 'Enrolment';

const diagnosisQuery = (db: Db) =>
  db
    .selectFrom('patient_diagnoses as d')
    .leftJoin('users as u', 'u.user_id', 'd.added_by')
    .select([
      'd.diagnosis_id',
      'd.patient_id',
      'd.icd10_code',
      'd.description',
      'd.is_primary',
      'd.resolved_at',
      'd.created_at',
      'd.added_by',
      'u.firstname',
      'u.lastname',
    ]);

type DiagnosisRow = Awaited<ReturnType<ReturnType<typeof diagnosisQuery>['executeTakeFirstOrThrow']>>;

const diagnosisDto = (d: DiagnosisRow) => ({
  diagnosis_id: d.diagnosis_id,
  icd10_code: d.icd10_code,
  description: d.description,
  is_primary: d.is_primary,
  resolved_at: d.resolved_at?.toISOString() ?? null,
  added_by_name: d.added_by === null ? ENROLMENT : fullName(d.firstname, d.lastname),
  created_at: d.created_at.toISOString(),
});

/** The patient's diagnoses: the primary first, then open ones, newest first; resolved ones last. */
export async function patientDiagnoses(db: Db, patientId: number) {
  const rows = await diagnosisQuery(db)
    .where('d.patient_id', '=', patientId)
    .orderBy('d.is_primary', 'desc')
    .orderBy((eb) => eb('d.resolved_at', 'is not', null))
    .orderBy('d.created_at', 'desc')
    .orderBy('d.diagnosis_id', 'desc')
    .execute();
  return rows.map(diagnosisDto);
}

const diagnosisById = async (db: Db, id: number) =>
  diagnosisDto(await diagnosisQuery(db).where('d.diagnosis_id', '=', id).executeTakeFirstOrThrow());

/** The message of a diagnosis that does not exist or whose patient the caller may not see. */
export const unknownDiagnosis = (id: number) => `Diagnosis ${id} does not exist.`;

/** A diagnosis as stored. */
export async function storedDiagnosis(db: Db, id: number) {
  const row = await diagnosisQuery(db).where('d.diagnosis_id', '=', id).executeTakeFirst();
  if (!row) throw notFound(unknownDiagnosis(id), 'diagnosis_id');
  return row;
}

/** Refuses a second open row of the same code for the patient. */
async function assertCodeFree(trx: Transaction<Database>, patientId: number, code: string, except = 0) {
  const open = await trx
    .selectFrom('patient_diagnoses')
    .select('diagnosis_id')
    .where('patient_id', '=', patientId)
    .where('icd10_code', '=', code)
    .where('resolved_at', 'is', null)
    .where('diagnosis_id', '<>', except)
    .executeTakeFirst();
  if (open) throw conflict(`${code} is already on the patient's diagnoses.`, 'icd10_code');
}

/**
 * Makes the patient's primary diagnosis the billing report's diagnosis code: patients.diagnosis_code is kept equal
 * to it in the same transaction; no primary leaves it empty (decisions.md "Primary diagnosis feeds billing").
 */
async function syncDiagnosisCode(trx: Transaction<Database>, patientId: number) {
  const primary = await trx
    .selectFrom('patient_diagnoses')
    .select('icd10_code')
    .where('patient_id', '=', patientId)
    .where('is_primary', '=', true)
    .executeTakeFirst();
  await trx
    .updateTable('patients')
    .set({ diagnosis_code: primary?.icd10_code ?? null })
    .where('patient_id', '=', patientId)
    .execute();
}

/** Clears the patient's primary flag before another diagnosis takes it. */
const clearPrimary = (trx: Transaction<Database>, patientId: number, at: Date) =>
  trx
    .updateTable('patient_diagnoses')
    .set({ is_primary: false, updated_at: at })
    .where('patient_id', '=', patientId)
    .where('is_primary', '=', true)
    .execute();

/**
 * Serialises the diagnosis writes of one patient (the one-primary and one-open-code checks read before they write),
 * so concurrent edits answer 409/400 rather than a unique-index 500.
 */
const lockPatient = (trx: Transaction<Database>, patientId: number) =>
  trx.selectFrom('patients').select('patient_id').where('patient_id', '=', patientId).forUpdate().execute();

/** Adds a diagnosis with its audit row, in the caller's transaction. */
export async function addDiagnosisRow(
  trx: Transaction<Database>,
  actor: AuditActor,
  body: CallBody<typeof addDiagnosis>,
) {
  await lockPatient(trx, body.patient_id);
  await assertCodeFree(trx, body.patient_id, body.icd10_code);
  if (body.is_primary) await clearPrimary(trx, body.patient_id, actor.at);
  const row = await trx
    .insertInto('patient_diagnoses')
    .values({
      patient_id: body.patient_id,
      icd10_code: body.icd10_code,
      description: body.description.trim(),
      is_primary: body.is_primary,
      added_by: actor.userId,
      created_at: actor.at,
      updated_at: actor.at,
    })
    .returning('diagnosis_id')
    .executeTakeFirstOrThrow();
  if (body.is_primary) await syncDiagnosisCode(trx, body.patient_id);
  await audit(trx, {
    ...actor,
    action: 'add_diagnosis',
    entity: 'patient_diagnosis',
    entityId: row.diagnosis_id,
    detail: { patient_id: body.patient_id, icd10_code: body.icd10_code, is_primary: body.is_primary },
  });
  return diagnosisById(trx, row.diagnosis_id);
}

/** Edits a diagnosis (description, primary flag, resolved) with its audit row keeping the values before. */
export async function updateDiagnosisRow(
  trx: Transaction<Database>,
  actor: AuditActor,
  stored: DiagnosisRow,
  body: CallBody<typeof updateDiagnosis>,
) {
  await lockPatient(trx, stored.patient_id);
  const existing = await storedDiagnosis(trx, stored.diagnosis_id); // as it is under the lock
  if (body.resolved && body.is_primary)
    throw invalid('A resolved diagnosis cannot be the primary diagnosis.', 'is_primary');
  const reopening = !body.resolved && existing.resolved_at !== null;
  if (reopening) await assertCodeFree(trx, existing.patient_id, existing.icd10_code, existing.diagnosis_id);
  if (body.is_primary && !existing.is_primary) await clearPrimary(trx, existing.patient_id, actor.at);
  await trx
    .updateTable('patient_diagnoses')
    .set({
      description: body.description.trim(),
      is_primary: body.is_primary,
      resolved_at: body.resolved ? (existing.resolved_at ?? actor.at) : null,
      updated_at: actor.at,
    })
    .where('diagnosis_id', '=', existing.diagnosis_id)
    .execute();
  if (body.is_primary !== existing.is_primary) await syncDiagnosisCode(trx, existing.patient_id);
  await audit(trx, {
    ...actor,
    action: 'update_diagnosis',
    entity: 'patient_diagnosis',
    entityId: existing.diagnosis_id,
    detail: {
      patient_id: existing.patient_id,
      before: {
        description: existing.description,
        is_primary: existing.is_primary,
        resolved: existing.resolved_at !== null,
      },
    },
  });
  return diagnosisById(trx, existing.diagnosis_id);
}
