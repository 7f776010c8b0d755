import {
  addTimeEntry,
  type CallBody,
  type CallDef,
  deleteTimeEntry,
  getActivityLogs,
  pauseActivityTimer,
  resumeActivityTimer,
  SESSION_IDLE_MS,
  shiftDay,
  startActivityTimer,
  stopActivityTimer,
  updateTimeEntry,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlDay } from '../db/sql-day.js';
import { injectCall, injectUnchecked } from '../test-app.js';
import { rowCounts } from '../test-rows.js';
import { advanceSignedIn, type ChartWorld, type Signed, startChartWorld } from './chart-test-world.js';

let w: ChartWorld;
let nurse: Signed;
let admin: Signed;

beforeAll(async () => {
  w = await startChartWorld();
  ({ nurse, admin } = w);
});
afterAll(async () => w.t.close());

const advance = async (ms: number) => {
  ({ nurse, admin } = await advanceSignedIn(w, ms));
};

const rpmSeconds = async (month: string) =>
  (
    await w.t.db
      .selectFrom('patient_month_summary')
      .select('rpm_seconds')
      .where('patient_id', '=', w.patient)
      .where('month', '=', sqlDay(`${month}-01`))
      .executeTakeFirst()
  )?.rpm_seconds ?? 0;

type Entry = CallBody<typeof addTimeEntry>;

/** Starts the nurse's RPM timer on the patient. */
const startTimer = async () =>
  (
    await injectCall(w.t.app, startActivityTimer, { body: { patient_id: w.patient, program: 'RPM' } }, nurse)
  ).json().data;

/** A valid entry of today, with some fields replaced (invalid ones too, for the refusals). */
const entry = (over: Record<string, unknown> = {}): Entry => ({
  patient_id: w.patient,
  day: w.today,
  minutes: 12,
  program: 'RPM',
  category: 'Patient call',
  note: 'Called from my mobile about the readings',
  interactive: true,
  ...(over as Partial<Entry>),
});

