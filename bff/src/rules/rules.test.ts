import {
  addNotificationRule,
  type CallInput,
  getMoreNotificationRuleData,
  getNotificationRules,
  statusAvailability,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCall, injectUnchecked, signIn } from '../test-app.js';
import { rowCounts } from '../test-rows.js';
import {
  addRule,
  BP_VITALS,
  type RulesWorld,
  refused,
  ruleBody,
  ruleOf,
  type Signed,
  startRulesWorld,
  WRITE_TABLES,
} from './rules-test-world.js';

let w: RulesWorld;

beforeAll(async () => {
  w = await startRulesWorld();
});
afterAll(async () => w.t.close());

/** An add-rule call with the payload changed as given (possibly refused by the contract). */
const add = (change: Record<string, unknown>, who: Signed = w.nurse) =>
  injectUnchecked(w.t.app, addNotificationRule, { body: { ...ruleBody(w), ...change } }, who);
const rulesOf = (query: CallInput<typeof getNotificationRules>['query'], who: Signed = w.nurse) =>
  injectCall(w.t.app, getNotificationRules, { query }, who);
const detail = (id: number) =>
  injectCall(w.t.app, getMoreNotificationRuleData, { query: { notification_rule_id: id } }, w.nurse);

describe('reference data (001 §4)', () => {
  it('keeps the status lists in step with the rules of 001 §4', async () => {
    const rows = await w.t.db.selectFrom('patient_status_options').selectAll().execute();
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
    const before = await rowCounts(w.t.db, WRITE_TABLES);
    const id = await addRule(w);
    expect(await rowCounts(w.t.db, WRITE_TABLES)).toEqual({
      notification_rules: before.notification_rules + 1,
      notification_rule_vitals: before.notification_rule_vitals + 3,
      audit_log: before.audit_log + 1,
    });
    const rule = await ruleOf(w, id);
    expect(rule).toMatchObject({
      notification_rule_id: id,
      user_id: w.patient,
      IMEI: w.bp.imei,
      inventory_id: w.bp.inventoryId,
      device_type_id: 1,
      device_assign_id: w.bp.deviceAssignId,
      interval: 1,
      interval_type: 'Day',
      fk_interval_id: 1,
      start_date: w.today,
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
    const id = await addRule(w, {
      inventory_id: w.scale.inventoryId,
      device_type_id: 2,
      vitals: [],
      gain: 3,
      loss: 5,
    });
    expect(await ruleOf(w, id)).toMatchObject({ gain: 3, loss: 5, vitals: [] });
  });

  it('takes the top-level vital of the spec’s payload as one more vital', async () => {
    const body = ruleBody(w, {
      inventory_id: w.spare.inventoryId,
      vitals: BP_VITALS.slice(1),
      ...BP_VITALS[0],
      status: 2,
    });
    const res = await injectCall(w.t.app, addNotificationRule, { body }, w.nurse);
    expect(res.statusCode, res.body).toBe(200);
    expect((await ruleOf(w, res.json().data.notification_rule_id)).vitals).toHaveLength(3);
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
    if (change.inventory_id === -1) resolved.inventory_id = w.neighbourBp.inventoryId;
    if (change.inventory_id === -2) resolved.inventory_id = w.foreignBp.inventoryId;
    if (change.user_id === -3) resolved.user_id = w.foreign;
    await refused(w, () => add({ inventory_id: w.spare.inventoryId, ...resolved }), status, field, message);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a weight scale without gain', { gain: undefined, loss: 5 }, 'gain'],
    ['a weight scale with a negative loss', { gain: 3, loss: -1 }, 'loss'],
    ['a weight scale with monitoring levels', { gain: 3, loss: 3, vitals: BP_VITALS.slice(0, 1) }, 'vitals'],
  ])('refuses %s', async (_, change, field) => {
    await refused(
      w,
      () => add({ inventory_id: w.scale.inventoryId, device_type_id: 2, vitals: [], status: 2, ...change }),
      400,
      field,
    );
  });

  it('refuses a second active rule over the same dates of a device (409)', async () => {
    await refused(w, () => add({}), 409, 'start_date', 'already has an active rule');
  });

  it('refuses a user without the Patient Chart page', async () => {
    const tech = await signIn(w.t.app, 'role20@demo.test');
    await refused(w, () => add({}, tech), 403, undefined);
  });
});

describe('getNotificationRules (001 §2.2, §7)', () => {
  it('filters by status and sorts by end date ascending by default', async () => {
    const all = (await rulesOf({ user_id: w.patient })).json().data;
    const active = (await rulesOf({ user_id: w.patient, status: 1 })).json().data;
    const inactive = (await rulesOf({ user_id: w.patient, status: 2 })).json().data;
    expect(all.length).toBe(active.length + inactive.length);
    expect(active.every((r: { status: number }) => r.status === 1)).toBe(true);
    expect(inactive.every((r: { status: number }) => r.status === 2)).toBe(true);
    expect(inactive.length).toBeGreaterThan(0);
    const ends = all.map((r: { end_date: string }) => r.end_date);
    expect(ends).toEqual([...ends].sort());
  });

  it('sorts by the requested column', async () => {
    const res = await rulesOf({ user_id: w.patient, orderby: 'device_name', order: 'desc' });
    const names = res.json().data.map((r: { device_name: string }) => r.device_name);
    expect(names).toEqual([...names].sort().reverse());
  });

  it.each([
    ['status=3', { status: 3 }, 400, 'status'],
    ['orderby=password', { orderby: 'password' }, 400, 'orderby'],
    ['order=up', { order: 'up' }, 400, 'order'],
  ])('refuses %s', async (_, query, status, field) => {
    const res = await injectUnchecked(
      w.t.app,
      getNotificationRules,
      { query: { user_id: w.patient, ...query } },
      w.nurse,
    );
    expect(res.statusCode).toBe(status);
    expect(res.json().field).toBe(field);
  });

  it('refuses a patient outside the practice as an unknown one (404, issue 11 #6) and answers the top administrator', async () => {
    const res = await rulesOf({ user_id: w.foreign });
    expect(res.statusCode).toBe(404);
    expect(res.json().field).toBe('user_id');
    const admin = await signIn(w.t.app, 'role1@demo.test');
    expect((await rulesOf({ user_id: w.foreign }, admin)).statusCode).toBe(200);
  });

  it('refuses the rule of a patient outside the practice in the detail call', async () => {
    const admin = await signIn(w.t.app, 'role1@demo.test');
    const body = ruleBody(w, {
      user_id: w.foreign,
      inventory_id: w.foreignBp.inventoryId,
      created_by: admin.user.user_id,
    });
    const res = await injectCall(w.t.app, addNotificationRule, { body }, admin);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.notification_rule_id;
    expect((await detail(id)).json()).toMatchObject({ status: 404, message: `Rule ${id} does not exist.` });
    expect((await detail(999999)).statusCode).toBe(404);
    // Riverside's practice lead cannot see the nurse's patient either.
    expect((await rulesOf({ user_id: w.patient }, w.lead)).statusCode).toBe(404);
  });
});
