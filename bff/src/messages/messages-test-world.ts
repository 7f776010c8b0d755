import { type ChartWorld, startChartWorld } from '../chart/chart-test-world.js';

/** The patient's mobile number in the messages tests, as stored and as texted. */
const TEST_MOBILE = '(202) 555-0277';
export const TEST_MOBILE_E164 = '+12025550277';

/** The chart world with a mobile number on the patient (the demo seed holds the SMS provider key, DEMO_SMS_KEY). */
export async function startMessagesWorld(): Promise<ChartWorld> {
  const w = await startChartWorld();
  await w.t.db
    .updateTable('patients')
    .set({ mobile: TEST_MOBILE })
    .where('patient_id', '=', w.patient)
    .execute();
  return w;
}
