import { addPatientReminder, getPatientMessages, getPatientReminders, setReminderActive } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChartWorld } from '../chart/chart-test-world.js';
import { SimulatedClock } from '../clock.js';
import { injectCall, injectUnchecked } from '../test-app.js';
import { rowCounts } from '../test-rows.js';
import { startMessagesWorld } from './messages-test-world.js';
import { createReminderJob } from './reminder-job.js';
import { createSmsAdapter } from './sms-adapter.js';

const HOUR = 3_600_000;
let w: ChartWorld;
let job: ReturnType<typeof createReminderJob>;
/** The job's clock: moved on its own, so the app's sessions stay fresh. */
let jobClock: SimulatedClock;

beforeAll(async () => {
  w = await startMessagesWorld();
  jobClock = new SimulatedClock(w.t.clock.now());
  job = createReminderJob({ db: w.t.db, clock: jobClock, sms: createSmsAdapter({}, w.t.db, jobClock) });
});
afterAll(async () => w.t.close());

/** A day `days` from the test clock's day (the real day while the cases are read: the clock starts there). */
const day = (days: number) =>
  new Date((w ? w.t.clock.now().getTime() : Date.now()) + days * 24 * HOUR).toISOString().slice(0, 10);
const reminder = (change: Record<string, unknown> = {}) => ({
  patient_id: w.patient,
  kind: 'reading',
  message: 'Please take your blood pressure reading.',
  frequency: 'daily',
  interval: 1,
  weekdays: [],
  start_date: day(1),
  time: '09:00',
  time_zone: 'America/New_York',
  ...change,
});
const add = (body: Record<string, unknown>) =>
  injectUnchecked(w.t.app, addPatientReminder, { body }, w.nurse);

