import { isoDay, shiftDay } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordReadings, recordTimeLogs } from '../billing/summary.js';
import { sqlDay } from '../routes/rules-store.js';
import { signIn, startTestApp, type TestApp } from '../test-app.js';
import {
  type FixtureDevice,
  giveDevice,
  makePatient,
  type Place,
  placeElsewhere,
  placeOf,
} from '../test-fixtures.js';
import { rowCounts } from '../test-rows.js';

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let nurse: Signed; // role 8, Northwind
let admin: Signed; // role 1
let place: Place;
let patient: number;
let foreign: number;
let bp: FixtureDevice;
let today: string;
let month: string; // the current month, YYYY-MM

beforeAll(async () => {
  t = await startTestApp();
  nurse = await signIn(t.app, 'role8@demo.test');
  admin = await signIn(t.app, 'role1@demo.test');
  today = isoDay(t.clock.now());
  month = today.slice(0, 7);
  place = await placeOf(t.db, nurse.user.user_id);
  patient = await makePatient(t.db, place, { setupDate: stripMonth(-4, 10) });
  foreign = await makePatient(t.db, await placeElsewhere(t.db, place));
  bp = await giveDevice(t.db, patient, 1, new Date(t.clock.now().getTime() - 2 * 86_400_000));
});
afterAll(async () => t.close());

/** Moves the clock; the sessions have gone idle after 10 minutes (000 §4.1), so sign in again. */
async function advance(ms: number): Promise<void> {
  t.clock.advance(ms);
  nurse = await signIn(t.app, 'role8@demo.test');
  admin = await signIn(t.app, 'role1@demo.test');
}

/** A day of the month `offset` months from the current one. */
function stripMonth(offset: number, day: number): string {
  const now = new Date();
  return isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, day)));
}

const get = (url: string, who: Signed = nurse) =>
  t.app.inject({ method: 'GET', url: `/api/${url}`, headers: who.headers });
const post = (url: string, payload: unknown, who: Signed = nurse) =>
  t.app.inject({ method: 'POST', url: `/api/${url}`, headers: who.headers, payload: payload as object });

