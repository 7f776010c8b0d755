import type { Db } from '../schema.js';
import { chunks } from './bulk-insert.js';
import { createRandom, deriveSeed } from './prng.js';
import type { SeededPatient } from './seed-patients.js';

/** Demo tags a care team puts on patients (the lists' 'Tags' filter, 001 §2.3). */
const DEMO_TAGS = [
  'High Risk',
  'Fall Risk',
  'Diabetic Education',
  'Hard of Hearing',
  'Needs Interpreter',
  'Caregiver Contact',
  'Post Hospital Discharge',
  'Medication Review',
] as const;

/** Salt of the tag stream, apart from every other stream, so adding tags changed no other seeded data. */
const TAG_STREAM_SALT = 0x54_41_47;

/** Inserts the demo tags and gives about half of the patients one or two of them. */
export async function seedTags(trx: Db, seed: number, patients: readonly SeededPatient[]): Promise<void> {
  const tags = await trx
    .insertInto('tags')
    .values(DEMO_TAGS.map((tag) => ({ tag })))
    .returning('tag_id')
    .execute();
  const tagIds = tags.map((row) => row.tag_id);
  const random = createRandom(deriveSeed(seed ^ TAG_STREAM_SALT, 0));
  const rows: { patient_id: number; tag_id: number }[] = [];
  for (const patient of patients) {
    if (!random.chance(0.5)) continue;
    const first = random.pick(tagIds);
    rows.push({ patient_id: patient.patientId, tag_id: first });
    const second = random.pick(tagIds);
    if (random.chance(0.3) && second !== first) rows.push({ patient_id: patient.patientId, tag_id: second });
  }
  for (const batch of chunks(rows, 1000)) await trx.insertInto('patient_tags').values(batch).execute();
}
