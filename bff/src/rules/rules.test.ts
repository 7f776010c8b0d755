import { isoDay, shiftDay, statusAvailability } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
let lead: Signed; // role 5, Riverside
let place: Place;
let patient: number;
let neighbour: number; // another patient of the nurse's practice
let foreign: number; // a patient outside the nurse's practices
let bp: FixtureDevice; // the patient's blood-pressure cuff (rules are added to it)
let spare: FixtureDevice; // another cuff of the patient, never given a rule by a successful call
let scale: FixtureDevice; // the patient's weight scale
let neighbourBp: FixtureDevice;
let foreignBp: FixtureDevice;
let today: string;

const WRITE_TABLES = ['notification_rules', 'notification_rule_vitals', 'audit_log'] as const;

beforeAll(async () => {
  t = await startTestApp();
  nurse = await signIn(t.app, 'role8@demo.test');
  lead = await signIn(t.app, 'role5@demo.test');
  today = isoDay(t.clock.now());
  place = await placeOf(t.db, nurse.user.user_id);
  const assigned = new Date(t.clock.now().getTime() - 3 * 86_400_000);
  patient = await makePatient(t.db, place);
  neighbour = await makePatient(t.db, place);
  foreign = await makePatient(t.db, await placeElsewhere(t.db, place));
  bp = await giveDevice(t.db, patient, 1, assigned);
  spare = await giveDevice(t.db, patient, 1, assigned);
  scale = await giveDevice(t.db, patient, 2, assigned);
  neighbourBp = await giveDevice(t.db, neighbour, 1, assigned);
  foreignBp = await giveDevice(t.db, foreign, 1, assigned);
});
afterAll(async () => t.close());

const get = (url: string, who: Signed = nurse) =>
  t.app.inject({ method: 'GET', url: `/api/${url}`, headers: who.headers });
const post = (url: string, payload: unknown, who: Signed = nurse) =>
  t.app.inject({ method: 'POST', url: `/api/${url}`, headers: who.headers, payload: payload as object });

const BP_VITALS = [
  { vital_id: 1, critical_low: 90, abnormal_low: 100, abnormal_high: 140, critical_high: 180 },
  { vital_id: 2, critical_low: 50, abnormal_low: 60, abnormal_high: 90, critical_high: 110 },
  { vital_id: 3, critical_low: 40, abnormal_low: 50, abnormal_high: 110, critical_high: 130 },
];

/** The add-rule payload of 001 §3 for a device of the patient. */
function ruleBody(over: Record<string, unknown> = {}) {
  return {
    user_id: patient,
    role_id: 7,
    interval_id: 1,
    interval: 1,
    status: 1,
    start_date: today,
    end_date: '2099-12-31',
    created_by: nurse.user.user_id,
    inventory_id: bp.inventoryId,
    device_type_id: 1,
    vitals: BP_VITALS,
    notification_mode: 'sms_ivr',
    notification_note: 'Please take your blood pressure today.',
    sms_miss: 2,
    call_miss: 4,
    deviceName: 'Fixture cuff',
    username: 'Grace Kim',
    ...over,
  };
}

