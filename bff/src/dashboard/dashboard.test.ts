// Over 300 lines: the dashboard figures of 000 §6.2 for each role and scope, on one seeded app.
import {
  ACTIVE_RPM_STATUS,
  type DashboardSummary,
  ENROLLED_RPM_STATUSES,
  getDashboardSummary,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordReadings, recordTimeLogs } from '../billing/summary.js';
import { SimulatedClock } from '../clock.js';
import { RPM_STATUS } from '../db/seed/patient-statuses.js';
import { createMissedReadingsJob } from '../jobs/missed-readings.js';
import { injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';
import { giveDevice, makePatient, type Place, placeOf } from '../test-fixtures.js';

type Signed = Awaited<ReturnType<typeof signIn>>;

/** 20 November 2026: 11 days left in the month (today included); a patient on pace has 10 reading days. */
const NOW = new Date('2026-11-20T09:30:00Z');

let t: TestApp;
let nurse: Signed; // role 8: Northwind's first practice
let lead: Signed; // role 2: Northwind's two practices
let other: Signed; // role 5: Riverside's practices
let admin: Signed; // role 1: everything
let biller: Signed; // role 10: no 'Dashboard' page
let practiceA: Place;
let practiceB: Place;
let riverside: Place;

const userId = (username: string) =>
  t.db.selectFrom('users').select('user_id').where('username', '=', username).executeTakeFirstOrThrow();

/** A patient of the place with statuses, reading days 1..days of November, RPM seconds; returns id and device. */
async function patient(
  place: Place,
  opts: { rpm: number; ccm: number | null; days?: number; seconds?: number; coordinator?: number },
) {
  const id = await makePatient(t.db, place, opts.coordinator ? { careCoordinatorId: opts.coordinator } : {});
  await t.db
    .updateTable('patients')
    .set({ rpm_status: opts.rpm, ccm_status: opts.ccm })
    .where('patient_id', '=', id)
    .execute();
  const device = await giveDevice(t.db, id, 1, new Date('2026-10-01T00:00:00Z'));
  const days = opts.days ?? 0;
  const seconds = opts.seconds ?? 0;
  await t.db.transaction().execute(async (trx) => {
    if (days > 0)
      await recordReadings(
        trx,
        Array.from({ length: days }, (_, n) => ({
          patient_id: id,
          device_assign_id: device.deviceAssignId,
          vital_id: 1,
          value: 120,
          taken_at: `2026-11-${String(n + 1).padStart(2, '0')}T08:00:00Z`,
        })),
      );
    if (seconds > 0)
      await recordTimeLogs(trx, [
        {
          patient_id: id,
          user_id: nurse.user.user_id,
          program: 'RPM',
          seconds,
          logged_at: '2026-11-10T10:00:00Z',
        },
      ]);
  });
  return { id, device };
}

/** An alert of the patient raised at `createdAt` on a reading of 1 November (a day already counted). */
async function alert(
  p: Awaited<ReturnType<typeof patient>>,
  level: 'critical' | 'abnormal',
  createdAt: string,
  acknowledgedBy?: number,
) {
  await t.db.transaction().execute(async (trx) => {
    const [readingId] = await recordReadings(trx, [
      {
        patient_id: p.id,
        device_assign_id: p.device.deviceAssignId,
        vital_id: 1,
        value: 190,
        taken_at: '2026-11-01T09:00:00Z',
      },
    ]);
    await trx
      .insertInto('alerts')
      .values({
        patient_id: p.id,
        reading_id: readingId as number,
        vital_id: 1,
        level,
        direction: 'high',
        value: 190,
        bound: 180,
        taken_at: '2026-11-01T09:00:00Z',
        created_at: createdAt,
        acknowledged_at: acknowledgedBy ? createdAt : null,
        acknowledged_by: acknowledgedBy ?? null,
      })
      .execute();
  });
}

beforeAll(async () => {
  t = await startTestApp({ seedPatients: 0, now: NOW });
  [nurse, lead, other, admin, biller] = await Promise.all([
    signIn(t.app, 'role8@demo.test'),
    signIn(t.app, 'role2@demo.test'),
    signIn(t.app, 'role5@demo.test'),
    signIn(t.app, 'role1@demo.test'),
    signIn(t.app, 'role10@demo.test'),
  ]);
  practiceA = await placeOf(t.db, nurse.user.user_id);
  const second = await t.db
    .selectFrom('user_practices as up')
    .innerJoin('locations as l', 'l.practice_id', 'up.practice_id')
    .innerJoin('practices as p', 'p.practice_id', 'up.practice_id')
    .select(['p.organization_id', 'up.practice_id', 'l.location_id'])
    .where('up.user_id', '=', lead.user.user_id)
    .where('up.practice_id', '<>', practiceA.practiceId)
    .orderBy('l.location_id')
    .executeTakeFirstOrThrow();
  practiceB = {
    organizationId: second.organization_id,
    practiceId: second.practice_id,
    locationId: second.location_id,
  };
  riverside = await placeOf(t.db, other.user.user_id);
  const coordinator = nurse.user.user_id;

  // Practice A: two active and three enrolled patients against 16 reading days, one referred, one discharged.
  const met = await patient(practiceA, { rpm: 5, ccm: 3, days: 16, seconds: 45 * 60 });
  const onTrack = await patient(practiceA, { rpm: 5, ccm: 3, days: 10, seconds: 20 * 60, coordinator });
  const atRisk = await patient(practiceA, { rpm: 4, ccm: 30, days: 9, seconds: 20 * 60 - 1 });
  const behind = await patient(practiceA, { rpm: 4, ccm: 1, days: 4 });
  // October's 20 reading days do not count in November.
  await t.db.transaction().execute((trx) =>
    recordReadings(
      trx,
      Array.from({ length: 20 }, (_, n) => ({
        patient_id: behind.id,
        device_assign_id: behind.device.deviceAssignId,
        vital_id: 1,
        value: 120,
        taken_at: `2026-10-${String(n + 1).padStart(2, '0')}T08:00:00Z`,
      })),
    ),
  );
  await patient(practiceA, { rpm: 4, ccm: null }); // no reading this month: no summary row at all
  await patient(practiceA, { rpm: 1, ccm: 1, days: 3 }); // referred: not held to the month's targets
  await patient(practiceA, { rpm: 7, ccm: 4, days: 16 }); // discharged
  // Practice B (the lead's second practice) and Riverside.
  await patient(practiceB, { rpm: 5, ccm: 1, days: 16, seconds: 50 * 60 });
  const foreign = await patient(riverside, { rpm: 5, ccm: 3, days: 16 });

  await alert(met, 'critical', '2026-11-20T07:55:00Z');
  await alert(onTrack, 'critical', '2026-11-20T09:00:00Z');
  await alert(met, 'critical', '2026-11-17T12:00:00Z', coordinator); // acknowledged: neither counted nor oldest
  await alert(atRisk, 'abnormal', '2026-11-18T10:00:00Z');
  await alert(foreign, 'critical', '2026-11-10T10:00:00Z');
  await alert(met, 'critical', '2026-10-31T23:00:00Z', coordinator); // October's: not in November's response figures

  // Outreach: the missed-reading job makes an SMS and a call task for the on-track patient's silent device
  // (rule from 15 November); the SMS one is done. A task of another kind does not count.
  const author = (await userId('role1@demo.test')).user_id;
  await t.db
    .insertInto('notification_rules')
    .values({
      patient_id: onTrack.id,
      device_assign_id: onTrack.device.deviceAssignId,
      interval_id: 1,
      interval_count: 1,
      start_date: '2026-11-15',
      end_date: '2099-12-31',
      status: 1,
      notification_mode: 'sms_ivr',
      sms_miss: 2,
      call_miss: 4,
      created_by: author,
      created_at: NOW,
      updated_by: author,
      updated_at: NOW,
    })
    .execute();
  const tick = await createMissedReadingsJob({ db: t.db, clock: new SimulatedClock(NOW) }).tick();
  expect(tick.taskIds).toHaveLength(2);
  await t.db
    .updateTable('tasks')
    .set({ status: 'completed', completed_at: NOW })
    .where('task_id', '=', tick.taskIds[0] as number)
    .execute();
  await t.db
    .insertInto('tasks')
    .values({ assigned_to: coordinator, patient_id: met.id, title: 'Review care plan', created_by: author })
    .execute();
});
afterAll(async () => t.close());

const summary = (who: Signed, query: Record<string, unknown> = {}) =>
  injectUnchecked(t.app, getDashboardSummary, { query }, who);

async function figures(who: Signed, query: Record<string, unknown> = {}): Promise<DashboardSummary> {
  const res = await summary(who, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const counts = (list: DashboardSummary['rpm_statuses']) =>
  Object.fromEntries(list.filter((s) => s.count > 0).map((s) => [s.label, s.count]));

/** Practice A's figures, as the nurse (whose one practice it is) sees them. */
const PRACTICE_A = {
  month: '2026-11',
  days_left: 11,
  enrolled: 5,
  active: 2,
  progress: { met: 1, on_track: 1, at_risk: 1, unreachable: 2 },
  minutes: { under20: 3, from20to39: 1, from40: 1 },
  alerts: {
    critical: { count: 2, oldest_at: '2026-11-20T07:55:00.000Z' },
    abnormal: { count: 1, oldest_at: '2026-11-18T10:00:00.000Z' },
  },
  outreach_tasks_open: 1,
};

describe('getDashboardSummary (issue 10; 000 §2.4 Dashboard)', () => {
  it("counts this month's figures of the nurse's practice on 20 November", async () => {
    const data = await figures(nurse);
    expect(data).toMatchObject({ ...PRACTICE_A, outreach_tasks_mine: 1 });
    // Labels from the status lists, in their order, every status listed.
    expect(counts(data.rpm_statuses)).toEqual({ Enrolled: 1, 'Device Setup': 3, Active: 2, Discharged: 1 });
    expect(data.rpm_statuses.map((s) => s.status_id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13]);
    expect(counts(data.ccm_statuses)).toEqual({ Eligible: 2, Active: 2, Discharged: 1, 'Not Applicable': 1 });
  });

  it('narrows to one practice of the user; without one, counts every practice in scope', async () => {
    const a = await figures(lead, { practice: practiceA.practiceId });
    // The outreach tasks are the nurse's, not the lead's.
    expect(a).toMatchObject({ ...PRACTICE_A, outreach_tasks_mine: 0 });
    const both = await figures(lead);
    expect(both).toMatchObject({
      enrolled: 6,
      active: 3,
      progress: { met: 2, on_track: 1, at_risk: 1, unreachable: 2 },
      minutes: { under20: 3, from20to39: 1, from40: 2 },
      alerts: { critical: { count: 2 } },
    });
    const b = await figures(lead, { practice: practiceB.practiceId });
    expect(b).toMatchObject({ enrolled: 1, alerts: { critical: { count: 0, oldest_at: null } } });
    expect(b.outreach_tasks_open).toBe(0);
  });

  it('a user of another organisation gets none of these patients; naming this practice is refused with 403', async () => {
    const data = await figures(other);
    expect(data).toMatchObject({
      enrolled: 1,
      active: 1,
      progress: { met: 1, on_track: 0, at_risk: 0, unreachable: 0 },
      alerts: {
        critical: { count: 1, oldest_at: '2026-11-10T10:00:00.000Z' },
        abnormal: { count: 0, oldest_at: null },
      },
      outreach_tasks_open: 0,
    });
    for (const [who, practice] of [
      [other, practiceA.practiceId],
      [nurse, practiceB.practiceId],
    ] as const) {
      const res = await summary(who, { practice: practice });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        message: 'You do not have access to this practice.',
        field: 'practice',
      });
    }
  });

  it('the administrator sees every practice; an unknown practice is 404, a malformed one 400', async () => {
    const data = await figures(admin);
    expect(data).toMatchObject({ enrolled: 7, alerts: { critical: { count: 3 } } });
    const unknown = await summary(admin, { practice: 999999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().field).toBe('practice');
    const bad = await summary(admin, { practice: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('practice');
  });

  it('counts the status codes the seed and the status list call enrolled and active', () => {
    expect([...ENROLLED_RPM_STATUSES]).toEqual([RPM_STATUS.enrolled, RPM_STATUS.active]);
    expect(ACTIVE_RPM_STATUS).toBe(RPM_STATUS.active);
  });

  it("refuses a user without the 'Dashboard' page", async () => {
    expect((await summary(biller)).statusCode).toBe(403);
  });

  // The whole network's month is read in one pass, a practice's patient by patient (store.ts): each way equals the count.
  interface ResponseCase {
    /** Who asks. */
    readonly who: () => Signed;
    /** The practice named, if any. */
    readonly practice?: () => number;
    /** The practices whose alerts the figures count. */
    readonly counted: () => Promise<number[]>;
  }
  const cases: Record<string, ResponseCase> = {
    'the administrator, every practice': {
      who: () => admin,
      counted: async () =>
        (await t.db.selectFrom('practices').select('practice_id').execute()).map((r) => r.practice_id),
    },
    'the administrator, one practice': {
      who: () => admin,
      practice: () => practiceA.practiceId,
      counted: async () => [practiceA.practiceId],
    },
    'the practice lead, both practices': {
      who: () => lead,
      counted: async () => [practiceA.practiceId, practiceB.practiceId],
    },
  };
  it.each(Object.entries(cases))(
    'response figures equal a count made alert by alert: raised, acknowledged, median and 90th percentile, escalated (%s)',
    async (_, { who, practice, counted }) => {
      const data = await figures(who(), practice ? { practice: practice() } : {});
      const practices = new Set(await counted());
      const alerts = (
        await t.db
          .selectFrom('alerts as al')
          .innerJoin('patients as p', 'p.patient_id', 'al.patient_id')
          .select(['al.level', 'p.practice_id', 'al.created_at', 'al.acknowledged_at', 'al.escalation_tier'])
          .where('p.merged_into_id', 'is', null)
          .where('al.created_at', '>=', new Date('2026-11-01T00:00:00Z'))
          .where('al.created_at', '<', new Date('2026-12-01T00:00:00Z'))
          .execute()
      ).filter((a) => practices.has(a.practice_id));
      // percentile_cont: linear between the two nearest ranks.
      const percentile = (values: number[], q: number) => {
        if (values.length === 0) return null;
        const sorted = [...values].sort((a, b) => a - b);
        const at = q * (sorted.length - 1);
        const low = sorted[Math.floor(at)] as number;
        const high = sorted[Math.ceil(at)] as number;
        return Math.round(low + (high - low) * (at - Math.floor(at)));
      };
      const expected = (level: string, practiceId: number | null) => {
        const mine = alerts.filter(
          (a) => a.level === level && (practiceId === null || a.practice_id === practiceId),
        );
        const waits = mine
          .filter((a) => a.acknowledged_at !== null)
          .map((a) => ((a.acknowledged_at as Date).getTime() - a.created_at.getTime()) / 60_000);
        return {
          raised: mine.length,
          acknowledged: waits.length,
          median_minutes: percentile(waits, 0.5),
          p90_minutes: percentile(waits, 0.9),
          escalated: mine.filter((a) => a.escalation_tier > 0).length,
        };
      };
      expect(data.response.length).toBeGreaterThan(0);
      for (const row of data.response)
        expect(row, `${row.level} ${row.practice_name}`).toMatchObject(expected(row.level, row.practice_id));
      const levels = new Set(alerts.map((a) => a.level));
      expect(data.response.filter((r) => r.practice_id === null).map((r) => r.level)).toEqual(
        ['critical', 'abnormal'].filter((level) => levels.has(level as 'critical')),
      );
    },
  );
});
