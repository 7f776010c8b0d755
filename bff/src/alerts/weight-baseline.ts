import type { Db } from '../db/schema.js';

/**
 * The weight a weight reading is compared with (001 §2.6): the patient's dry weight, or, when none is
 * configured (the spec is silent), the patient's last weight before `before`; null when there is neither.
 */
export async function weightBaseline(
  db: Db,
  patientId: number,
  weightVitalId: number,
  before: Date,
): Promise<number | null> {
  const settings = await db
    .selectFrom('patient_weight_settings')
    .select('dry_weight')
    .where('patient_id', '=', patientId)
    .executeTakeFirst();
  if (settings) return settings.dry_weight;
  const last = await db
    .selectFrom('readings')
    .select('value')
    .where('patient_id', '=', patientId)
    .where('vital_id', '=', weightVitalId)
    .where('taken_at', '<', before)
    .orderBy('taken_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last?.value ?? null;
}
