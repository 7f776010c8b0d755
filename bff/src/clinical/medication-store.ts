import {
  type addAllergy,
  type addMedication,
  type CallBody,
  isoDay,
  type updateAllergy,
  type updateMedication,
} from '@rpm/shared';
import { sql, type Transaction } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import { auditedUpdate, scopedRecord } from '../chart/scoped-record.js';
import type { Database, Db } from '../db/schema.js';
import { fullName } from '../http/route-helpers.js';

// ── Medications ──────────────────────────────────────────────────────────────────────────────────────────────

const medicationQuery = (db: Db) =>
  db
    .selectFrom('patient_medications as m')
    .innerJoin('users as u', 'u.user_id', 'm.added_by')
    .select([
      'm.medication_id',
      'm.patient_id',
      'm.name',
      'm.dose',
      'm.frequency',
      'm.start_date',
      'm.stop_date',
      'u.firstname',
      'u.lastname',
    ]);

type MedicationRow = Awaited<ReturnType<ReturnType<typeof medicationQuery>['executeTakeFirstOrThrow']>>;

/** A medication as the calls answer it; stopped once its stop date has come (`today`, YYYY-MM-DD). */
const medicationDto = (m: MedicationRow, today: string) => {
  const stop = m.stop_date ? isoDay(m.stop_date) : null;
  return {
    medication_id: m.medication_id,
    name: m.name,
    dose: m.dose,
    frequency: m.frequency,
    start_date: isoDay(m.start_date),
    stop_date: stop,
    stopped: stop !== null && stop <= today,
    added_by_name: fullName(m.firstname, m.lastname),
  };
};

/** The patient's medications: current ones first (by name), then stopped ones, most recently stopped first. */
export async function patientMedications(db: Db, patientId: number, today: string) {
  const rows = await medicationQuery(db)
    .where('m.patient_id', '=', patientId)
    .orderBy(sql`m.stop_date is not null and m.stop_date <= ${today}::date`)
    .orderBy(sql`m.stop_date desc nulls first`)
    .orderBy('m.name')
    .orderBy('m.medication_id')
    .execute();
  return rows.map((m) => medicationDto(m, today));
}

const medicationById = async (db: Db, id: number, today: string) =>
  medicationDto(await medicationQuery(db).where('m.medication_id', '=', id).executeTakeFirstOrThrow(), today);

export const medicationRecord = scopedRecord({
  table: 'patient_medications',
  key: 'medication_id',
  entity: 'patient_medication',
  unknown: (id) => `Medication ${id} does not exist.`,
  load: (db, id) => medicationQuery(db).where('m.medication_id', '=', id).executeTakeFirst(),
});

export async function addMedicationRow(
  trx: Transaction<Database>,
  actor: AuditActor,
  body: CallBody<typeof addMedication>,
) {
  const row = await trx
    .insertInto('patient_medications')
    .values({
      patient_id: body.patient_id,
      name: body.name.trim(),
      dose: body.dose.trim(),
      frequency: body.frequency.trim(),
      start_date: body.start_date,
      stop_date: body.stop_date,
      added_by: actor.userId,
      created_at: actor.at,
      updated_at: actor.at,
    })
    .returning('medication_id')
    .executeTakeFirstOrThrow();
  await audit(trx, {
    ...actor,
    action: 'add_medication',
    entity: 'patient_medication',
    entityId: row.medication_id,
    detail: { patient_id: body.patient_id, name: body.name.trim() },
  });
  return medicationById(trx, row.medication_id, isoDay(actor.at));
}

