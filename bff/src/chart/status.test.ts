import {
  type CallDef,
  getPatientStatuses,
  updateBhiStatus,
  updateCcmStatus,
  updateRpmStatus,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCall, injectUnchecked } from '../test-app.js';
import { makePatient } from '../test-fixtures.js';
import { rowCounts } from '../test-rows.js';
import { type ChartWorld, startChartWorld } from './chart-test-world.js';

let w: ChartWorld;

beforeAll(async () => {
  w = await startChartWorld();
});
afterAll(async () => w.t.close());

const statuses = (patientId = w.patient) =>
  injectCall(w.t.app, getPatientStatuses, { query: { patient_id: patientId } }, w.nurse);

describe('statuses (001 §2.3, §4)', () => {
  const tables = ['patient_status_changes', 'audit_log'] as const;

  it('answers the current statuses and the three lists from the database', async () => {
    const res = await statuses();
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

  it.each<[string, CallDef, Record<string, unknown>, number, string]>([
    ['RPM 1 without enrollment details', updateRpmStatus, { status: 1 }, 400, 'enrollment'],
    [
      'RPM 1 with an enrollment day in the future',
      updateRpmStatus,
      { status: 1, enrollment: { enrolled_on: '2099-01-01', consent: 'verbal' } },
      400,
      'enrollment.enrolled_on',
    ],
    [
      'RPM 1 with a bad enrollment day',
      updateRpmStatus,
      { status: 1, enrollment: { enrolled_on: '2026-02-31', consent: 'verbal' } },
      400,
      'enrollment.enrolled_on',
    ],
    ['RPM 9 without a reason', updateRpmStatus, { status: 9 }, 400, 'rejected'],
    [
      'RPM 9 with an empty reason',
      updateRpmStatus,
      { status: 9, rejected: { reason: '  ' } },
      400,
      'rejected.reason',
    ],
    ['RPM 13 without the reject dialog', updateRpmStatus, { status: 13 }, 400, 'reject'],
    ['RPM 6, never offered', updateRpmStatus, { status: 6 }, 400, 'status'],
    ['an unknown RPM status', updateRpmStatus, { status: 77 }, 400, 'status'],
    ['a status as text', updateRpmStatus, { status: 'Active' }, 400, 'status'],
    ['CCM 2, shown disabled', updateCcmStatus, { status: 2 }, 400, 'status'],
    ['CCM 6, never offered', updateCcmStatus, { status: 6 }, 400, 'status'],
    ['CCM 4 without the discharge dialog', updateCcmStatus, { status: 4 }, 400, 'discharge'],
    ['BHI without a health-med id', updateBhiStatus, { status: 2 }, 409, 'patient_id'],
    ['a patient outside the practice', updateRpmStatus, { status: 5, patient_id: -1 }, 404, 'patient_id'],
  ])('refuses %s, writing nothing', async (_, call, body, status, field) => {
    const before = await rowCounts(w.t.db, tables);
    const payload = { patient_id: w.patient, ...body };
    if (body.patient_id === -1) payload.patient_id = w.foreign;
    const res = await injectUnchecked(w.t.app, call, { body: payload }, w.nurse);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().field).toBe(field);
    expect(await rowCounts(w.t.db, tables)).toEqual(before);
  });

  it('changes RPM to 1 with enrollment details, kept in the history', async () => {
    const res = await injectCall(
      w.t.app,
      updateRpmStatus,
      {
        body: {
          patient_id: w.patient,
          status: 1,
          enrollment: { enrolled_on: w.today, consent: 'written', note: 'Signed at the clinic' },
        },
      },
      w.nurse,
    );
    expect(res.statusCode, res.body).toBe(200);
    const change = await w.t.db
      .selectFrom('patient_status_changes')
      .selectAll()
      .where('patient_id', '=', w.patient)
      .orderBy('change_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(change).toMatchObject({
      program: 'RPM',
      from_status: 4,
      to_status: 1,
      changed_by: w.nurse.user.user_id,
    });
    expect(change.details).toMatchObject({ dialog: 'enrollment', consent: 'written' });
  });

  it('answers an unchanged status without writing', async () => {
    const before = await rowCounts(w.t.db, tables);
    const res = await injectCall(
      w.t.app,
      updateRpmStatus,
      { body: { patient_id: w.patient, status: 1 } },
      w.nurse,
    );
    expect(res.json().message).toBe('No change');
    expect(await rowCounts(w.t.db, tables)).toEqual(before);
  });

  it('changes RPM to 9 with the reason and comment shown on hover', async () => {
    const res = await injectCall(
      w.t.app,
      updateRpmStatus,
      {
        body: {
          patient_id: w.patient,
          status: 9,
          rejected: { reason: 'Patient declined', comment: 'Prefers office visits' },
        },
      },
      w.nurse,
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = (await statuses()).json().data;
    expect(data).toMatchObject({
      patientCurStatus: 9,
      reject_reason: 'Patient declined',
      reject_comment: 'Prefers office visits',
    });
  });

  it('updates other statuses directly (RPM 5, CCM 3) and records CCM enrolment', async () => {
    const rpm = { body: { patient_id: w.patient, status: 5 } };
    expect((await injectCall(w.t.app, updateRpmStatus, rpm, w.nurse)).statusCode).toBe(200);
    const ccm = { body: { patient_id: w.patient, status: 3 } };
    expect((await injectCall(w.t.app, updateCcmStatus, ccm, w.nurse)).statusCode).toBe(200);
    const data = (await statuses()).json().data;
    expect(data.patientCurStatus).toBe(5);
    expect(data.patientCurCCMStatus).toBe(3);
    expect(data.ccmCreated).not.toBeNull();
  });

  it('discharges from CCM with the discharge dialog', async () => {
    const res = await injectCall(
      w.t.app,
      updateCcmStatus,
      {
        body: {
          patient_id: w.patient,
          status: 4,
          discharge: { discharged_on: w.today, reason: 'Moved out of state' },
        },
      },
      w.nurse,
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('updates BHI directly for a patient with a health-med id', async () => {
    const bhi = await makePatient(w.t.db, w.place, { healthMedId: 'HM-123456' });
    const res = await injectCall(w.t.app, updateBhiStatus, { body: { patient_id: bhi, status: 2 } }, w.nurse);
    expect(res.statusCode, res.body).toBe(200);
    expect((await statuses(bhi)).json().data.patientCurBhiStatus).toBe(2);
  });
});