async function addRule(over: Record<string, unknown> = {}): Promise<number> {
  const res = await post('rpm/notification/addNotificationRule', ruleBody(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.notification_rule_id;
}

async function ruleOf(id: number) {
  const res = await get(`rpm/notification/getMoreNotificationRuleData?notification_rule_id=${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** Expects a refusal with the status and field, and no row written. */
async function refused(
  send: () => Promise<{ statusCode: number; json(): { field?: string; message: string } }>,
  status: number,
  field: string | undefined,
  message?: string,
) {
  const before = await rowCounts(t.db, WRITE_TABLES);
  const res = await send();
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  expect(res.json().field).toBe(field);
  if (message) expect(res.json().message).toContain(message);
  expect(await rowCounts(t.db, WRITE_TABLES)).toEqual(before);
}

describe('reference data (001 §4)', () => {
  it('keeps the status lists in step with the rules of 001 §4', async () => {
    const rows = await t.db.selectFrom('patient_status_options').selectAll().execute();
    for (const row of rows) {
      const availability = statusAvailability(row.program, row.status_id);
      expect([row.program, row.status_id, row.hidden, row.disabled]).toEqual([
        row.program,
        row.status_id,
        availability === 'hidden',
        availability === 'disabled',
      ]);
    }
    expect(rows.filter((r) => r.program === 'RPM').map((r) => r.status_id)).toEqual(
      expect.arrayContaining([1, 4, 6, 9, 13]),
    );
    expect(rows.filter((r) => r.program === 'CCM').map((r) => r.status_id)).toEqual(
      expect.arrayContaining([2, 4, 6, 30]),
    );
  });
});

describe('addNotificationRule (001 §3, §5)', () => {
  it('adds a rule with its vitals and an audit row, and lists it', async () => {
    const before = await rowCounts(t.db, WRITE_TABLES);
    const id = await addRule();
    expect(await rowCounts(t.db, WRITE_TABLES)).toEqual({
      notification_rules: before.notification_rules + 1,
      notification_rule_vitals: before.notification_rule_vitals + 3,
      audit_log: before.audit_log + 1,
    });
    const rule = await ruleOf(id);
    expect(rule).toMatchObject({
      notification_rule_id: id,
      user_id: patient,
      IMEI: bp.imei,
      inventory_id: bp.inventoryId,
      device_type_id: 1,
      device_assign_id: bp.deviceAssignId,
      interval: 1,
      interval_type: 'Day',
      fk_interval_id: 1,
      start_date: today,
      end_date: '2099-12-31',
      status: 1,
      notification_mode: 'sms_ivr',
      notify_note: 'Please take your blood pressure today.',
      sms_miss: 2,
      call_miss: 4,
      gain: null,
      loss: null,
    });
    expect(
      rule.vitals.map((v: { vital_type: string; critical_high: number }) => [v.vital_type, v.critical_high]),
    ).toEqual([
      ['systolic', 180],
      ['diastolic', 110],
      ['pulse', 130],
    ]);
  });

  it('takes a weight scale with gain and loss and no monitoring levels', async () => {
    const id = await addRule({
      inventory_id: scale.inventoryId,
      device_type_id: 2,
      vitals: [],
      gain: 3,
      loss: 5,
    });
    expect(await ruleOf(id)).toMatchObject({ gain: 3, loss: 5, vitals: [] });
  });

  it('takes the top-level vital of the spec’s payload as one more vital', async () => {
    const res = await post(
      'rpm/notification/addNotificationRule',
      ruleBody({ inventory_id: spare.inventoryId, vitals: BP_VITALS.slice(1), ...BP_VITALS[0], status: 2 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await ruleOf(res.json().data.notification_rule_id)).vitals).toHaveLength(3);
  });

  it.each<[string, Record<string, unknown>, number, string, string?]>([
    ['no device', { inventory_id: undefined }, 400, 'inventory_id', 'Select a Device'],
    ['a start date that is no date', { start_date: '2026-02-30' }, 400, 'start_date', 'Invalid Start Date'],
    ['a start date in the past', { start_date: '2020-01-01' }, 400, 'start_date', 'Invalid Start Date'],
    ['no end date', { end_date: '' }, 400, 'end_date', 'Invalid End Date'],
    ['an end date after 12/31/2099', { end_date: '2100-01-01' }, 400, 'end_date', 'Invalid End Date'],
    ['an end before the start', { end_date: '2020-01-01' }, 400, 'end_date', 'Invalid Date Range'],
    ['negative missed-SMS days', { sms_miss: -3 }, 400, 'sms_miss', 'cannot be negative'],
    ['zero missed-call days', { call_miss: 0 }, 400, 'call_miss', 'cannot be negative'],
    ['an interval of 0', { interval: 0 }, 400, 'interval', 'Interval must be greater than 0'],
    ['an interval as text', { interval: 'daily' }, 400, 'interval'],
    ['an unknown interval', { interval_id: 9 }, 400, 'interval_id'],
    ['a role other than 7', { role_id: 8 }, 400, 'role_id'],
    [
      'an IVR note with special characters',
      { notification_note: 'Call 911!' },
      400,
      'notification_note',
      'Message cannot contain special characters',
    ],
    ['an unknown notification mode', { notification_mode: 'fax' }, 400, 'notification_mode'],
    ['created_by of another user', { created_by: 1 }, 403, 'created_by'],
    [
      'a device of another patient',
      { inventory_id: -1 },
      400,
      'inventory_id',
      'not assigned to this patient',
    ],
    ['a device of a patient outside the practice', { inventory_id: -2 }, 400, 'inventory_id'],
    ['the wrong device type', { device_type_id: 3 }, 400, 'device_type_id'],
    ['a missing vital', { vitals: BP_VITALS.slice(0, 2) }, 400, 'vitals', 'pulse'],
    [
      'a vital of another device',
      { vitals: [...BP_VITALS, { ...BP_VITALS[0], vital_id: 7 }] },
      400,
      'vitals.3.vital_id',
    ],
    [
      'crossed bounds',
      { vitals: [{ ...BP_VITALS[0], abnormal_high: 95 }, ...BP_VITALS.slice(1)] },
      400,
      'vitals.0.abnormal_high',
    ],
    [
      'bounds too close',
      { vitals: [{ ...BP_VITALS[0], abnormal_low: 90 }, ...BP_VITALS.slice(1)] },
      400,
      'vitals.0.abnormal_low',
    ],
    [
      'a negative bound',
      { vitals: [{ ...BP_VITALS[0], critical_low: -5 }, ...BP_VITALS.slice(1)] },
      400,
      'vitals.0.critical_low',
    ],
    ['a patient outside the practice', { user_id: -3 }, 404, 'user_id'],
    ['an unknown patient', { user_id: 999_999 }, 404, 'user_id'],
  ])('refuses %s, writing nothing', async (_, change, status, field, message) => {
    const resolved = { ...change };
    if (change.inventory_id === -1) resolved.inventory_id = neighbourBp.inventoryId;
    if (change.inventory_id === -2) resolved.inventory_id = foreignBp.inventoryId;
    if (change.user_id === -3) resolved.user_id = foreign;
    await refused(
      () =>
        post(
          'rpm/notification/addNotificationRule',
          ruleBody({ inventory_id: spare.inventoryId, ...resolved }),
        ),
      status,
      field,
      message,
    );
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a weight scale without gain', { gain: undefined, loss: 5 }, 'gain'],
    ['a weight scale with a negative loss', { gain: 3, loss: -1 }, 'loss'],
    ['a weight scale with monitoring levels', { gain: 3, loss: 3, vitals: BP_VITALS.slice(0, 1) }, 'vitals'],
  ])('refuses %s', async (_, change, field) => {
    await refused(
      () =>
        post(
          'rpm/notification/addNotificationRule',
          ruleBody({ inventory_id: scale.inventoryId, device_type_id: 2, vitals: [], status: 2, ...change }),
        ),
      400,
      field,
    );
  });

  it('refuses a second active rule over the same dates of a device (409)', async () => {
    await refused(
      () => post('rpm/notification/addNotificationRule', ruleBody()),
      409,
      'start_date',
      'already has an active rule',
    );
  });

  it('refuses a user without the Patient Chart page', async () => {
    const tech = await signIn(t.app, 'role20@demo.test');
    await refused(() => post('rpm/notification/addNotificationRule', ruleBody(), tech), 403, undefined);
  });
});

describe('getNotificationRules (001 §2.2, §7)', () => {
  it('filters by status and sorts by end date ascending by default', async () => {
    const all = (await get(`rpm/notification/getNotificationRules?user_id=${patient}`)).json().data;
    const active = (await get(`rpm/notification/getNotificationRules?user_id=${patient}&status=1`)).json()
      .data;
    const inactive = (await get(`rpm/notification/getNotificationRules?user_id=${patient}&status=2`)).json()
      .data;
    expect(all.length).toBe(active.length + inactive.length);
    expect(active.every((r: { status: number }) => r.status === 1)).toBe(true);
    expect(inactive.every((r: { status: number }) => r.status === 2)).toBe(true);
    expect(inactive.length).toBeGreaterThan(0);
    const ends = all.map((r: { end_date: string }) => r.end_date);
    expect(ends).toEqual([...ends].sort());
  });

  it('sorts by the requested column', async () => {
    const res = await get(
      `rpm/notification/getNotificationRules?user_id=${patient}&orderby=device_name&order=desc`,
    );
    const names = res.json().data.map((r: { device_name: string }) => r.device_name);
    expect(names).toEqual([...names].sort().reverse());
  });

  it.each([
    ['status=3', 400, 'status'],
    ['orderby=password', 400, 'orderby'],
    ['order=up', 400, 'order'],
  ])('refuses %s', async (query, status, field) => {
    const res = await get(`rpm/notification/getNotificationRules?user_id=${patient}&${query}`);
    expect(res.statusCode).toBe(status);
    expect(res.json().field).toBe(field);
  });

  it('refuses a patient outside the practice as an unknown one (404, issue 11 #6) and answers the top administrator', async () => {
    const res = await get(`rpm/notification/getNotificationRules?user_id=${foreign}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().field).toBe('user_id');
    const admin = await signIn(t.app, 'role1@demo.test');
    expect((await get(`rpm/notification/getNotificationRules?user_id=${foreign}`, admin)).statusCode).toBe(
      200,
    );
  });

  it('refuses the rule of a patient outside the practice in the detail call', async () => {
    const admin = await signIn(t.app, 'role1@demo.test');
    const res = await post(
      'rpm/notification/addNotificationRule',
      ruleBody({ user_id: foreign, inventory_id: foreignBp.inventoryId, created_by: admin.user.user_id }),
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.notification_rule_id;
    expect(
      (await get(`rpm/notification/getMoreNotificationRuleData?notification_rule_id=${id}`)).json(),
    ).toMatchObject({ status: 404, message: `Rule ${id} does not exist.` });
    expect(
      (await get('rpm/notification/getMoreNotificationRuleData?notification_rule_id=999999')).statusCode,
    ).toBe(404);
    // Riverside's practice lead cannot see the nurse's patient either.
    expect((await get(`rpm/notification/getNotificationRules?user_id=${patient}`, lead)).statusCode).toBe(
      404,
    );
  });
});

