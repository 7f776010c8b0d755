import { hashDeviceKey } from '../alerts/device-keys.js';
import { type ChartWorld, startChartWorld } from '../chart/chart-test-world.js';

/** The SMS provider key the messages tests register (header x-sms-key). */
export const TEST_SMS_KEY = 'sk_test_Q8mV2rX7pL4sT9wZ1nB6cF3hJ5yD0gAe';

/** The patient's mobile number in the messages tests, as stored and as texted. */
const TEST_MOBILE = '(202) 555-0142';
export const TEST_MOBILE_E164 = '+12025550142';

/** The chart world with a mobile number on the patient and an SMS provider key. */
export async function startMessagesWorld(): Promise<ChartWorld> {
  const w = await startChartWorld();
  await w.t.db
    .updateTable('patients')
    .set({ mobile: TEST_MOBILE })
    .where('patient_id', '=', w.patient)
    .execute();
  await w.t.db
    .insertInto('sms_provider_keys')
    .values({ provider_name: 'Test provider', key_hash: hashDeviceKey(TEST_SMS_KEY) })
    .execute();
  return w;
}
