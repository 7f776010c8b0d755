import { addNotificationRule, type CallInput, DEVICE_KEY_HEADER, ingestReading, isoDay } from '@rpm/shared';
import { expect } from 'vitest';
import { DEMO_DEVICE_KEY } from '../db/seed/index.js';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';
import { type FixtureDevice, giveDevice, makePatient, type Place, placeOf } from '../test-fixtures.js';

export type Signed = Awaited<ReturnType<typeof signIn>>;

/** What the intake's tests work on (one per test file). */
export interface IngestWorld {
  readonly t: TestApp;
  /** Role 8, Northwind: clinical staff of the patient's practice. */
  readonly nurse: Signed;
  /** Role 6, named on the patient. */
  readonly physician: Signed;
  /** Role 5, Riverside: not on the team. */
  readonly lead: Signed;
  readonly place: Place;
  readonly patient: number;
  /** A cuff with a rule. */
  readonly bp: FixtureDevice;
  /** A scale with a rule, compared with the dry weight. */
  readonly scale: FixtureDevice;
  /** A cuff without a rule. */
  readonly quiet: FixtureDevice;
  readonly today: string;
}

/** The tables a measurement writes: a refused one leaves their counts as they were. */
export const TABLES = [
  'readings',
  'reading_messages',
  'alerts',
  'notifications',
  'audit_log',
  'patient_reading_days',
] as const;

/** A test app with the patient's three devices, assigned ten days ago, the rules of two and the dry weight. */
export async function startIngestWorld(): Promise<IngestWorld> {
  // Midday, so a reading an hour back falls on the rules' start day whatever the hour the suite runs.
  const t = await startTestApp({ now: new Date(`${isoDay(new Date())}T12:00:00Z`) });
  const nurse = await signIn(t.app, 'role8@demo.test');
  const physician = await signIn(t.app, 'role6@demo.test');
  const lead = await signIn(t.app, 'role5@demo.test');
  const today = isoDay(t.clock.now());
  const place = await placeOf(t.db, nurse.user.user_id);
  const patient = await makePatient(t.db, place, { physicianId: physician.user.user_id });
  const assigned = new Date(t.clock.now().getTime() - 10 * 86_400_000);
  const bp = await giveDevice(t.db, patient, 1, assigned);
  const scale = await giveDevice(t.db, patient, 2, assigned);
  const quiet = await giveDevice(t.db, patient, 1, assigned);
  const rule = (
    over: Pick<
      CallInput<typeof addNotificationRule>['body'],
      'inventory_id' | 'device_type_id' | 'vitals' | 'gain' | 'loss'
    >,
  ) =>
    injectCall(
      t.app,
      addNotificationRule,
      {
        body: {
          user_id: patient,
          role_id: 7,
          interval_id: 1,
          interval: 1,
          status: 1,
          start_date: today,
          end_date: '2099-12-31',
          created_by: nurse.user.user_id,
          notification_mode: 'sms_ivr',
          sms_miss: 2,
          call_miss: 4,
          ...over,
        },
      },
      nurse,
    );
  const cuff = await rule({
    inventory_id: bp.inventoryId,
    device_type_id: 1,
    vitals: [
      { vital_id: 1, critical_low: 90, abnormal_low: 100, abnormal_high: 140, critical_high: 180 },
      { vital_id: 2, critical_low: 50, abnormal_low: 60, abnormal_high: 90, critical_high: 110 },
      { vital_id: 3, critical_low: 40, abnormal_low: 50, abnormal_high: 110, critical_high: 130 },
    ],
  });
  expect(cuff.statusCode, cuff.body).toBe(200);
  const weight = await rule({
    inventory_id: scale.inventoryId,
    device_type_id: 2,
    vitals: [],
    gain: 3,
    loss: 5,
  });
  expect(weight.statusCode, weight.body).toBe(200);
  await t.db
    .insertInto('patient_weight_settings')
    .values({
      patient_id: patient,
      dry_weight: 180,
      gain: 3,
      loss: 5,
      updated_by: nurse.user.user_id,
      updated_at: t.clock.now(),
    })
    .execute();
  return { t, nurse, physician, lead, place, patient, bp, scale, quiet, today };
}

/** A measurement of the device `minutesAgo` before the clock. */
export function measurement<V>(w: IngestWorld, device: FixtureDevice, values: V, minutesAgo = 60) {
  return {
    imei: device.imei,
    taken_at: new Date(w.t.clock.now().getTime() - minutesAgo * 60_000).toISOString(),
    values,
  };
}

/** Sends a measurement with the vendor key (none when null), as the contract types it. */
export const ingest = (
  w: IngestWorld,
  body: CallInput<typeof ingestReading>['body'],
  key: string | null = DEMO_DEVICE_KEY,
) => injectCall(w.t.app, ingestReading, { body, headers: key === null ? {} : { [DEVICE_KEY_HEADER]: key } });

/** Sends anything as a measurement, for the refusals of bad input. */
export const ingestUnchecked = (w: IngestWorld, body: unknown, key: string | null = DEMO_DEVICE_KEY) =>
  injectUnchecked(w.t.app, ingestReading, {
    body,
    headers: key === null ? {} : { [DEVICE_KEY_HEADER]: key },
  });