describe('the care timer pauses when its user goes idle (issue 41 §2)', () => {
  it('does not count the idle limit before the pause, nor the pause; the stop logs program, category and contact', async () => {
    const timer = await startTimer();
    expect(timer).toMatchObject({ paused_at: null, paused_seconds: 0 });
    await advance(30 * 60_000); // 20 minutes of work, then the 10-minute idle limit
    const paused = await injectCall(
      w.t.app,
      pauseActivityTimer,
      { body: { timer_id: timer.timer_id } },
      nurse,
    );
    expect(paused.json().data.paused_at).toBe(
      new Date(w.t.clock.now().getTime() - SESSION_IDLE_MS).toISOString(),
    );
    await advance(20 * 60_000);
    const resumed = await injectCall(
      w.t.app,
      resumeActivityTimer,
      { body: { timer_id: timer.timer_id } },
      nurse,
    );
    expect(resumed.json().data).toMatchObject({ paused_at: null, paused_seconds: 30 * 60 });
    await advance(5 * 60_000);
    const stopped = await injectCall(
      w.t.app,
      stopActivityTimer,
      {
        body: { timer_id: timer.timer_id, program: 'CCM', category: 'Care coordination', interactive: true },
      },
      nurse,
    );
    expect(stopped.json().data.seconds).toBe(25 * 60);
    const log = await w.t.db
      .selectFrom('time_logs')
      .select(['program', 'category', 'interactive', 'manual'])
      .where('time_log_id', '=', stopped.json().data.time_log_id)
      .executeTakeFirstOrThrow();
    expect(log).toEqual({ program: 'CCM', category: 'Care coordination', interactive: true, manual: false });
  });

  it('a pause right after the start does not reach before it', async () => {
    const timer = await startTimer();
    await advance(60_000);
    const paused = await injectCall(
      w.t.app,
      pauseActivityTimer,
      { body: { timer_id: timer.timer_id } },
      nurse,
    );
    expect(paused.json().data.paused_at).toBe(timer.started_at);
    const res = await injectUnchecked(
      w.t.app,
      stopActivityTimer,
      { body: { timer_id: timer.timer_id } },
      nurse,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('category');
    const discarded = await injectCall(
      w.t.app,
      stopActivityTimer,
      { body: { timer_id: timer.timer_id, discard: true } },
      nurse,
    );
    expect(discarded.json().data.seconds).toBe(0);
  });
});

describe('manual time entry (issue 41 §2)', () => {
  const tables = ['time_logs', 'audit_log'] as const;

  it('logs the minutes into the day’s month, audited, and lists them as entered by hand', async () => {
    const before = await rpmSeconds(w.month);
    const res = await injectCall(w.t.app, addTimeEntry, { body: entry() }, nurse);
    expect(res.statusCode, res.body).toBe(200);
    expect(await rpmSeconds(w.month)).toBe(before + 12 * 60);
    const logs = await injectCall(
      w.t.app,
      getActivityLogs,
      { query: { patient_id: w.patient, from: w.today, to: w.today } },
      nurse,
    );
    expect(
      logs.json().data.find((l: { time_log_id: number }) => l.time_log_id === res.json().data.time_log_id),
    ).toMatchObject({
      program: 'RPM',
      seconds: 720,
      category: 'Patient call',
      interactive: true,
      manual: true,
    });
    const audit = await w.t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'add_time_entry')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it.each<[string, Record<string, unknown>, number, string]>([
    ['a day in the future', { day: 'tomorrow' }, 400, 'day'],
    ['no minutes', { minutes: 0 }, 400, 'minutes'],
    ['more than an hour', { minutes: 61 }, 400, 'minutes'],
    ['part minutes', { minutes: 1.5 }, 400, 'minutes'],
    ['an empty note', { note: '   ' }, 400, 'note'],
    ['an unknown category', { category: 'Lunch' }, 400, 'category'],
    ['a program without minutes', { program: 'CoCM' }, 400, 'program'],
    ['no interactive answer', { interactive: undefined }, 400, 'interactive'],
    ['a patient outside the practice', { patient_id: 'foreign' }, 404, 'patient_id'],
  ])('refuses %s, writing nothing', async (_, over, status, field) => {
    const body = entry(over);
    if (over.day === 'tomorrow') body.day = shiftDay(w.today, 1);
    if (over.patient_id === 'foreign') body.patient_id = w.foreign;
    const before = await rowCounts(w.t.db, tables);
    const res = await injectUnchecked(w.t.app, addTimeEntry, { body }, nurse);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().field).toBe(field);
    expect(await rowCounts(w.t.db, tables)).toEqual(before);
  });

  it('its author corrects and deletes an entry, audited with the old values; the month follows', async () => {
    const id = (await injectCall(w.t.app, addTimeEntry, { body: entry({ minutes: 5 }) }, nurse)).json().data
      .time_log_id;
    const before = await rpmSeconds(w.month);
    const { patient_id: _, ...fields } = entry({ minutes: 8, category: 'Data review' });
    const updated = await injectCall(
      w.t.app,
      updateTimeEntry,
      { body: { ...fields, time_log_id: id } },
      nurse,
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await rpmSeconds(w.month)).toBe(before + 3 * 60);
    const change = await w.t.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'update_time_entry')
      .executeTakeFirstOrThrow();
    expect(change.detail).toMatchObject({
      before: { minutes: 5, category: 'Patient call' },
      after: { minutes: 8 },
    });
    expect(
      (await injectCall(w.t.app, deleteTimeEntry, { body: { time_log_id: id } }, nurse)).statusCode,
    ).toBe(200);
    expect(await rpmSeconds(w.month)).toBe(before - 5 * 60);
  });

  it.each<[string, 'admin' | 'timer', number]>([
    ['another person’s entry', 'admin', 403],
    ['time the timer measured', 'timer', 403],
  ])('refuses changing %s', async (_, kind, status) => {
    const id =
      kind === 'admin'
        ? (await injectCall(w.t.app, addTimeEntry, { body: entry() }, nurse)).json().data.time_log_id
        : (
            await w.t.db
              .selectFrom('time_logs')
              .select('time_log_id')
              .where('manual', '=', false)
              .where('user_id', '=', nurse.user.user_id)
              .executeTakeFirstOrThrow()
          ).time_log_id;
    const who = kind === 'admin' ? admin : nurse;
    const res = await injectUnchecked(w.t.app, deleteTimeEntry, { body: { time_log_id: id } }, who);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().field).toBe('time_log_id');
  });

  it('once the month’s claim is sent, no entry is added, changed or deleted in it (409 saying why)', async () => {
    const lastMonth = shiftDay(`${w.month}-01`, -1);
    const id = (await injectCall(w.t.app, addTimeEntry, { body: entry({ day: lastMonth }) }, nurse)).json()
      .data.time_log_id;
    await w.t.db
      .insertInto('billing_claims')
      .values({
        patient_id: w.patient,
        month: `${lastMonth.slice(0, 7)}-01`,
        claimed_at: w.t.clock.now(),
        claimed_by: admin.user.user_id,
      })
      .execute();
    const before = await rowCounts(w.t.db, tables);
    const { patient_id: _, ...fields } = entry({ day: lastMonth });
    const calls: [CallDef, Record<string, unknown>, string][] = [
      [addTimeEntry, entry({ day: lastMonth }), 'day'],
      [updateTimeEntry, { ...fields, day: w.today, time_log_id: id }, 'time_log_id'],
      [deleteTimeEntry, { time_log_id: id }, 'time_log_id'],
    ];
    for (const [call, body, field] of calls) {
      const res = await injectUnchecked(w.t.app, call, { body }, nurse);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().field).toBe(field);
      expect(res.json().message).toBe(
        `The claim for ${lastMonth.slice(0, 7)} was sent on ${w.t.clock.now().toISOString().slice(0, 10)}; its time can no longer be changed.`,
      );
    }
    expect(await rowCounts(w.t.db, tables)).toEqual(before);
  });
});
