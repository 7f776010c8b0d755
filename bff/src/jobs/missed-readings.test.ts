import { isoDay } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { recordReadings } from '../billing/summary.js';
import { SimulatedClock } from '../clock.js';
import { startTestApp, type TestApp } from '../test-app.js';
import { giveDevice, makePatient, placeOf } from '../test-fixtures.js';
import { rowCounts } from '../test-rows.js';
import { createMissedReadingsJob, type MissedReadingsJob } from './missed-readings.js';

const DAY = 86_400_000;

let t: TestApp;
let clock: SimulatedClock;
let job: MissedReadingsJob;
let coordinator: number;
let author: number;

beforeAll(async () => {
  t = await startTestApp();
  clock = new SimulatedClock('2026-06-10T09:00:00Z');
  job = createMissedReadingsJob({ db: t.db, clock });
  const nurse = await t.db
    .selectFrom('users')
    .select('user_id')
    .where('username', '=', 'role8@demo.test')
    .executeTakeFirstOrThrow();
  coordinator = nurse.user_id;
  const admin = await t.db
    .selectFrom('users')
    .select('user_id')
    .where('username', '=', 'role1@demo.test')
    .executeTakeFirstOrThrow();
  author = admin.user_id;
});
afterAll(async () => t.close());

/** A patient with a device assigned now and an active rule on it from today. */
async function watched(mode: 'sms' | 'ivr' | 'sms_ivr', status: 1 | 2 = 1) {
  const patient = await makePatient(t.db, await placeOf(t.db, coordinator), {
    careCoordinatorId: coordinator,
  });
  const device = await giveDevice(t.db, patient, 1, clock.now());
  const rule = await t.db
    .insertInto('notification_rules')
    .values({
      patient_id: patient,
      device_assign_id: device.deviceAssignId,
      interval_id: 1,
      interval_count: 1,
      start_date: isoDay(clock.now()),
      end_date: '2099-12-31',
      status,
      notification_mode: mode,
      sms_miss: 2,
      call_miss: 4,
      created_by: author,
      created_at: clock.now(),
      updated_by: author,
      updated_at: clock.now(),
    })
    .returning('notification_rule_id')
    .executeTakeFirstOrThrow();
  return { patient, device, ruleId: rule.notification_rule_id };
}

const tasksOf = (patient: number) =>
  t.db.selectFrom('tasks').selectAll().where('patient_id', '=', patient).orderBy('task_id').execute();

describe('missed-readings job (issue 5 part 5; 001 §3 sms_miss, call_miss)', () => {
  let subject: Awaited<ReturnType<typeof watched>>;

  it('does nothing while readings are not yet missed', async () => {
    subject = await watched('sms_ivr');
    const result = await job.tick();
    expect(result.ran).toBe(true);
    expect(result.rulesChecked).toBeGreaterThanOrEqual(1);
    expect(await tasksOf(subject.patient)).toEqual([]);
    clock.advance(DAY + 23 * 3600_000);
    await job.tick();
    expect(await tasksOf(subject.patient)).toEqual([]);
  });

  it('creates an SMS outreach task at sms_miss days, once per streak', async () => {
    clock.advance(3600_000); // two full days
    const before = await rowCounts(t.db, ['audit_log']);
    await job.tick();
    const tasks = await tasksOf(subject.patient);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({
      assigned_to: coordinator,
      created_by: author,
      title: 'Send SMS reminder: no readings for 2 days',
      status: 'open',
    });
    expect(tasks[0]?.description).toContain('no readings yet');
    expect(await rowCounts(t.db, ['audit_log'])).toEqual({ audit_log: before.audit_log + 1 });
    await job.tick();
    clock.advance(DAY);
    await job.tick();
    expect(await tasksOf(subject.patient)).toHaveLength(1);
  });

  it('creates a call task at call_miss days', async () => {
    clock.advance(DAY); // four days
    await job.tick();
    const tasks = await tasksOf(subject.patient);
    expect(tasks.map((task) => task.title)).toEqual([
      'Send SMS reminder: no readings for 2 days',
      'Call patient: no readings for 4 days',
    ]);
    clock.advance(3 * DAY);
    await job.tick();
    expect(await tasksOf(subject.patient)).toHaveLength(2);
  });

  it('starts a new streak after a reading', async () => {
    await t.db.transaction().execute((trx) =>
      recordReadings(trx, [
        {
          patient_id: subject.patient,
          device_assign_id: subject.device.deviceAssignId,
          vital_id: 1,
          value: 120,
          taken_at: clock.now(),
        },
      ]),
    );
    clock.advance(DAY);
    await job.tick();
    expect(await tasksOf(subject.patient)).toHaveLength(2);
    clock.advance(DAY);
    await job.tick();
    const tasks = await tasksOf(subject.patient);
    expect(tasks).toHaveLength(3);
    expect(tasks[2]?.description).toContain(
      `no readings since ${isoDay(new Date(clock.now().getTime() - 2 * DAY))}`,
    );
  });

  it('follows the notification mode and skips inactive rules and returned devices', async () => {
    const smsOnly = await watched('sms');
    const callOnly = await watched('ivr');
    const off = await watched('sms_ivr', 2);
    const returned = await watched('sms_ivr');
    await t.db
      .updateTable('device_assignments')
      .set({ unassigned_at: clock.now() })
      .where('device_assign_id', '=', returned.device.deviceAssignId)
      .execute();
    clock.advance(5 * DAY);
    await job.tick();
    expect((await tasksOf(smsOnly.patient)).map((task) => task.title)).toEqual([
      'Send SMS reminder: no readings for 5 days',
    ]);
    expect((await tasksOf(callOnly.patient)).map((task) => task.title)).toEqual([
      'Call patient: no readings for 5 days',
    ]);
    expect(await tasksOf(off.patient)).toEqual([]);
    expect(await tasksOf(returned.patient)).toEqual([]);
  });

  it('runs on its interval once started, and stops', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const timed = createMissedReadingsJob({ db: t.db, clock, intervalMs: 60_000 });
      const subjectOfTimer = await watched('sms');
      clock.advance(2 * DAY);
      timed.start();
      expect(await tasksOf(subjectOfTimer.patient)).toEqual([]);
      vi.advanceTimersByTime(60_000);
      await timed.stop();
      expect(await tasksOf(subjectOfTimer.patient)).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
