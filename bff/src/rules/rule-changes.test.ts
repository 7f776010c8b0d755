import {
  addNotificationRule,
  type CallInput,
  getNotificationRules,
  isoDay,
  resumeRule,
  shiftDay,
  terminateRule,
  updateNotificationRules,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCall, injectUnchecked, signIn } from '../test-app.js';
import {
  addRule,
  BP_VITALS,
  type RuleInput,
  type RulesWorld,
  refused,
  ruleBody,
  ruleOf,
  startRulesWorld,
} from './rules-test-world.js';

let w: RulesWorld;

beforeAll(async () => {
  w = await startRulesWorld();
  // The cuff's active rule (edited, then switched off and on below) and a rule of a patient outside the practice.
  await addRule(w);
  const admin = await signIn(w.t.app, 'role1@demo.test');
  const body = ruleBody(w, {
    user_id: w.foreign,
    inventory_id: w.foreignBp.inventoryId,
    created_by: admin.user.user_id,
  });
  const res = await injectCall(w.t.app, addNotificationRule, { body }, admin);
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => w.t.close());

/** The id of the cuff's active rule. */
async function activeCuffRule(): Promise<number> {
  const res = await injectCall(
    w.t.app,
    getNotificationRules,
    { query: { user_id: w.patient, status: 1 } },
    w.nurse,
  );
  const rules: { notification_rule_id: number; inventory_id: number }[] = res.json().data;
  return rules.find((r) => r.inventory_id === w.bp.inventoryId)?.notification_rule_id as number;
}

/** An edit with the payload changed as given (possibly refused by the contract). */
const update = (body: Record<string, unknown>) =>
  injectUnchecked(w.t.app, updateNotificationRules, { body }, w.nurse);

describe('updateNotificationRules (001 §4 edit mode, §5)', () => {
  let id: number;
  beforeAll(async () => {
    id = await activeCuffRule();
    // A rule that started before today: its locked start date stays valid on edit.
    await w.t.db
      .updateTable('notification_rules')
      .set({ start_date: shiftDay(w.today, -2) })
      .where('notification_rule_id', '=', id)
      .execute();
  });

  const editBody = (over: Partial<RuleInput> = {}) => ({
    ...ruleBody(w, { start_date: shiftDay(w.today, -2), ...over }),
    notification_rule_id: id,
  });

  it('saves an edit with a locked start date in the past, records before and after', async () => {
    const rule = await ruleOf(w, id);
    const body = {
      ...editBody({
        interval: 2,
        sms_miss: 3,
        vitals: [{ ...BP_VITALS[0], abnormal_high: 135 }, ...BP_VITALS.slice(1)],
      }),
      previous: { interval: 1, sms_miss: 2, updated_at: rule.updated_at },
    };
    const res = await injectCall(w.t.app, updateNotificationRules, { body }, w.nurse);
    expect(res.statusCode, res.body).toBe(200);
    const after = await ruleOf(w, id);
    expect(after).toMatchObject({ interval: 2, sms_miss: 3, start_date: shiftDay(w.today, -2) });
    expect(after.vitals[0].abnormal_high).toBe(135);
    const audit = await w.t.db
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
    if (change.inventory_id === -4) resolved.inventory_id = w.spare.inventoryId;
    if (change.user_id === -5) resolved.user_id = w.neighbour;
    await refused(w, () => update({ ...editBody(), ...resolved }), status, field, message);
  });
});

describe('terminateRule and resumeRule (001 §4 status toggle)', () => {
  let id: number;
  beforeAll(async () => {
    id = await activeCuffRule();
  });
  const terminate = (over: Partial<CallInput<typeof terminateRule>['body']> = {}) =>
    injectCall(
      w.t.app,
      terminateRule,
      {
        body: {
          notification_rule_id: id,
          device_assign_id: w.bp.deviceAssignId,
          terminated_by: w.nurse.user.user_id,
          is_continue: false,
          username: 'Grace Kim',
          deviceName: 'Fixture cuff',
          ...over,
        },
      },
      w.nurse,
    );
  const resume = (ids: number[], over: { device_assign_id?: number } = {}) =>
    injectCall(
      w.t.app,
      resumeRule,
      {
        body: {
          notification_rule_id: ids,
          device_assign_id: w.bp.deviceAssignId,
          deviceName: 'Fixture cuff',
          username: 'Grace Kim',
          ...over,
        },
      },
      w.nurse,
    );

  it.each<[string, Partial<CallInput<typeof terminateRule>['body']>, number, string, string?]>([
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
    if (change.device_assign_id === -6) resolved.device_assign_id = w.spare.deviceAssignId;
    await refused(w, () => terminate(resolved), status, field, message);
  });

  it('terminates only (No): the rule is switched off', async () => {
    const res = await terminate();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ continued_rule_id: null });
    const rule = await ruleOf(w, id);
    expect(rule.status).toBe(2);
    expect(rule.terminated_at).not.toBeNull();
    await refused(w, () => terminate(), 409, 'notification_rule_id', 'already switched off');
  });

  it('resumes (switch on): the rule is active again', async () => {
    const res = await resume([id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await ruleOf(w, id)).toMatchObject({ status: 1, terminated_at: null });
  });

  it('terminates and continues (Save) as a new active rule with the new dates and the same bounds', async () => {
    const before = await ruleOf(w, id);
    const res = await terminate({ is_continue: true, start_date: w.today, end_date: '2027-06-30' });
    expect(res.statusCode, res.body).toBe(200);
    const newId = res.json().data.continued_rule_id;
    expect(newId).toBeGreaterThan(id);
    expect((await ruleOf(w, id)).status).toBe(2);
    const continued = await ruleOf(w, newId);
    expect(continued).toMatchObject({
      status: 1,
      start_date: w.today,
      end_date: '2027-06-30',
      previous_rule_id: id,
      interval: before.interval,
      sms_miss: before.sms_miss,
    });
    expect(continued.vitals).toEqual(before.vitals);
  });

  it('refuses to resume a rule over the dates of the active one (409), writing nothing', async () => {
    await refused(w, () => resume([id]), 409, 'start_date', 'already has an active rule');
  });

  it('refuses to resume a rule that has ended (409)', async () => {
    const old = await addRule(w, { inventory_id: w.spare.inventoryId, status: 2 });
    await w.t.db
      .updateTable('notification_rules')
      .set({ start_date: '2024-01-01', end_date: '2024-02-01' })
      .where('notification_rule_id', '=', old)
      .execute();
    await refused(
      w,
      () => resume([old], { device_assign_id: w.spare.deviceAssignId }),
      409,
      'notification_rule_id',
      'ended',
    );
  });

  it('refuses rules of another device assignment (400) and of a patient outside the practice (404, as unknown)', async () => {
    await refused(
      w,
      () => resume([id], { device_assign_id: w.spare.deviceAssignId }),
      400,
      'device_assign_id',
    );
    const foreignRule = await w.t.db
      .selectFrom('notification_rules')
      .select(['notification_rule_id', 'device_assign_id'])
      .where('patient_id', '=', w.foreign)
      .executeTakeFirstOrThrow();
    await refused(
      w,
      () => resume([foreignRule.notification_rule_id], { device_assign_id: foreignRule.device_assign_id }),
      404,
      'notification_rule_id',
    );
    await refused(
      w,
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
