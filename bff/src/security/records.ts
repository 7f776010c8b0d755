import { randomUUID } from 'node:crypto';
import {
  addAllergy,
  addDiagnosis,
  addMedication,
  addNotificationRule,
  addPatientGoal,
  addPatientNote,
  addPatientTask,
  type CallDef,
  callUrl,
  getDetailsByUserID,
  getNotificationRules,
  startActivityTimer,
  updateNotificationRules,
} from '@rpm/shared';
import { afterAll, beforeAll } from 'vitest';
import { recordReadings } from '../billing/summary.js';
import { signIn, startTestApp, type TestApp } from '../test-app.js';
import { giveDevice, makePatient, placeOf } from '../test-fixtures.js';
import { type KnownValues, sample } from './schema-inputs.js';
import type { Signed } from './users.js';

/**
 * Real records of one user's practice for the security suite: a patient with a blood-pressure cuff, a
 * notification rule, a note, a task, an alert, a running timer and clinical records, made through the
 * product's own calls where it has one; and the field values that name them in a request.
 */

/** The fields naming a record of a patient's chart, each with what it names (a swap expects 404). */
export const RECORD_ID_FIELDS = {
  patient_id: 'patient',
  notification_rule_id: 'rule',
  note_id: 'note',
  task_id: 'task',
  alert_id: 'alert',
  timer_id: 'timer',
  diagnosis_id: 'diagnosis',
  medication_id: 'medication',
  allergy_id: 'allergy',
  document_id: 'document',
  order_id: 'order',
  device_order_id: 'deviceOrder',
  goal_id: 'goal',
} as const;

/** The fields that must carry the caller's own user id (a swap expects 403 naming the field). */
export const OWN_ID_FIELDS = ['userid', 'user_id', 'user_id_from', 'created_by', 'terminated_by'] as const;

/** Calls whose `user_id`/`userid` is the patient (001 §3: a rule's user_id; roleid=7 lookups), not the caller. */
const PATIENT_USER_ID_CALLS: readonly CallDef[] = [
  addNotificationRule,
  updateNotificationRules,
  getNotificationRules,
  getDetailsByUserID,
];

/** Whether a field of a call names the patient although its name says user. */
export const namesPatient = (call: CallDef, field: string): boolean =>
  (field === 'user_id' || field === 'userid') && PATIENT_USER_ID_CALLS.includes(call);

const BP_VITALS = [
  { vital_id: 1, critical_low: 90, abnormal_low: 100, abnormal_high: 140, critical_high: 180 },
  { vital_id: 2, critical_low: 50, abnormal_low: 60, abnormal_high: 90, critical_high: 110 },
  { vital_id: 3, critical_low: 40, abnormal_low: 50, abnormal_high: 110, critical_high: 130 },
];

/** The records of one user and the values that name them. */
export interface Records {
  readonly userId: number;
  readonly patient: number;
  readonly rule: number;
  readonly note: number;
  readonly task: number;
  readonly alert: number;
  readonly timer: number;
  readonly document: number;
  readonly order: number;
  readonly deviceOrder: number;
  readonly goal: number;
  readonly inventoryId: number;
  readonly deviceAssignId: number;
  readonly diagnosis: number;
  readonly medication: number;
  readonly allergy: number;
}

/** Field values of a request by `records`' owner about their own records. */
export function valuesFor(call: CallDef, r: Records): KnownValues {
  const day = new Date().toISOString().slice(0, 10);
  return {
    patient_id: r.patient,
    notification_rule_id: r.rule,
    note_id: r.note,
    task_id: r.task,
    alert_id: r.alert,
    timer_id: r.timer,
    diagnosis_id: r.diagnosis,
    medication_id: r.medication,
    allergy_id: r.allergy,
    icd10_code: 'I48.91',
    stop_date: '2099-12-31',
    document_id: r.document,
    order_id: r.order,
    device_order_id: r.deviceOrder,
    goal_id: r.goal,
    // A goal serving no care-plan problem (there is no plan) and without a target date.
    problem_icd10: null,
    target_date: null,
    inventory_id: r.inventoryId,
    device_assign_id: r.deviceAssignId,
    device_type_id: 1,
    vital_id: 1,
    interval_id: 1,
    vitals: BP_VITALS,
    start_date: day,
    end_date: '2099-12-31',
    assigned_to: r.userId,
    from: day,
    to: day,
    userid: namesPatient(call, 'userid') ? r.patient : r.userId,
    user_id: namesPatient(call, 'user_id') ? r.patient : r.userId,
    user_id_from: r.userId,
    user_id_to: r.userId,
    created_by: r.userId,
    terminated_by: r.userId,
  };
}