describe('patient and session calls (001 §7)', () => {
  it('answers the demographics with the spec’s field names', async () => {
    const res = await post('rpm/patients/getdetailbyid', { patient_id: patient, type: 'demographics' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      patient_id: patient,
      lastname: 'Patient',
      loc_id: place.locationId,
      org_id: place.organizationId,
      prac_id: place.practiceId,
      phy_id: null,
      dob: '1950-03-04',
      language: 'English',
    });
  });

  it.each([
    [
      'a patient outside the practice',
      () => ({ patient_id: foreign, type: 'demographics' }),
      404, // issue 11 #6: as an unknown patient
      'patient_id',
    ],
    ['another type', () => ({ patient_id: patient, type: 'insurance' }), 400, 'type'],
    ['an unknown patient', () => ({ patient_id: 999_999, type: 'demographics' }), 404, 'patient_id'],
  ])('getdetailbyid refuses %s', async (_, body, status, field) => {
    const res = await post('rpm/patients/getdetailbyid', body());
    expect(res.statusCode).toBe(status);
    expect(res.json().field).toBe(field);
  });

  it('checkPageAccess: status 1 inside the practice, 403 outside (the blocked view)', async () => {
    const ok = await get(`rpm/auth/checkPageAccess?patient_id=${patient}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe(1);
    const denied = await t.app.inject({
      method: 'GET',
      url: `/api/rpm/auth/checkPageAccess?patient_id=${foreign}`,
      // The organizations header of 001 §6 names the foreign organisation: the server does not trust it.
      headers: {
        ...nurse.headers,
        organizations: String((await placeElsewhere(t.db, place)).organizationId),
      },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('You do not have access to this patient.');
    const tech = await signIn(t.app, 'role20@demo.test');
    expect((await get(`rpm/auth/checkPageAccess?patient_id=${patient}`, tech)).statusCode).toBe(403);
  });

  it('getOrgsForUser: the user’s organisations, all of them for role 1; a role not the user’s is refused', async () => {
    const mine = (await get('rpm/users/getOrgsForUser?role=8')).json().data;
    expect(mine.map((o: { organization_id: number }) => o.organization_id)).toEqual([place.organizationId]);
    const all = (await get('rpm/users/getOrgsForUser?role=1', admin)).json().data;
    expect(all.length).toBeGreaterThan(1);
    const res = await get('rpm/users/getOrgsForUser?role=1');
    expect(res.statusCode).toBe(403);
    expect(res.json().field).toBe('role');
  });
});

describe('statuses (001 §2.3, §4)', () => {
  const tables = ['patient_status_changes', 'audit_log'] as const;

  it('answers the current statuses and the three lists from the database', async () => {
    const res = await get(`rpm/dashboard/getPatientStatuses?patient_id=${patient}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      patientCurStatus: 4,
      patientCurCCMStatus: 1,
      patientCurBhiStatus: null,
      ccmCreated: null,
    });
    expect(data.rpmStatuses.find((s: { status_id: number }) => s.status_id === 6)).toMatchObject({
      hidden: true,
    });
    expect(data.ccmStatuses.find((s: { status_id: number }) => s.status_id === 2)).toMatchObject({
      disabled: true,
    });
    expect(data.bhiStatuses.length).toBeGreaterThan(0);
  });

  it.each<[string, string, Record<string, unknown>, number, string]>([
    ['RPM 1 without enrollment details', 'updateRpmStatus', { status: 1 }, 400, 'enrollment'],
    [
      'RPM 1 with an enrollment day in the future',
      'updateRpmStatus',
      { status: 1, enrollment: { enrolled_on: '2099-01-01', consent: 'verbal' } },
      400,
      'enrollment.enrolled_on',
    ],
    [
      'RPM 1 with a bad enrollment day',
      'updateRpmStatus',
      { status: 1, enrollment: { enrolled_on: '2026-02-31', consent: 'verbal' } },
      400,
      'enrollment.enrolled_on',
    ],
    ['RPM 9 without a reason', 'updateRpmStatus', { status: 9 }, 400, 'rejected'],
    [
      'RPM 9 with an empty reason',
      'updateRpmStatus',
      { status: 9, rejected: { reason: '  ' } },
      400,
      'rejected.reason',
    ],
    ['RPM 13 without the reject dialog', 'updateRpmStatus', { status: 13 }, 400, 'reject'],
    ['RPM 6, never offered', 'updateRpmStatus', { status: 6 }, 400, 'status'],
    ['an unknown RPM status', 'updateRpmStatus', { status: 77 }, 400, 'status'],
    ['a status as text', 'updateRpmStatus', { status: 'Active' }, 400, 'status'],
    ['CCM 2, shown disabled', 'updateCcmStatus', { status: 2 }, 400, 'status'],
    ['CCM 6, never offered', 'updateCcmStatus', { status: 6 }, 400, 'status'],
    ['CCM 4 without the discharge dialog', 'updateCcmStatus', { status: 4 }, 400, 'discharge'],
    ['BHI without a health-med id', 'updateBhiStatus', { status: 2 }, 409, 'patient_id'],
    ['a patient outside the practice', 'updateRpmStatus', { status: 5, patient_id: -1 }, 404, 'patient_id'],
  ])('refuses %s, writing nothing', async (_, call, body, status, field) => {
    const before = await rowCounts(t.db, tables);
    const payload = { patient_id: patient, ...body };
    if (body.patient_id === -1) payload.patient_id = foreign;
    const res = await post(`rpm/dashboard/${call}`, payload);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().field).toBe(field);
    expect(await rowCounts(t.db, tables)).toEqual(before);
  });

  it('changes RPM to 1 with enrollment details, kept in the history', async () => {
    const res = await post('rpm/dashboard/updateRpmStatus', {
      patient_id: patient,
      status: 1,
      enrollment: { enrolled_on: today, consent: 'written', note: 'Signed at the clinic' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const change = await t.db
      .selectFrom('patient_status_changes')
      .selectAll()
      .where('patient_id', '=', patient)
      .orderBy('change_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(change).toMatchObject({
      program: 'RPM',
      from_status: 4,
      to_status: 1,
      changed_by: nurse.user.user_id,
    });
    expect(change.details).toMatchObject({ dialog: 'enrollment', consent: 'written' });
  });

  it('answers an unchanged status without writing', async () => {
    const before = await rowCounts(t.db, tables);
    const res = await post('rpm/dashboard/updateRpmStatus', { patient_id: patient, status: 1 });
    expect(res.json().message).toBe('No change');
    expect(await rowCounts(t.db, tables)).toEqual(before);
  });

  it('changes RPM to 9 with the reason and comment shown on hover', async () => {
    const res = await post('rpm/dashboard/updateRpmStatus', {
      patient_id: patient,
      status: 9,
      rejected: { reason: 'Patient declined', comment: 'Prefers office visits' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = (await get(`rpm/dashboard/getPatientStatuses?patient_id=${patient}`)).json().data;
    expect(data).toMatchObject({
      patientCurStatus: 9,
      reject_reason: 'Patient declined',
      reject_comment: 'Prefers office visits',
    });
  });

  it('updates other statuses directly (RPM 5, CCM 3) and records CCM enrolment', async () => {
    expect((await post('rpm/dashboard/updateRpmStatus', { patient_id: patient, status: 5 })).statusCode).toBe(
      200,
    );
    expect((await post('rpm/dashboard/updateCcmStatus', { patient_id: patient, status: 3 })).statusCode).toBe(
      200,
    );
    const data = (await get(`rpm/dashboard/getPatientStatuses?patient_id=${patient}`)).json().data;
    expect(data.patientCurStatus).toBe(5);
    expect(data.patientCurCCMStatus).toBe(3);
    expect(data.ccmCreated).not.toBeNull();
  });

  it('discharges from CCM with the discharge dialog', async () => {
    const res = await post('rpm/dashboard/updateCcmStatus', {
      patient_id: patient,
      status: 4,
      discharge: { discharged_on: today, reason: 'Moved out of state' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('updates BHI directly for a patient with a health-med id', async () => {
    const bhi = await makePatient(t.db, place, { healthMedId: 'HM-123456' });
    const res = await post('rpm/dashboard/updateBhiStatus', { patient_id: bhi, status: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      (await get(`rpm/dashboard/getPatientStatuses?patient_id=${bhi}`)).json().data.patientCurBhiStatus,
    ).toBe(2);
  });
});

describe('monthly targets and compliance strip (001 §2.3, §2.9, §4, §9)', () => {
  beforeAll(async () => {
    await t.db.transaction().execute(async (trx) => {
      // Sixteen reading days three months ago: the 99454 flag of that month.
      await recordReadings(
        trx,
        Array.from({ length: 16 }, (_, n) => ({
          patient_id: patient,
          device_assign_id: bp.deviceAssignId,
          vital_id: 1,
          value: 120,
          taken_at: `${stripMonth(-3, n + 1)}T08:00:00Z`,
        })),
      );
      // 25 CCM minutes two months ago (type 2: 99490 at 20); 21 RPM minutes this month (99457).
      await recordTimeLogs(trx, [
        {
          patient_id: patient,
          user_id: nurse.user.user_id,
          program: 'CCM',
          seconds: 1500,
          logged_at: `${stripMonth(-2, 5)}T10:00:00Z`,
        },
        {
          patient_id: patient,
          user_id: nurse.user.user_id,
          program: 'RPM',
          seconds: 1260,
          logged_at: `${today}T00:00:01Z`,
        },
      ]);
    });
  });

  it('answers this month’s targets from the billing summary', async () => {
    const res = await get(`rpm/dashboard/getMonthlyTargets?patient_id=${patient}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.columns).toEqual([
      'Setup',
      '16 Days Readings',
      'RPM Time-20 mins',
      'RPM Time-40 mins',
      'RPM Time-60 mins',
    ]);
    expect(data.range.from).toBe(`${month}-01`);
    expect(data.compliance).toMatchObject({ target: 16 });
    expect(data.rpm_time).toEqual({ seconds: 1260, goal_minutes: 20, code: '99457' });
    expect(data.additional_rpm_time).toEqual({ seconds: 1260, goal_minutes: 40, code: null });
    expect(data.ccm_time).toMatchObject({ goal_minutes: 20 });
    expect(data.additional_ccm_time).toMatchObject({ goal_minutes: 40 });
  });

  it('colours the strip: before set-up, the 99454 month, the CCM month', async () => {
    const data = (await get(`rpm/dashboard/getMonthlyTargets?patient_id=${patient}`)).json().data;
    expect(data.strip.map((s: { month: string }) => s.month)).toEqual(
      [-5, -4, -3, -2, -1].map((n) => stripMonth(n, 1).slice(0, 7)),
    );
    const [m5, m4, m3, m2] = data.strip;
    expect(m5).toMatchObject({ before_setup: true });
    expect(m4).toMatchObject({ before_setup: false, rpm: false });
    expect(m3).toMatchObject({ rpm: true, ccm: false });
    expect(m2).toMatchObject({ rpm: false, ccm: true });
    expect(typeof m2.month_name).toBe('string');
    expect(data.cpt_history).toEqual(
      expect.arrayContaining([
        { date: stripMonth(-3, 1), code: '99454' },
        { date: stripMonth(-2, 1), code: '99490' },
        { date: `${month}-01`, code: '99457' },
      ]),
    );
  });

  it('answers another month and refuses a bad one', async () => {
    const other = await get(
      `rpm/dashboard/getMonthlyTargets?patient_id=${patient}&month=${stripMonth(-3, 1).slice(0, 7)}`,
    );
    expect(other.json().data.compliance).toEqual({ days: 16, target: 16, code: '99454' });
    const bad = await get(`rpm/dashboard/getMonthlyTargets?patient_id=${patient}&month=2026-13`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('month');
  });
});

describe('devices and readings (000 §2.3, 001 §2.6)', () => {
  it('lists the patient’s devices with their vitals', async () => {
    const data = (await get(`rpm/devices/getPatientDevices?patient_id=${patient}`)).json().data;
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      device_assign_id: bp.deviceAssignId,
      IMEI: bp.imei,
      current: true,
      icon: 'bp.svg',
      active_rule_id: null,
    });
    expect(data[0].vitals.map((v: { vital_type: string }) => v.vital_type)).toEqual([
      'systolic',
      'diastolic',
      'pulse',
    ]);
  });

  it('answers readings per vital in a range', async () => {
    const from = stripMonth(-3, 1);
    const to = stripMonth(-3, 28);
    const res = await get(`rpm/readings/getPatientReadings?patient_id=${patient}&from=${from}&to=${to}`);
    expect(res.statusCode, res.body).toBe(200);
    const [systolic] = res.json().data.vitals;
    expect(systolic).toMatchObject({ vital_type: 'systolic', thresholds: null, truncated: false });
    expect(systolic.readings).toHaveLength(16);
    const only = await get(
      `rpm/readings/getPatientReadings?patient_id=${patient}&from=${from}&to=${to}&vital_id=2`,
    );
    expect(only.json().data.vitals).toEqual([]);
  });

  it.each([
    ['to before from', 'from=2026-05-02&to=2026-05-01', 'to'],
    ['more than 366 days', 'from=2024-01-01&to=2026-01-01', 'to'],
    ['a from that is no day', 'from=yesterday&to=2026-05-01', 'from'],
  ])('refuses %s', async (_, range, field) => {
    const res = await get(`rpm/readings/getPatientReadings?patient_id=${patient}&${range}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
  });

  it('refuses the devices and readings of a patient outside the practice', async () => {
    // Issue 11 #6: a foreign patient answers as an unknown one.
    expect((await get(`rpm/devices/getPatientDevices?patient_id=${foreign}`)).statusCode).toBe(404);
    expect(
      (await get(`rpm/readings/getPatientReadings?patient_id=${foreign}&from=${today}&to=${today}`))
        .statusCode,
    ).toBe(404);
  });
});

describe('activity timer and log (issue 5 part 6)', () => {
  const tables = ['activity_timers', 'time_logs', 'audit_log'] as const;
  let timerId: number;

  it('starts a timer on the server’s clock; a second start for the same work answers it', async () => {
    const res = await post('rpm/activity/startTimer', { patient_id: patient, program: 'RPM' });
    expect(res.statusCode, res.body).toBe(200);
    timerId = res.json().data.timer_id;
    expect(res.json().data.started_at).toBe(t.clock.now().toISOString());
    const again = await post('rpm/activity/startTimer', { patient_id: patient, program: 'RPM' });
    expect(again.json().data.timer_id).toBe(timerId);
    expect((await get('rpm/activity/getRunningTimer')).json().data.timer_id).toBe(timerId);
  });

  it.each<[string, string, Record<string, unknown>, number, string]>([
    ['another running timer', 'startTimer', { patient_id: -1, program: 'CCM' }, 409, 'patient_id'],
    ['a program other than RPM or CCM', 'startTimer', { patient_id: -1, program: 'BHI' }, 400, 'program'],
    ['a patient outside the practice', 'startTimer', { patient_id: -2, program: 'RPM' }, 404, 'patient_id'],
    ['somebody else’s timer', 'stopTimer', { timer_id: -3 }, 404, 'timer_id'],
  ])('refuses %s, writing nothing', async (_, call, body, status, field) => {
    const payload = { ...body };
    if (body.patient_id === -1) payload.patient_id = patient;
    if (body.patient_id === -2) payload.patient_id = foreign;
    if (body.timer_id === -3) {
      const other = await post('rpm/activity/startTimer', { patient_id: patient, program: 'CCM' }, admin);
      payload.timer_id = other.json().data.timer_id;
    }
    const before = await rowCounts(t.db, tables);
    const res = await post(`rpm/activity/${call}`, payload);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().field).toBe(field);
    expect(await rowCounts(t.db, tables)).toEqual(before);
  });

  it('stops the timer and logs the minutes into the patient’s month', async () => {
    const summary = () =>
      t.db
        .selectFrom('patient_month_summary')
        .select('rpm_seconds')
        .where('patient_id', '=', patient)
        .where('month', '=', sqlDay(`${month}-01`))
        .executeTakeFirst();
    const before = (await summary())?.rpm_seconds ?? 0;
    await advance(25 * 60_000);
    const res = await post('rpm/activity/stopTimer', { timer_id: timerId, note: 'Reviewed readings' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.seconds).toBe(1500);
    expect((await summary())?.rpm_seconds).toBe(before + 1500);
    const again = await post('rpm/activity/stopTimer', { timer_id: timerId });
    expect(again.statusCode).toBe(409);
    expect((await get('rpm/activity/getRunningTimer')).json().data).toBeNull();
  });

  it('caps a forgotten timer at an hour and logs nothing when discarded', async () => {
    const a = (await post('rpm/activity/startTimer', { patient_id: patient, program: 'CCM' })).json().data
      .timer_id;
    await advance(5 * 3600_000);
    expect((await post('rpm/activity/stopTimer', { timer_id: a })).json().data.seconds).toBe(3600);
    const b = (await post('rpm/activity/startTimer', { patient_id: patient, program: 'RPM' })).json().data
      .timer_id;
    await advance(60_000);
    const before = await rowCounts(t.db, ['time_logs']);
    const res = await post('rpm/activity/stopTimer', { timer_id: b, discard: true });
    expect(res.json().data).toEqual({ time_log_id: null, seconds: 0 });
    expect(await rowCounts(t.db, ['time_logs'])).toEqual(before);
  });

  it('lists the activity log with totals per program', async () => {
    const res = await get(
      `rpm/activity/getActivityLogs?patient_id=${patient}&from=${shiftDay(today, -400)}&to=${shiftDay(today, 1)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data[0]).toMatchObject({ program: 'CCM', seconds: 3600, user_id: nurse.user.user_id });
    expect(body.totals.RPM).toBe(1260 + 1500);
    expect(body.count).toBe(4);
    const bad = await get(
      `rpm/activity/getActivityLogs?patient_id=${patient}&from=${today}&to=${shiftDay(today, -1)}`,
    );
    expect(bad.statusCode).toBe(400);
  });
});

describe('notes and tasks (000 §2.3)', () => {
  it('adds, lists and edits notes; only the author edits', async () => {
    const res = await post('rpm/notes/addPatientNote', {
      patient_id: patient,
      note: '  Called the patient.  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const note = res.json().data;
    expect(note).toMatchObject({ note: 'Called the patient.', author_id: nurse.user.user_id });
    const list = (await get(`rpm/notes/getPatientNotes?patient_id=${patient}`)).json();
    expect(list.count).toBe(1);
    const edit = await post('rpm/notes/updatePatientNote', { note_id: note.note_id, note: 'Called twice.' });
    expect(edit.json().data.note).toBe('Called twice.');
    const other = await post(
      'rpm/notes/updatePatientNote',
      { note_id: note.note_id, note: 'Mine now' },
      admin,
    );
    expect(other.statusCode).toBe(403);
  });

  it.each<[string, { patient_id?: number; note: string }, number, string]>([
    ['an empty note', { note: '   ' }, 400, 'note'],
    ['a note too long', { note: 'x'.repeat(5001) }, 400, 'note'],
    ['a patient outside the practice', { patient_id: -1, note: 'Hi' }, 404, 'patient_id'],
  ])('refuses %s', async (_, change, status, field) => {
    const body = { patient_id: patient, ...change };
    if (change.patient_id === -1) body.patient_id = foreign;
    const before = await rowCounts(t.db, ['patient_notes', 'audit_log']);
    const res = await post('rpm/notes/addPatientNote', body);
    expect(res.statusCode).toBe(status);
    expect(res.json().field).toBe(field);
    expect(await rowCounts(t.db, ['patient_notes', 'audit_log'])).toEqual(before);
  });

  it('adds a task for a care-team member and completes it', async () => {
    const res = await post('rpm/tasks/addPatientTask', {
      patient_id: patient,
      assigned_to: nurse.user.user_id,
      title: 'Call about the cuff',
      due_at: `${shiftDay(today, 1)}T09:00:00Z`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const task = res.json().data;
    expect(task).toMatchObject({ status: 'open', assigned_to: nurse.user.user_id, completed_at: null });
    const open = (await get(`rpm/tasks/getPatientTasks?patient_id=${patient}`)).json();
    expect(open.data.map((x: { task_id: number }) => x.task_id)).toContain(task.task_id);
    const done = await post('rpm/tasks/updatePatientTask', { task_id: task.task_id, status: 'completed' });
    expect(done.json().data.completed_at).toBe(t.clock.now().toISOString());
    const completed = (await get(`rpm/tasks/getPatientTasks?patient_id=${patient}&state=completed`)).json();
    expect(completed.data.map((x: { task_id: number }) => x.task_id)).toContain(task.task_id);
  });

  it('refuses an assignee who cannot see the patient, and a task of a patient outside the practice', async () => {
    const lead = await signIn(t.app, 'role5@demo.test'); // Riverside
    const res = await post('rpm/tasks/addPatientTask', {
      patient_id: patient,
      assigned_to: lead.user.user_id,
      title: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('assigned_to');
    const foreignTask = await post(
      'rpm/tasks/addPatientTask',
      { patient_id: foreign, assigned_to: admin.user.user_id, title: 'Theirs' },
      admin,
    );
    const update = await post('rpm/tasks/updatePatientTask', {
      task_id: foreignTask.json().data.task_id,
      status: 'completed',
    });
    // Issue 11 #6: the task of a foreign patient answers as an unknown task.
    expect(update.statusCode).toBe(404);
    expect(update.json().message).toBe(`Task ${foreignTask.json().data.task_id} is not a patient's task.`);
  });

  it('lists the care team', async () => {
    const team = (await get(`rpm/patients/getCareTeam?patient_id=${patient}`)).json().data;
    expect(team).toContainEqual(
      expect.objectContaining({ user_id: nurse.user.user_id, role: 'clinical_staff' }),
    );
    expect(team.map((m: { user_id: number }) => m.user_id)).not.toContain(admin.user.user_id);
  });
});
