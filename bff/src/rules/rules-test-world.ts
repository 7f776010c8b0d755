import { addNotificationRule, type CallInput, getMoreNotificationRuleData, isoDay } from '@rpm/shared';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { injectCall, signIn, startTestApp, type TestApp } from '../test-app.js';
import {
  type FixtureDevice,
  giveDevice,
  makePatient,
  type Place,
  placeElsewhere,
  placeOf,
} from '../test-fixtures.js';
import { rowCounts } from '../test-rows.js';

export type Signed = Awaited<ReturnType<typeof signIn>>;

/** What the rules' tests work on (one per test file). */
export interface RulesWorld {
  readonly t: TestApp;
  /** Role 8, Northwind. */
  readonly nurse: Signed;
  /** Role 5, Riverside. */
  readonly lead: Signed;
  readonly place: Place;
  readonly patient: number;
  /** Another patient of the nurse's practice. */
  readonly neighbour: number;
  /** A patient outside the nurse's practices. */
  readonly foreign: number;
  /** The patient's blood-pressure cuff (rules are added to it). */
  readonly bp: FixtureDevice;
  /** Another cuff of the patient, never given an active rule by a successful call. */
  readonly spare: FixtureDevice;
  /** The patient's weight scale. */
  readonly scale: FixtureDevice;
  readonly neighbourBp: FixtureDevice;
  readonly foreignBp: FixtureDevice;
  /** The clock's day at the start, YYYY-MM-DD. */
  readonly today: string;
}

/** The tables a rule call writes: a refused call leaves their counts as they were. */
export const WRITE_TABLES = ['notification_rules', 'notification_rule_vitals', 'audit_log'] as const;

export type RuleInput = CallInput<typeof addNotificationRule>['body'];
type VitalInput = NonNullable<RuleInput['vitals']>[number];

/** The cuff's bounds: systolic, diastolic, pulse. */
export const BP_VITALS: [VitalInput, VitalInput, VitalInput] = [
  { vital_id: 1, critical_low: 90, abnormal_low: 100, abnormal_high: 140, critical_high: 180 },
  { vital_id: 2, critical_low: 50, abnormal_low: 60, abnormal_high: 90, critical_high: 110 },
  { vital_id: 3, critical_low: 40, abnormal_low: 50, abnormal_high: 110, critical_high: 130 },
];

/** A test app with the nurse, the lead, three patients and their devices. */
export async function startRulesWorld(): Promise<RulesWorld> {
  const t = await startTestApp();
  const nurse = await signIn(t.app, 'role8@demo.test');
  const lead = await signIn(t.app, 'role5@demo.test');
  const place = await placeOf(t.db, nurse.user.user_id);
  const assigned = new Date(t.clock.now().getTime() - 3 * 86_400_000);
  const patient = await makePatient(t.db, place);
  const neighbour = await makePatient(t.db, place);
  const foreign = await makePatient(t.db, await placeElsewhere(t.db, place));
  return {
    t,
    nurse,
    lead,
    place,
    patient,
    neighbour,
    foreign,
    bp: await giveDevice(t.db, patient, 1, assigned),
    spare: await giveDevice(t.db, patient, 1, assigned),
    scale: await giveDevice(t.db, patient, 2, assigned),
    neighbourBp: await giveDevice(t.db, neighbour, 1, assigned),
    foreignBp: await giveDevice(t.db, foreign, 1, assigned),
    today: isoDay(t.clock.now()),
  };
}

/** The add-rule payload of 001 §3 for the patient's cuff. */
export function ruleBody(w: RulesWorld, over: Partial<RuleInput> = {}): RuleInput {
  return {
    user_id: w.patient,
    role_id: 7,
    interval_id: 1,
    interval: 1,
    status: 1,
    start_date: w.today,
    end_date: '2099-12-31',
    created_by: w.nurse.user.user_id,
    inventory_id: w.bp.inventoryId,
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

/** Adds a rule as the nurse; answers its id. */
export async function addRule(w: RulesWorld, over: Partial<RuleInput> = {}): Promise<number> {
  const res = await injectCall(w.t.app, addNotificationRule, { body: ruleBody(w, over) }, w.nurse);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.notification_rule_id;
}

/** A rule as the detail call answers it to the nurse. */
export async function ruleOf(w: RulesWorld, id: number) {
  const res = await injectCall(
    w.t.app,
    getMoreNotificationRuleData,
    { query: { notification_rule_id: id } },
    w.nurse,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** Expects a refusal with the status and field, and no row written. */
export async function refused(
  w: RulesWorld,
  send: () => Promise<LightMyRequestResponse>,
  status: number,
  field: string | undefined,
  message?: string,
) {
  const before = await rowCounts(w.t.db, WRITE_TABLES);
  const res = await send();
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  expect(res.json().field).toBe(field);
  if (message) expect(res.json().message).toContain(message);
  expect(await rowCounts(w.t.db, WRITE_TABLES)).toEqual(before);
}
