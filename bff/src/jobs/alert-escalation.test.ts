import { type CallDef, ESCALATION_CHAIN, monitorList } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { careTeam } from '../alerts/care-team.js';
import { SimulatedClock } from '../clock.js';
import { injectCall, signIn, startTestApp, type TestApp } from '../test-app.js';
import { giveDevice, makePatient, type Place, placeOf } from '../test-fixtures.js';
import { createAlertEscalationJob } from './alert-escalation.js';

const MINUTE = 60_000;

let t: TestApp;
let clock: SimulatedClock;
let job: ReturnType<typeof createAlertEscalationJob>;
let coordinator: number;
let physician: number;
let place: Place;

const userId = async (username: string) =>
  (
    await t.db
      .selectFrom('users')
      .select('user_id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow()
  ).user_id;

beforeAll(async () => {
  t = await startTestApp();
  clock = new SimulatedClock('2026-12-10T09:00:00Z');
  job = createAlertEscalationJob({ db: t.db, clock });
  coordinator = await userId('role8@demo.test');
  physician = await userId('role1@demo.test');
  place = await placeOf(t.db, coordinator);
  // The seed's open alerts are escalated as of the seed's day; this clock is later, so let a first pass take them.
  while ((await job.tick()).escalated.length > 0);
});
afterAll(async () => t.close());

/** A patient with a coordinator and a physician, and one open alert of `level` raised now. */
async function openAlert(level: 'critical' | 'abnormal') {
  const patient = await makePatient(t.db, place, { careCoordinatorId: coordinator, physicianId: physician });
  const device = await giveDevice(t.db, patient, 1, clock.now());
  const reading = await t.db
    .insertInto('readings')
    .values({
      patient_id: patient,
      device_assign_id: device.deviceAssignId,
      vital_id: 1,
      value: 195,
      taken_at: clock.now(),
    })
    .returning('reading_id')
    .executeTakeFirstOrThrow();
  const alert = await t.db
    .insertInto('alerts')
    .values({
      patient_id: patient,
      reading_id: reading.reading_id,
      notification_rule_id: null,
      vital_id: 1,
      level,
      direction: 'high',
      value: 195,
      bound: 180,
      taken_at: clock.now(),
      created_at: clock.now(),
    })
    .returning('alert_id')
    .executeTakeFirstOrThrow();
  return { patient, alertId: alert.alert_id };
}

/** What a pass did to one alert. */
const tickFor = async (alertId: number) => (await job.tick()).escalated.filter((e) => e.alert_id === alertId);

describe('alert escalation job (decisions.md "Alert escalation")', () => {
  it('escalates an unacknowledged critical alert a tier every 15 minutes: bell, task and tier on the alert', async () => {
    const { patient, alertId } = await openAlert('critical');
    const team = await careTeam(t.db, patient);
    clock.advance(14 * MINUTE);
    expect(await tickFor(alertId)).toEqual([]);

    clock.advance(MINUTE);
    const [first] = await tickFor(alertId);
    expect(first).toMatchObject({ tier: 1, user_ids: [coordinator] });
    const task = await t.db
      .selectFrom('tasks')
      .selectAll()
      .where('task_id', '=', first?.task_id as number)
      .executeTakeFirstOrThrow();
    expect(task).toMatchObject({ assigned_to: coordinator, patient_id: patient, status: 'open' });
    expect(task.title).toBe('Escalated alert: critical systolic 195 mmHg');
    const bell = await t.db
      .selectFrom('notifications')
      .select('notification_message')
      .where('user_id', '=', coordinator)
      .where('patient_id', '=', patient)
      .execute();
    expect(bell.map((n) => n.notification_message)).toEqual([
      expect.stringContaining(
        'Escalated to care coordinator: critical systolic 195 mmHg unacknowledged for 15 minutes',
      ),
    ]);
    const stored = await t.db
      .selectFrom('alerts')
      .select(['escalation_tier', 'escalated_at'])
      .where('alert_id', '=', alertId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ escalation_tier: 1, escalated_at: clock.now() });
    // The worklist row says who it went to.
    const list = await injectCall(
      t.app,
      monitorList.calls.list as unknown as CallDef,
      { query: { patient: String(patient) } },
      await signIn(t.app, 'role8@demo.test'),
    );
    expect(list.json().data).toEqual([
      expect.objectContaining({ alert_id: alertId, escalated_to: 'Care coordinator' }),
    ]);

    // The next tier with someone on the team, 15 minutes on; then the next; then the chain has ended.
    const later = ESCALATION_CHAIN.map((step, n) => ({ tier: n + 1, role: step.role })).filter(
      (step) => step.tier > 1 && team.some((m) => m.role === step.role),
    );
    clock.advance(14 * MINUTE);
    expect(await tickFor(alertId)).toEqual([]);
    clock.advance(MINUTE);
    const [second] = await tickFor(alertId);
    expect(second?.tier).toBe(later[0]?.tier);
    expect(second?.user_ids).toEqual(team.filter((m) => m.role === later[0]?.role).map((m) => m.user_id));
    clock.advance(60 * MINUTE);
    while ((await tickFor(alertId)).length > 0);
    const last = await t.db
      .selectFrom('alerts')
      .select('escalation_tier')
      .where('alert_id', '=', alertId)
      .executeTakeFirstOrThrow();
    expect(last.escalation_tier).toBe(ESCALATION_CHAIN.length);
    clock.advance(60 * MINUTE);
    expect(await tickFor(alertId)).toEqual([]);
  });

  it('stops at acknowledgement, and an abnormal alert waits its practice’s 240 minutes', async () => {
    const critical = await openAlert('critical');
    const abnormal = await openAlert('abnormal');
    await t.db
      .updateTable('alerts')
      .set({ acknowledged_at: clock.now(), acknowledged_by: coordinator, acknowledge_note: 'Called' })
      .where('alert_id', '=', critical.alertId)
      .execute();
    clock.advance(239 * MINUTE);
    expect(await tickFor(critical.alertId)).toEqual([]);
    expect(await tickFor(abnormal.alertId)).toEqual([]);
    clock.advance(MINUTE);
    expect(await tickFor(abnormal.alertId)).toEqual([expect.objectContaining({ tier: 1 })]);
  });

  it('reads the minutes from the practice setting', async () => {
    await t.db
      .updateTable('practices')
      .set({ escalation_critical_minutes: 5 })
      .where('practice_id', '=', place.practiceId)
      .execute();
    const { alertId } = await openAlert('critical');
    clock.advance(5 * MINUTE);
    expect(await tickFor(alertId)).toEqual([expect.objectContaining({ tier: 1 })]);
    await t.db
      .updateTable('practices')
      .set({ escalation_critical_minutes: 15 })
      .where('practice_id', '=', place.practiceId)
      .execute();
  });

  it('a run takes a burst in full passes back to back, not one pass an interval', async () => {
    const burst = createAlertEscalationJob({ db: t.db, clock, passLimit: 2 });
    const alerts = [];
    for (let n = 0; n < 5; n++) alerts.push((await openAlert('critical')).alertId);
    clock.advance(15 * MINUTE);
    // Two full passes, then one of a single alert that ends the run.
    expect(await burst.run()).toBe(3);
    const tiers = await t.db
      .selectFrom('alerts')
      .select('escalation_tier')
      .where('alert_id', 'in', alerts)
      .execute();
    expect(tiers.map((row) => row.escalation_tier)).toEqual([1, 1, 1, 1, 1]);
    expect(await burst.run()).toBe(1);
  });

  it('escalates once when two replicas pass at the same time', async () => {
    const { alertId } = await openAlert('critical');
    const other = createAlertEscalationJob({ db: t.db, clock });
    clock.advance(15 * MINUTE);
    const [a, b] = await Promise.all([job.tick(), other.tick()]);
    const mine = [...a.escalated, ...b.escalated].filter((e) => e.alert_id === alertId);
    expect(mine).toEqual([expect.objectContaining({ tier: 1 })]);
  });
});
