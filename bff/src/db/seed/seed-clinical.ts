import { COMMON_DIAGNOSES, isoDay, shiftDay } from '@rpm/shared';
import { sql } from 'kysely';
import type { Db } from '../schema.js';

/** Medications of the demo by the ICD-10 category of the patient's primary diagnosis (first-line choices). */
const MEDICATIONS: readonly (readonly [prefix: string, name: string, dose: string, frequency: string])[] = [
  ['I10', 'Lisinopril', '10 mg', 'Once daily'],
  ['I10', 'Amlodipine', '5 mg', 'Once daily'],
  ['E11', 'Metformin', '500 mg', 'Twice daily with meals'],
  ['I50', 'Furosemide', '40 mg', 'Once daily in the morning'],
  ['I50', 'Carvedilol', '6.25 mg', 'Twice daily'],
  ['J44', 'Tiotropium inhaler', '18 mcg', 'Once daily'],
  ['J44', 'Albuterol inhaler', '90 mcg, 2 puffs', 'Every 4-6 hours as needed'],
  ['I48', 'Apixaban', '5 mg', 'Twice daily'],
  ['E78', 'Atorvastatin', '40 mg', 'Once daily at bedtime'],
];

/** Allergies of every n-th demo patient. */
const ALLERGIES: readonly (readonly [
  every: number,
  substance: string,
  reaction: string,
  severity: string,
])[] = [
  [5, 'Penicillin', 'Hives', 'moderate'],
  [11, 'Sulfonamide antibiotics', 'Rash', 'mild'],
  [13, 'Shellfish', 'Throat swelling', 'severe'],
];

/**
 * The Clinical tab's demo data, set-based: each patient's diagnosis code as the primary diagnosis
 * (decisions.md "Primary diagnosis feeds billing"), first-line medications of it (some stopped), a few allergies.
 */
export async function seedClinical(trx: Db, input: { today: Date; adminId: number }): Promise<void> {
  const today = isoDay(input.today);
  const author = sql`coalesce(p.physician_id, p.care_coordinator_id, ${input.adminId})`;
  const described = sql.join(COMMON_DIAGNOSES.map((d) => sql`(${d.code}, ${d.description})`));
  await sql`
    insert into patient_diagnoses (patient_id, icd10_code, description, is_primary, added_by, created_at, updated_at)
    select p.patient_id, p.diagnosis_code, coalesce(c.description, p.diagnosis_code), true, ${author}, p.created_at,
      p.created_at
    from patients p left join (values ${described}) c(code, description) on c.code = p.diagnosis_code
    where p.diagnosis_code is not null
    union all
    select p.patient_id, 'E78.5', 'Hyperlipidemia, unspecified', false, ${author}, p.created_at, p.created_at
    from patients p where p.diagnosis_code = 'I10' and p.patient_id % 3 = 0
    order by 1, 4 desc`.execute(trx);

  const medications = sql.join(MEDICATIONS.map(([prefix, ...rest]) => sql`(${prefix}, ${sql.join(rest)})`));
  const stoppedOn = shiftDay(today, -60);
  await sql`
    insert into patient_medications (patient_id, name, dose, frequency, start_date, stop_date, added_by, created_at,
      updated_at)
    select d.patient_id, m.name, m.dose, m.frequency, (d.created_at at time zone 'UTC')::date, null, d.added_by,
      d.created_at, d.created_at
    from patient_diagnoses d join (values ${medications}) m(prefix, name, dose, frequency)
      on d.icd10_code like m.prefix || '%'
    union all
    select p.patient_id, 'Hydrochlorothiazide', '25 mg', 'Once daily', (p.created_at at time zone 'UTC')::date,
      greatest((p.created_at at time zone 'UTC')::date, ${stoppedOn}::date), ${author}, p.created_at, p.created_at
    from patients p where p.patient_id % 7 = 0
    order by 1, 2`.execute(trx);

  const allergies = sql.join(ALLERGIES.map((row) => sql`(${sql.join(row)})`));
  await sql`
    insert into patient_allergies (patient_id, substance, reaction, severity, added_by, created_at, updated_at)
    select p.patient_id, a.substance, a.reaction, a.severity, ${author}, p.created_at, p.created_at
    from patients p join (values ${allergies}) a(every, substance, reaction, severity)
      on p.patient_id % a.every::int = 0
    order by 1, 2`.execute(trx);
}