describe('reminders (issue 13; 000 §2.3 reminder/{patientId}/{new})', () => {
  it('schedules a weekly reminder at the wall time of its zone and lists it', async () => {
    const res = await add(
      reminder({
        frequency: 'weekly',
        weekdays: ['MO', 'TH'],
        start_date: '2026-03-05',
        time_zone: 'America/Chicago',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.schedule).toBe('every week on Monday, Thursday at 09:00 (America/Chicago)');
    // 09:00 in Chicago is 14:00 or 15:00 UTC depending on daylight saving time.
    expect(data.next_at).toMatch(/T1[45]:00:00\.000Z$/);
    const list = (
      await injectCall(w.t.app, getPatientReminders, { query: { patient_id: w.patient } }, w.nurse)
    ).json();
    expect(list.data.map((r: { reminder_id: number }) => r.reminder_id)).toContain(data.reminder_id);
  });

  it.each<[string, Record<string, unknown>, number, string]>([
    ['a weekly reminder without weekdays', { frequency: 'weekly' }, 400, 'weekdays'],
    ['an unknown time zone', { time_zone: 'Mars/Olympus' }, 400, 'time_zone'],
    ['a time that is not HH:MM', { time: '9am' }, 400, 'time'],
    ['an end before the start', { end_date: day(0), start_date: day(2) }, 400, 'end_date'],
    ['a single reminder in the past', { frequency: 'once', start_date: day(-2) }, 400, 'start_date'],
    ['an empty message', { message: ' ' }, 400, 'message'],
    ['a patient outside the practice', { patient_id: -1 }, 404, 'patient_id'],
  ])('refuses %s and writes nothing', async (_, change, status, field) => {
    const body = reminder(change);
    if (change.patient_id === -1) body.patient_id = w.foreign;
    const before = await rowCounts(w.t.db, ['patient_reminders', 'audit_log']);
    const res = await add(body);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().field).toBe(field);
    expect(await rowCounts(w.t.db, ['patient_reminders', 'audit_log'])).toEqual(before);
  });

  it('sends due reminders once through the adapter, logs them in the thread and moves to the next time', async () => {
    await w.t.db.updateTable('patient_reminders').set({ active: false }).execute();
    const created = (await add(reminder({ time_zone: 'UTC', start_date: day(1), time: '08:00' }))).json()
      .data;
    expect(created.next_at).toBe(`${day(1)}T08:00:00.000Z`);
    expect((await job.tick()).messageIds).toEqual([]);

    jobClock.advance(48 * HOUR);
    const tick = await job.tick();
    expect(tick).toMatchObject({ ran: true, skipped: [] });
    expect(tick.messageIds).toHaveLength(1);
    const thread = (
      await injectCall(w.t.app, getPatientMessages, { query: { patient_id: w.patient } }, w.nurse)
    ).json();
    expect(thread.data[0]).toMatchObject({
      message_id: tick.messageIds[0],
      reminder_id: created.reminder_id,
      body: 'Please take your blood pressure reading.',
      status: 'not_sent',
      sender_name: null,
    });
    const after = (
      await injectCall(w.t.app, getPatientReminders, { query: { patient_id: w.patient } }, w.nurse)
    )
      .json()
      .data.find((r: { reminder_id: number }) => r.reminder_id === created.reminder_id);
    // Times missed while nothing ran are not sent one by one: the next is the first after now.
    const next = new Date(after.next_at).getTime() - jobClock.now().getTime();
    expect(after.next_at).toMatch(/T08:00:00\.000Z$/);
    expect(next > 0 && next <= 24 * HOUR).toBe(true);
    expect(after.last_sent_at).toBe(jobClock.now().toISOString());
    expect((await job.tick()).messageIds).toEqual([]);
    const audit = await w.t.db
      .selectFrom('audit_log')
      .select(['action', 'user_id'])
      .where('entity', '=', 'patient_message')
      .where('entity_id', '=', String(tick.messageIds[0]))
      .execute();
    expect(audit).toEqual([{ action: 'send_patient_message', user_id: null }]);
  });

  it('pauses and resumes a reminder; a paused one is not sent; a foreign one is unknown', async () => {
    await w.t.db.updateTable('patient_reminders').set({ active: false }).execute();
    const created = (
      await add(reminder({ start_date: day(0), time: '23:59', time_zone: 'Pacific/Kiritimati' }))
    ).json().data;
    const pause = await injectCall(
      w.t.app,
      setReminderActive,
      { body: { reminder_id: created.reminder_id, active: false } },
      w.nurse,
    );
    expect(pause.json().data).toMatchObject({ active: false, next_at: null });
    jobClock.advance(72 * HOUR);
    expect((await job.tick()).messageIds).toEqual([]);
    const resume = await injectCall(
      w.t.app,
      setReminderActive,
      { body: { reminder_id: created.reminder_id, active: true } },
      w.nurse,
    );
    expect(new Date(resume.json().data.next_at).getTime()).toBeGreaterThan(w.t.clock.now().getTime());
    const theirs = await injectCall(
      w.t.app,
      addPatientReminder,
      { body: { ...reminder(), patient_id: w.foreign } as never },
      w.admin,
    );
    const swap = await injectCall(
      w.t.app,
      setReminderActive,
      { body: { reminder_id: theirs.json().data.reminder_id, active: false } },
      w.nurse,
    );
    expect(swap.statusCode).toBe(404);
    expect(swap.json().message).toBe(`Reminder ${theirs.json().data.reminder_id} does not exist.`);
  });

  it('skips and audits a due reminder of a patient without a mobile number', async () => {
    await w.t.db.updateTable('patient_reminders').set({ active: false }).execute();
    const created = (await add(reminder())).json().data;
    await w.t.db.updateTable('patients').set({ mobile: null }).where('patient_id', '=', w.patient).execute();
    jobClock.advance(48 * HOUR);
    const tick = await job.tick();
    expect(tick).toMatchObject({ messageIds: [], skipped: [created.reminder_id] });
    const audit = await w.t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'patient_reminder')
      .where('entity_id', '=', String(created.reminder_id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['add_patient_reminder', 'skip_patient_reminder']);
  });
});
