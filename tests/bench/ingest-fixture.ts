import type { Db } from '@rpm/bff/db/schema';
import { giveDevice, makePatient, placeOf } from '@rpm/bff/test-fixtures';

/** A glucometer of one of the nurse's patients (the intake benchmarks' devices). */
export interface BenchDevice {
  readonly patient: number;
  readonly inventoryId: number;
  readonly deviceAssignId: number;
  readonly imei: string;
}

const GLUCOMETER = 3;

/**
 * `count` new patients of the demo nurse's practice, each with a glucometer assigned a month ago and a rule
 * (critical high 250), so every reading over 250 alerts the nurse (ingest.ts, ingest-cluster.ts).
 */
export async function nurseGlucometers(db: Db, count: number): Promise<BenchDevice[]> {
  const nurse = await db
    .selectFrom('users')
    .select('user_id')
    .where('username', '=', 'role8@demo.test')
    .executeTakeFirstOrThrow();
  const place = await placeOf(db, nurse.user_id);
  const monthAgo = new Date(Date.now() - 30 * 86_400_000);
  const devices: BenchDevice[] = [];
  for (let n = 0; n < count; n++) {
    const patient = await makePatient(db, place);
    const device = await giveDevice(db, patient, GLUCOMETER, monthAgo);
    const rule = await db
      .insertInto('notification_rules')
      .values({
        patient_id: patient,
        device_assign_id: device.deviceAssignId,
        interval_id: 1,
        interval_count: 2,
        start_date: monthAgo.toISOString().slice(0, 10),
        end_date: '2099-12-31',
        status: 1,
        notification_mode: 'sms_ivr',
        sms_miss: 2,
        call_miss: 4,
        created_by: nurse.user_id,
        created_at: monthAgo,
        updated_by: nurse.user_id,
        updated_at: monthAgo,
      })
      .returning('notification_rule_id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('notification_rule_vitals')
      .values({
        notification_rule_id: rule.notification_rule_id,
        vital_id: 6,
        critical_low: 54,
        abnormal_low: 70,
        abnormal_high: 180,
        critical_high: 250,
      })
      .execute();
    devices.push({ patient, ...device });
  }
  return devices;
}
