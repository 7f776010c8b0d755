import {
  type CallDef,
  getActivityLogs,
  getRunningTimer,
  shiftDay,
  startActivityTimer,
  stopActivityTimer,
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
  w = await startChartWorld({ history: true });
  ({ nurse, admin } = w);
});
afterAll(async () => w.t.close());

const advance = async (ms: number) => {
  ({ nurse, admin } = await advanceSignedIn(w, ms));
};

const start = (program: 'RPM' | 'CCM', who: Signed = nurse) =>
  injectCall(w.t.app, startActivityTimer, { body: { patient_id: w.patient, program } }, who);
const stop = (body: { timer_id: number; note?: string; discard?: boolean }) =>
  injectCall(w.t.app, stopActivityTimer, { body: { category: 'Data review', ...body } }, nurse);
const running = () => injectCall(w.t.app, getRunningTimer, {}, nurse);

describe('activity timer and log (issue 5 part 6)', () => {
  const tables = ['activity_timers', 'time_logs', 'audit_log'] as const;
  let timerId: number;

  it('starts a timer on the server’s clock; a second start for the same work answers it', async () => {
    const res = await start('RPM');
    expect(res.statusCode, res.body).toBe(200);
    timerId = res.json().data.timer_id;
    expect(res.json().data.started_at).toBe(w.t.clock.now().toISOString());
    const again = await start('RPM');
    expect(again.json().data.timer_id).toBe(timerId);
    expect((await running()).json().data.timer_id).toBe(timerId);
  });

  it.each<[string, CallDef, Record<string, unknown>, number, string]>([
    ['another running timer', startActivityTimer, { patient_id: -1, program: 'CCM' }, 409, 'patient_id'],
    [
      'a program that counts no minutes (CoCM is not a timer program)',
      startActivityTimer,
      { patient_id: -1, program: 'CoCM' },
      400,
      'program',
    ],
    [
      'a patient outside the practice',
      startActivityTimer,
      { patient_id: -2, program: 'RPM' },
      404,
      'patient_id',
    ],
    ['somebody else’s timer', stopActivityTimer, { timer_id: -3, category: 'Data review' }, 404, 'timer_id'],
  ])('refuses %s, writing nothing', async (_, call, body, status, field) => {
    const payload = { ...body };
    if (body.patient_id === -1) payload.patient_id = w.patient;
    if (body.patient_id === -2) payload.patient_id = w.foreign;
    if (body.timer_id === -3) payload.timer_id = (await start('CCM', admin)).json().data.timer_id;
    const before = await rowCounts(w.t.db, tables);
    const res = await injectUnchecked(w.t.app, call, { body: payload }, nurse);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().field).toBe(field);
    expect(await rowCounts(w.t.db, tables)).toEqual(before);
  });

  it('stops the timer and logs the minutes into the patient’s month', async () => {
    const summary = () =>
      w.t.db
        .selectFrom('patient_month_summary')
        .select('rpm_seconds')
        .where('patient_id', '=', w.patient)
        .where('month', '=', sqlDay(`${w.month}-01`))
        .executeTakeFirst();
    const before = (await summary())?.rpm_seconds ?? 0;
    await advance(25 * 60_000);
    const res = await stop({ timer_id: timerId, note: 'Reviewed readings' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.seconds).toBe(1500);
    expect((await summary())?.rpm_seconds).toBe(before + 1500);
    const again = await stop({ timer_id: timerId });
    expect(again.statusCode).toBe(409);
    expect((await running()).json().data).toBeNull();
  });

  it('caps a forgotten timer at an hour and logs nothing when discarded', async () => {
    const a = (await start('CCM')).json().data.timer_id;
    await advance(5 * 3600_000);
    expect((await stop({ timer_id: a })).json().data.seconds).toBe(3600);
    const b = (await start('RPM')).json().data.timer_id;
    await advance(60_000);
    const before = await rowCounts(w.t.db, ['time_logs']);
    const res = await stop({ timer_id: b, discard: true });
    expect(res.json().data).toEqual({ time_log_id: null, seconds: 0 });
    expect(await rowCounts(w.t.db, ['time_logs'])).toEqual(before);
  });

  it('lists the activity log with totals per program', async () => {
    const res = await injectCall(
      w.t.app,
      getActivityLogs,
      { query: { patient_id: w.patient, from: shiftDay(w.today, -400), to: shiftDay(w.today, 1) } },
      nurse,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data[0]).toMatchObject({ program: 'CCM', seconds: 3600, user_id: nurse.user.user_id });
    expect(body.totals.RPM).toBe(1260 + 1500);
    expect(body.count).toBe(4);
    const bad = await injectUnchecked(
      w.t.app,
      getActivityLogs,
      { query: { patient_id: w.patient, from: w.today, to: shiftDay(w.today, -1) } },
      nurse,
    );
    expect(bad.statusCode).toBe(400);
  });
});
