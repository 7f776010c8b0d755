import {
  addSleepAppointment,
  addSleepConsult,
  CALENDAR_RANGE_MAX_DAYS,
  cancelSleepAppointment,
  getAppointmentsInRange,
  isoDay,
  setSleepAppointmentStatus,
  shiftDay,
  updateSleepAppointment,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';
import { makePatient, placeElsewhere, placeOf } from '../test-fixtures.js';
import { rowCounts } from '../test-rows.js';

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let technician: Signed; // role20@, Northwind: the demo technician
let scheduler: Signed; // role15@, Northwind
let admin: Signed;
let patient: number;
let foreign: number;
let physicianId: number;
let today: string;

const at = (day: string, time = '14:00') => `${day}T${time}:00.000Z`;
const appointment = (extra: object = {}) => ({
  patient_id: patient,
  technician_id: technician.user.user_id,
  scheduled_at: at(shiftDay(today, 3)),
  duration_minutes: 45,
  notes: 'Mask fitting',
  ...extra,
});

beforeAll(async () => {
  t = await startTestApp({ seedPatients: 40 });
  technician = await signIn(t.app, 'role20@demo.test');
  scheduler = await signIn(t.app, 'role15@demo.test');
  admin = await signIn(t.app, 'role1@demo.test');
  today = isoDay(t.clock.now());
  const place = await placeOf(t.db, technician.user.user_id);
  patient = await makePatient(t.db, place);
  foreign = await makePatient(t.db, await placeElsewhere(t.db, place));
  const physician = await t.db
    .selectFrom('users as u')
    .innerJoin('user_roles as r', 'r.user_id', 'u.user_id')
    .innerJoin('user_practices as up', 'up.user_id', 'u.user_id')
    .select('u.user_id')
    .where('r.role_id', '=', 6)
    .where('up.practice_id', '=', place.practiceId)
    .where('u.active', '=', true)
    .executeTakeFirstOrThrow();
  physicianId = physician.user_id;
});
afterAll(async () => t.close());

async function added(extra: object = {}, as: Signed = technician) {
  const res = await injectCall(t.app, addSleepAppointment, { body: appointment(extra) }, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    appointment_id: number;
    status: string;
    status_code: number;
    technician: string;
  };
}

describe('sleep appointments', () => {
  it('schedules an appointment: Scheduled (code 2), audited with the row', async () => {
    const row = await added();
    expect(row).toMatchObject({
      status: 'Scheduled',
      status_code: 2,
      duration_minutes: 45,
      notes: 'Mask fitting',
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'sleep_appointments')
      .where('entity_id', '=', String(row.appointment_id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['sleep_appointment.add']);
  });

  it.each([
    ['duration_minutes', { duration_minutes: 4 }],
    ['duration_minutes', { duration_minutes: 481 }],
    ['scheduled_at', { scheduled_at: '2026-13-01 10:00' }],
    ['notes', { notes: 'x'.repeat(1001) }],
  ])('refuses a bad %s with 400 naming it, writing nothing', async (field, extra) => {
    const before = await rowCounts(t.db, ['sleep_appointments', 'audit_log']);
    const res = await injectUnchecked(t.app, addSleepAppointment, { body: appointment(extra) }, technician);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(field);
    expect(await rowCounts(t.db, ['sleep_appointments', 'audit_log'])).toEqual(before);
  });

  it('refuses a technician who is not one of the patient’s practice (400 technician_id)', async () => {
    const res = await injectCall(
      t.app,
      addSleepAppointment,
      { body: appointment({ technician_id: admin.user.user_id }) },
      scheduler,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('technician_id');
  });

  it('answers 404 for a patient outside the caller’s practices, and writes nothing', async () => {
    const before = await rowCounts(t.db, ['sleep_appointments']);
    const res = await injectCall(
      t.app,
      addSleepAppointment,
      { body: appointment({ patient_id: foreign }) },
      technician,
    );
    expect(res.statusCode).toBe(404);
    expect(await rowCounts(t.db, ['sleep_appointments'])).toEqual(before);
  });

  it('closes a scheduled appointment once: Scheduled → Completed, then 409 for any change', async () => {
    const { appointment_id } = await added();
    const done = await injectCall(
      t.app,
      setSleepAppointmentStatus,
      { body: { appointment_id, status: 3 } },
      technician,
    );
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'Completed', status_code: 3 });
    const again = await injectCall(
      t.app,
      setSleepAppointmentStatus,
      { body: { appointment_id, status: 4 } },
      technician,
    );
    expect(again.statusCode).toBe(409);
    const edit = await injectCall(
      t.app,
      updateSleepAppointment,
      { body: { ...appointment(), appointment_id, patient_id: undefined } as never },
      technician,
    );
    expect(edit.statusCode).toBe(409);
    const cancel = await injectCall(t.app, cancelSleepAppointment, { body: { appointment_id } }, technician);
    expect(cancel.statusCode).toBe(409);
  });

  it.each([
    [4, 'No Show'],
    [6, 'Connectivity Issue'],
  ] as const)('closes a scheduled appointment as %s (%s)', async (status, label) => {
    const { appointment_id } = await added();
    const res = await injectCall(
      t.app,
      setSleepAppointmentStatus,
      { body: { appointment_id, status } },
      technician,
    );
    expect(res.json().data.status).toBe(label);
  });

  it('refuses status 2 or 5 as an outcome (400 naming status)', async () => {
    const { appointment_id } = await added();
    for (const status of [2, 5]) {
      const res = await injectUnchecked(
        t.app,
        setSleepAppointmentStatus,
        { body: { appointment_id, status } },
        technician,
      );
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('status');
    }
  });

  it('keeps other practices’ appointments unknown (404); a cancelled one leaves the calendar', async () => {
    const { appointment_id } = await added({ scheduled_at: at(shiftDay(today, 5), '15:30') });
    const range = { from: today, to: shiftDay(today, 30) };
    const ids = async (as: Signed) =>
      (
        (await injectCall(t.app, getAppointmentsInRange, { query: range }, as)).json().data as {
          appointment_id: number;
        }[]
      ).map((r) => r.appointment_id);
    expect(await ids(technician)).toContain(appointment_id);
    // role16@ holds Sleep Appointments too, in Lakeside: the Northwind appointment is unknown to it.
    const outsider = await signIn(t.app, 'role16@demo.test');
    expect(await ids(outsider)).not.toContain(appointment_id);
    const unknown = await injectCall(t.app, cancelSleepAppointment, { body: { appointment_id } }, outsider);
    expect(unknown.statusCode).toBe(404);
    const cancelled = await injectCall(t.app, cancelSleepAppointment, { body: { appointment_id } }, admin);
    expect(cancelled.statusCode).toBe(200);
    expect(await ids(technician)).not.toContain(appointment_id);
    expect(await ids(admin)).not.toContain(appointment_id);
  });

  it(`limits the calendar's range to ${CALENDAR_RANGE_MAX_DAYS} days (400 naming to)`, async () => {
    const ok = await injectCall(
      t.app,
      getAppointmentsInRange,
      { query: { from: today, to: shiftDay(today, CALENDAR_RANGE_MAX_DAYS - 1) } },
      technician,
    );
    expect(ok.statusCode).toBe(200);
    const res = await injectCall(
      t.app,
      getAppointmentsInRange,
      { query: { from: today, to: shiftDay(today, CALENDAR_RANGE_MAX_DAYS) } },
      technician,
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('to');
  });
});

describe('sleep consults', () => {
  it('schedules a Follow up consult (type 5) with a physician of the practice', async () => {
    const res = await injectCall(
      t.app,
      addSleepConsult,
      {
        body: {
          patient_id: patient,
          physician_id: physicianId,
          consult_type: 5,
          scheduled_at: at(shiftDay(today, 10)),
          duration_minutes: 30,
          notes: '',
        },
      },
      scheduler,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      consult_type: 'Follow up',
      consult_type_code: 5,
      status: 'Scheduled',
    });
  });

  it('refuses consult type 6 (400 naming consult_type)', async () => {
    const res = await injectUnchecked(
      t.app,
      addSleepConsult,
      {
        body: {
          patient_id: patient,
          physician_id: physicianId,
          consult_type: 6,
          scheduled_at: at(today),
          duration_minutes: 30,
          notes: '',
        },
      },
      scheduler,
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('consult_type');
  });
});
