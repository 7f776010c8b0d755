import { isoDay } from '@rpm/shared';
import { recordReadings, recordTimeLogs } from '../billing/summary.js';
import { signIn, startTestApp, type TestApp } from '../test-app.js';
import {
  type FixtureDevice,
  giveDevice,
  makePatient,
  type Place,
  placeElsewhere,
  placeOf,
} from '../test-fixtures.js';

export type Signed = Awaited<ReturnType<typeof signIn>>;

/** What the chart's tests work on (one per test file). */
export interface ChartWorld {
  readonly t: TestApp;
  /** Role 8, Northwind. */
  readonly nurse: Signed;
  /** Role 1. */
  readonly admin: Signed;
  /** The nurse's practice and location. */
  readonly place: Place;
  /** A patient of the nurse's practice, set up four months ago, with a blood-pressure cuff. */
  readonly patient: number;
  /** A patient outside the nurse's practice. */
  readonly foreign: number;
  readonly bp: FixtureDevice;
  /** The clock's day at the start, YYYY-MM-DD. */
  readonly today: string;
  /** The current month, YYYY-MM. */
  readonly month: string;
}

/** A day of the month `offset` months from the current one. */
export function stripMonth(offset: number, day: number): string {
  const now = new Date();
  return isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, day)));
}

/** A test app with the nurse, the admin and their patients; `history` also records {@link recordHistory}. */
export async function startChartWorld(opts: { history?: boolean } = {}): Promise<ChartWorld> {
  // Midday, so times an hour or two back stay on today's date whatever the hour the suite runs.
  const t = await startTestApp({ now: new Date(`${isoDay(new Date())}T12:00:00Z`) });
  const nurse = await signIn(t.app, 'role8@demo.test');
  const admin = await signIn(t.app, 'role1@demo.test');
  const today = isoDay(t.clock.now());
  const place = await placeOf(t.db, nurse.user.user_id);
  const patient = await makePatient(t.db, place, { setupDate: stripMonth(-4, 10) });
  const foreign = await makePatient(t.db, await placeElsewhere(t.db, place));
  const bp = await giveDevice(t.db, patient, 1, new Date(t.clock.now().getTime() - 2 * 86_400_000));
  const world = { t, nurse, admin, place, patient, foreign, bp, today, month: today.slice(0, 7) };
  if (opts.history) await recordHistory(world);
  return world;
}

/**
 * The patient's past months: sixteen reading days three months ago (the 99454 flag of that month), 25 CCM minutes
 * two months ago (type 2: 99490 at 20) and 21 RPM minutes this month (99457).
 */
async function recordHistory(w: Omit<ChartWorld, 'month'>): Promise<void> {
  await w.t.db.transaction().execute(async (trx) => {
    await recordReadings(
      trx,
      Array.from({ length: 16 }, (_, n) => ({
        patient_id: w.patient,
        device_assign_id: w.bp.deviceAssignId,
        vital_id: 1,
        value: 120,
        taken_at: `${stripMonth(-3, n + 1)}T08:00:00Z`,
      })),
    );
    await recordTimeLogs(trx, [
      {
        patient_id: w.patient,
        user_id: w.nurse.user.user_id,
        program: 'CCM',
        seconds: 1500,
        logged_at: `${stripMonth(-2, 5)}T10:00:00Z`,
      },
      {
        patient_id: w.patient,
        user_id: w.nurse.user.user_id,
        program: 'RPM',
        seconds: 1260,
        logged_at: `${w.today}T00:00:01Z`,
      },
    ]);
  });
}

/** Moves the clock; the sessions have gone idle after 10 minutes (000 §4.1), so the nurse and admin sign in again. */
export async function advanceSignedIn(w: ChartWorld, ms: number): Promise<{ nurse: Signed; admin: Signed }> {
  w.t.clock.advance(ms);
  return { nurse: await signIn(w.t.app, 'role8@demo.test'), admin: await signIn(w.t.app, 'role1@demo.test') };
}