/** Edits dose, frequency or dates (a stop date stops it; the row stays), keeping the values before in the audit. */
export async function updateMedicationRow(
  trx: Transaction<Database>,
  actor: AuditActor,
  existing: MedicationRow,
  body: CallBody<typeof updateMedication>,
) {
  await auditedUpdate(trx, actor, medicationRecord, existing.medication_id, {
    set: {
      dose: body.dose.trim(),
      frequency: body.frequency.trim(),
      start_date: body.start_date,
      stop_date: body.stop_date,
      updated_at: actor.at,
    },
    action: 'update_medication',
    detail: {
      patient_id: existing.patient_id,
      before: {
        dose: existing.dose,
        frequency: existing.frequency,
        start_date: isoDay(existing.start_date),
        stop_date: existing.stop_date ? isoDay(existing.stop_date) : null,
      },
    },
  });
  return medicationById(trx, existing.medication_id, isoDay(actor.at));
}

// ── Allergies ────────────────────────────────────────────────────────────────────────────────────────────────

const allergyQuery = (db: Db) =>
  db
    .selectFrom('patient_allergies as a')
    .innerJoin('users as u', 'u.user_id', 'a.added_by')
    .select([
      'a.allergy_id',
      'a.patient_id',
      'a.substance',
      'a.reaction',
      'a.severity',
      'a.active',
      'u.firstname',
      'u.lastname',
    ]);

type AllergyRow = Awaited<ReturnType<ReturnType<typeof allergyQuery>['executeTakeFirstOrThrow']>>;

const allergyDto = (a: AllergyRow) => ({
  allergy_id: a.allergy_id,
  substance: a.substance,
  reaction: a.reaction,
  severity: a.severity,
  active: a.active,
  added_by_name: fullName(a.firstname, a.lastname),
});

/** The patient's allergies: active ones first, the severe first, then by substance. */
export async function patientAllergies(db: Db, patientId: number) {
  const rows = await allergyQuery(db)
    .where('a.patient_id', '=', patientId)
    .orderBy('a.active', 'desc')
    .orderBy(sql`case a.severity when 'severe' then 0 when 'moderate' then 1 else 2 end`)
    .orderBy('a.substance')
    .orderBy('a.allergy_id')
    .execute();
  return rows.map(allergyDto);
}

const allergyById = async (db: Db, id: number) =>
  allergyDto(await allergyQuery(db).where('a.allergy_id', '=', id).executeTakeFirstOrThrow());

export const allergyRecord = scopedRecord({
  table: 'patient_allergies',
  key: 'allergy_id',
  entity: 'patient_allergy',
  unknown: (id) => `Allergy ${id} does not exist.`,
  load: (db, id) => allergyQuery(db).where('a.allergy_id', '=', id).executeTakeFirst(),
});

export async function addAllergyRow(
  trx: Transaction<Database>,
  actor: AuditActor,
  body: CallBody<typeof addAllergy>,
) {
  const row = await trx
    .insertInto('patient_allergies')
    .values({
      patient_id: body.patient_id,
      substance: body.substance.trim(),
      reaction: body.reaction.trim(),
      severity: body.severity,
      added_by: actor.userId,
      created_at: actor.at,
      updated_at: actor.at,
    })
    .returning('allergy_id')
    .executeTakeFirstOrThrow();
  await audit(trx, {
    ...actor,
    action: 'add_allergy',
    entity: 'patient_allergy',
    entityId: row.allergy_id,
    detail: { patient_id: body.patient_id, substance: body.substance.trim(), severity: body.severity },
  });
  return allergyById(trx, row.allergy_id);
}

/** Edits reaction and severity or marks the allergy inactive (the row stays), keeping the values before. */
export async function updateAllergyRow(
  trx: Transaction<Database>,
  actor: AuditActor,
  existing: AllergyRow,
  body: CallBody<typeof updateAllergy>,
) {
  await auditedUpdate(trx, actor, allergyRecord, existing.allergy_id, {
    set: {
      reaction: body.reaction.trim(),
      severity: body.severity,
      active: body.active,
      updated_at: actor.at,
    },
    action: 'update_allergy',
    detail: {
      patient_id: existing.patient_id,
      before: { reaction: existing.reaction, severity: existing.severity, active: existing.active },
    },
  });
  return allergyById(trx, existing.allergy_id);
}
