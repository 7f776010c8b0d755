import { isoDay } from '@rpm/shared';
import { type AuditActor, audit } from '../audit.js';
import type { Db } from '../db/schema.js';

/** The patient lookup of opening a notification (000 §4.6): who and where, the birth date as an ISO day. */
export async function patientDetails(db: Db, patientId: number) {
  const p = await db
    .selectFrom('patients')
    .select([
      'patient_id',
      'firstname',
      'lastname',
      'dob',
      'mobile',
      'phone',
      'organization_id',
      'practice_id',
      'location_id',
    ])
    .where('patient_id', '=', patientId)
    .executeTakeFirstOrThrow();
  return { ...p, dob: isoDay(p.dob) };
}

/** Records that `by` opened the patient's chart (000 §4.6, §6.2), with its audit row, in one transaction. */
export async function recordCheckIn(db: Db, patientId: number, by: AuditActor): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto('check_ins')
      .values({ patient_id: patientId, user_id: by.userId, created_at: by.at })
      .returning('check_in_id')
      .executeTakeFirstOrThrow();
    await audit(tx, {
      ...by,
      action: 'check_in',
      entity: 'patient',
      entityId: patientId,
      detail: { check_in_id: row.check_in_id },
    });
  });
}

/** The languages of the description forms (000 §2.10, §9), by id. */
export async function languages(db: Db) {
  return db.selectFrom('languages').select(['language_id', 'language']).orderBy('language_id').execute();
}