/** Makes the records of a signed-in user's first practice. */
export async function makeRecords(t: TestApp, who: Signed): Promise<Records> {
  const userId = who.user.user_id;
  const patient = await makePatient(t.db, await placeOf(t.db, userId));
  const device = await giveDevice(t.db, patient, 1, new Date(t.clock.now().getTime() - 2 * 86_400_000));
  const partial = {
    userId,
    patient,
    rule: 0,
    note: 0,
    task: 0,
    alert: 0,
    timer: 0,
    document: 0,
    order: 0,
    deviceOrder: 0,
    goal: 0,
    inventoryId: device.inventoryId,
    deviceAssignId: device.deviceAssignId,
    diagnosis: 0,
    medication: 0,
    allergy: 0,
  };
  const create = async (call: CallDef): Promise<Record<string, number>> => {
    const res = await t.app.inject({
      method: 'POST',
      url: callUrl(call),
      headers: who.headers,
      payload: sample(call.body as NonNullable<CallDef['body']>, valuesFor(call, partial)) as object,
    });
    if (res.statusCode !== 200) throw new Error(`${call.path}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const rule = (await create(addNotificationRule)).notification_rule_id as number;
  const note = (await create(addPatientNote)).note_id as number;
  const task = (await create(addPatientTask)).task_id as number;
  const timer = (await create(startActivityTimer)).timer_id as number;
  const diagnosis = (await create(addDiagnosis)).diagnosis_id as number;
  const medication = (await create(addMedication)).medication_id as number;
  const allergy = (await create(addAllergy)).allergy_id as number;
  const goal = (await create(addPatientGoal)).goal_id as number;
  const alert = await t.db.transaction().execute(async (trx) => {
    const takenAt = t.clock.now().toISOString();
    const [readingId] = await recordReadings(trx, [
      {
        patient_id: patient,
        device_assign_id: device.deviceAssignId,
        vital_id: 1,
        value: 190,
        taken_at: takenAt,
      },
    ]);
    const row = await trx
      .insertInto('alerts')
      .values({
        patient_id: patient,
        reading_id: readingId as number,
        vital_id: 1,
        level: 'critical',
        direction: 'high',
        value: 190,
        bound: 180,
        taken_at: takenAt,
        created_at: takenAt,
      })
      .returning('alert_id')
      .executeTakeFirstOrThrow();
    return row.alert_id;
  });
  return {
    ...partial,
    rule,
    note,
    task,
    timer,
    goal,
    alert,
    diagnosis,
    medication,
    allergy,
    ...(await makeChartPapers(t, userId, patient)),
  };
}

/** A document row, an enrolment order and a device order of the patient, as their stores write them. */
async function makeChartPapers(t: TestApp, userId: number, patient: number) {
  const at = t.clock.now();
  const day = at.toISOString().slice(0, 10);
  const document = await t.db
    .insertInto('patient_documents')
    .values({
      patient_id: patient,
      title: 'Consent',
      category: 'Consent',
      file_name: 'consent.pdf',
      content_type: 'application/pdf',
      size_bytes: 9,
      sha256: '0'.repeat(64),
      storage_key: randomUUID(),
      uploaded_by: userId,
      uploaded_at: at,
    })
    .returning('document_id')
    .executeTakeFirstOrThrow();
  const order = await t.db
    .insertInto('enrollment_orders')
    .values({
      patient_id: patient,
      program: 'RPM',
      ordering_provider: 'Dr. Test',
      diagnosis_codes: JSON.stringify(['I10']),
      order_date: day,
      consent_date: day,
      consent_method: 'verbal',
      created_by: userId,
      created_at: at,
      updated_at: at,
    })
    .returning('order_id')
    .executeTakeFirstOrThrow();
  const deviceOrder = await t.db
    .insertInto('device_orders')
    .values({
      order_id: order.order_id,
      patient_id: patient,
      device_type_id: 1,
      status: 'ordered',
      ordered_by: userId,
      ordered_at: at,
      updated_at: at,
    })
    .returning('device_order_id')
    .executeTakeFirstOrThrow();
  return { document: document.document_id, order: order.order_id, deviceOrder: deviceOrder.device_order_id };
}

/** A suite's app, signed-in top administrator and their records, started before its tests and closed after. */
export function adminWithRecords(): { t: TestApp; admin: Signed; records: Records } {
  const fixture = {} as { t: TestApp; admin: Signed; records: Records };
  beforeAll(async () => {
    fixture.t = await startTestApp();
    fixture.admin = await signIn(fixture.t.app, 'role1@demo.test');
    fixture.records = await makeRecords(fixture.t, fixture.admin);
  });
  afterAll(async () => fixture.t.close());
  return fixture;
}