describe('updateNotificationRules (001 §4 edit mode, §5)', () => {
  let id: number;
  beforeAll(async () => {
    id = (
      (await get(`rpm/notification/getNotificationRules?user_id=${patient}&status=1`)).json().data as {
        notification_rule_id: number;
        inventory_id: number;
      }[]
    ).find((r) => r.inventory_id === bp.inventoryId)?.notification_rule_id as number;
    // A rule that started before today: its locked start date stays valid on edit.
    await t.db
      .updateTable('notification_rules')
      .set({ start_date: shiftDay(today, -2) })
      .where('notification_rule_id', '=', id)
      .execute();
  });

  const editBody = (over: Record<string, unknown> = {}) =>
    ruleBody({ notification_rule_id: id, start_date: shiftDay(today, -2), ...over });

  it('saves an edit with a locked start date in the past, records before and after', async () => {
    const rule = await ruleOf(id);
    const res = await post(
      'rpm/notification/updateNotificationRules',
      editBody({
        interval: 2,
        sms_miss: 3,
        vitals: [{ ...BP_VITALS[0], abnormal_high: 135 }, ...BP_VITALS.slice(1)],
        previous: { interval: 1, sms_miss: 2, updated_at: rule.updated_at },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = await ruleOf(id);
    expect(after).toMatchObject({ interval: 2, sms_miss: 3, start_date: shiftDay(today, -2) });
    expect(after.vitals[0].abnormal_high).toBe(135);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .orderBy('audit_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('update_notification_rule');
    expect(audit.detail).toMatchObject({ before: { interval: 1, sms_miss: 2 }, after: { interval: 2 } });
  });

  it.each<[string, Record<string, unknown>, number, string, string?]>([
    ['a stale edit', { previous: { interval: 1 } }, 409, 'previous.interval', 'changed by someone else'],
    ['another device', { inventory_id: -4 }, 400, 'inventory_id', 'cannot be changed'],
    ['a status change', { status: 2 }, 400, 'status'],
    [
      'a changed start date in the past',
      { start_date: shiftDay(isoDay(new Date()), -5) },
      400,
      'start_date',
      'Invalid Start Date',
    ],
    ['another patient', { user_id: -5 }, 400, 'user_id'],
    ['negative missed-call days', { call_miss: -2 }, 400, 'call_miss'],
    [
      'an end before the start',
      { end_date: shiftDay(isoDay(new Date()), -3) },
      400,
      'end_date',
      'Invalid Date Range',
    ],
    ['an unknown rule', { notification_rule_id: 999_999 }, 404, 'notification_rule_id'],
  ])('refuses %s, writing nothing', async (_, change, status, field, message) => {
    const resolved = { ...change };
    if (change.inventory_id === -4) resolved.inventory_id = spare.inventoryId;
    if (change.user_id === -5) resolved.user_id = neighbour;
    await refused(
      () => post('rpm/notification/updateNotificationRules', editBody(resolved)),
      status,
      field,
      message,
    );
  });
});

describe('terminateRule and resumeRule (001 §4 status toggle)', () => {
  let id: number;
  beforeAll(async () => {
    id = (
      (await get(`rpm/notification/getNotificationRules?user_id=${patient}&status=1`)).json().data as {
        notification_rule_id: number;
        inventory_id: number;
      }[]
    ).find((r) => r.inventory_id === bp.inventoryId)?.notification_rule_id as number;
  });
  const terminate = (over: Record<string, unknown> = {}) =>
    post('rpm/notification/terminateRule', {
      notification_rule_id: id,
      device_assign_id: bp.deviceAssignId,
      terminated_by: nurse.user.user_id,
      is_continue: false,
      username: 'Grace Kim',
      deviceName: 'Fixture cuff',
      ...over,
    });
  const resume = (ids: number[], over: Record<string, unknown> = {}) =>
    post('rpm/notification/resumeRule', {
      notification_rule_id: ids,
      device_assign_id: bp.deviceAssignId,
      deviceName: 'Fixture cuff',
      username: 'Grace Kim',
      ...over,
    });

  it.each<[string, Record<string, unknown>, number, string, string?]>([
    ['terminated_by of another user', { terminated_by: 1 }, 403, 'terminated_by'],
    ['another device assignment', { device_assign_id: -6 }, 400, 'device_assign_id'],
    ['continue without dates', { is_continue: true }, 400, 'start_date', 'Invalid Date'],
    [
      'continue with an end before the start',
      { is_continue: true, start_date: '2026-11-20', end_date: '2026-11-19' },
      400,
      'end_date',
      'Invalid Date',
    ],
    [
      'continue with a start after today',
      { is_continue: true, start_date: '2099-01-01', end_date: '2099-12-31' },
      400,
      'start_date',
      'Invalid Date',
    ],
    [
      'continue with an end in the past',
      { is_continue: true, start_date: '2020-01-01', end_date: '2020-02-01' },
      400,
      'end_date',
      'Invalid Date',
    ],
    [
      'a start date that is no date',
      { is_continue: true, start_date: '2026-13-01', end_date: '2099-12-31' },
      400,
      'start_date',
    ],
  ])('refuses %s, writing nothing', async (_, change, status, field, message) => {
    const resolved = { ...change };
    if (change.device_assign_id === -6) resolved.device_assign_id = spare.deviceAssignId;
    await refused(() => terminate(resolved), status, field, message);
  });

  it('terminates only (No): the rule is switched off', async () => {
    const res = await terminate();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ continued_rule_id: null });
    const rule = await ruleOf(id);
    expect(rule.status).toBe(2);
    expect(rule.terminated_at).not.toBeNull();
    await refused(() => terminate(), 409, 'notification_rule_id', 'already switched off');
  });

  it('resumes (switch on): the rule is active again', async () => {
    const res = await resume([id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await ruleOf(id)).toMatchObject({ status: 1, terminated_at: null });
  });

  it('terminates and continues (Save) as a new active rule with the new dates and the same bounds', async () => {
    const before = await ruleOf(id);
    const res = await terminate({ is_continue: true, start_date: today, end_date: '2027-06-30' });
    expect(res.statusCode, res.body).toBe(200);
    const newId = res.json().data.continued_rule_id;
    expect(newId).toBeGreaterThan(id);
    expect((await ruleOf(id)).status).toBe(2);
    const continued = await ruleOf(newId);
    expect(continued).toMatchObject({
      status: 1,
      start_date: today,
      end_date: '2027-06-30',
      previous_rule_id: id,
      interval: before.interval,
      sms_miss: before.sms_miss,
    });
    expect(continued.vitals).toEqual(before.vitals);
  });

  it('refuses to resume a rule over the dates of the active one (409), writing nothing', async () => {
    await refused(() => resume([id]), 409, 'start_date', 'already has an active rule');
  });

  it('refuses to resume a rule that has ended (409)', async () => {
    const old = await addRule({ inventory_id: spare.inventoryId, status: 2 });
    await t.db
      .updateTable('notification_rules')
      .set({ start_date: '2024-01-01', end_date: '2024-02-01' })
      .where('notification_rule_id', '=', old)
      .execute();
    await refused(
      () => resume([old], { device_assign_id: spare.deviceAssignId }),
      409,
      'notification_rule_id',
      'ended',
    );
  });

  it('refuses rules of another device assignment (400) and of a patient outside the practice (404, as unknown)', async () => {
    await refused(() => resume([id], { device_assign_id: spare.deviceAssignId }), 400, 'device_assign_id');
    const foreignRule = await t.db
      .selectFrom('notification_rules')
      .select(['notification_rule_id', 'device_assign_id'])
      .where('patient_id', '=', foreign)
      .executeTakeFirstOrThrow();
    await refused(
      () => resume([foreignRule.notification_rule_id], { device_assign_id: foreignRule.device_assign_id }),
      404,
      'notification_rule_id',
    );
    await refused(
      () =>
        terminate({
          notification_rule_id: foreignRule.notification_rule_id,
          device_assign_id: foreignRule.device_assign_id,
        }),
      404,
      'notification_rule_id',
    );
  });
});
