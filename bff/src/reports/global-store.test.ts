import {
  CCM_TIME_GOALS,
  COMPLIANCE_TARGET_DAYS,
  ENROLLED_RPM_STATUSES,
  type GlobalReportRow,
  isoDay,
  monthsBefore,
  RPM_TIME_GOAL_MIN,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../auth/guard.js';
import { CCM_STATUS } from '../db/seed/patient-statuses.js';
import { TEST_TODAY } from '../db/test-database.js';
import type { ListViewer } from '../lists/source.js';
import { patientScope } from '../scope.js';
import { signIn, startTestApp, type TestApp } from '../test-app.js';
import { globalReportSource } from './global-store.js';

let t: TestApp;

const viewerOf = async (username: string, roleid: number): Promise<ListViewer> => {
  const who = await signIn(t.app, username);
  const auth = { userId: who.user.user_id, roleid: [roleid] } as unknown as AuthContext;
  return { auth, scope: await patientScope(t.db, auth), now: t.clock.now() };
};
const report = async (viewer: ListViewer, month?: string) =>
  (
    await globalReportSource.page(t.db, viewer, {
      orderby: 'practice_name',
      order: 'asc',
      filters: month ? { month: [month] } : {},
      page: 0,
      rowsPerPage: 100,
    })
  ).rows;

type Figures = Omit<GlobalReportRow, 'practice_id' | 'practice_name' | 'organization_name' | 'month'>;
const NONE: Figures = {
  rpm_patients: 0,
  reading_days_met: 0,
  rpm_minutes_met: 0,
  ccm_patients: 0,
  ccm_minutes_met: 0,
  alerts: 0,
  alerts_open: 0,
  minutes_logged: 0,
};

/** The figures counted here from the tables, one patient at a time (001 §9 targets). */
async function expected(viewer: ListViewer, month: string): Promise<Map<number, Figures>> {
  const patients = await t.db
    .selectFrom('patients as p')
    .leftJoin('patient_month_summary as s', (join) =>
      join.onRef('s.patient_id', '=', 'p.patient_id').on('s.month', '=', new Date(`${month}-01T00:00:00Z`)),
    )
    .select(['p.patient_id', 'p.practice_id', 'p.rpm_status', 'p.ccm_status', 'p.ccm_type'])
    .select(['s.reading_days', 's.rpm_seconds', 's.ccm_seconds'])
    .where(viewer.scope.visible('p'))
    .execute();
  const start = new Date(`${month}-01T00:00:00Z`);
  const end = new Date(`${monthsBefore(month, -1)}-01T00:00:00Z`);
  const alerts = await t.db
    .selectFrom('alerts as a')
    .innerJoin('patients as p', 'p.patient_id', 'a.patient_id')
    .select(['p.practice_id', 'a.acknowledged_at'])
    .where(viewer.scope.visible('p'))
    .where('a.created_at', '>=', start)
    .where('a.created_at', '<', end)
    .execute();
  const byPractice = new Map<number, Figures>();
  const of = (practiceId: number): Figures => {
    const row = byPractice.get(practiceId) ?? { ...NONE };
    byPractice.set(practiceId, row);
    return row;
  };
  const seconds = new Map<number, number>();
  for (const p of patients) {
    const row = of(p.practice_id);
    if ((ENROLLED_RPM_STATUSES as readonly number[]).includes(p.rpm_status)) {
      row.rpm_patients += 1;
      if ((p.reading_days ?? 0) >= COMPLIANCE_TARGET_DAYS) row.reading_days_met += 1;
      if ((p.rpm_seconds ?? 0) >= RPM_TIME_GOAL_MIN * 60) row.rpm_minutes_met += 1;
    }
    if (p.ccm_status !== null && p.ccm_status !== CCM_STATUS.notApplicable) {
      row.ccm_patients += 1;
      const goal = (p.ccm_type === 1 ? CCM_TIME_GOALS.type1.time : CCM_TIME_GOALS.other.time) * 60;
      if ((p.ccm_seconds ?? 0) >= goal) row.ccm_minutes_met += 1;
    }
    seconds.set(
      p.practice_id,
      (seconds.get(p.practice_id) ?? 0) + (p.rpm_seconds ?? 0) + (p.ccm_seconds ?? 0),
    );
  }
  for (const [practiceId, total] of seconds) of(practiceId).minutes_logged = Math.floor(total / 60);
  for (const a of alerts) {
    const row = of(a.practice_id);
    row.alerts += 1;
    if (a.acknowledged_at === null) row.alerts_open += 1;
  }
  return byPractice;
}

beforeAll(async () => {
  t = await startTestApp({ seedPatients: 30, now: TEST_TODAY });
});
afterAll(async () => {
  await t.close();
});

describe('Global Reports (decisions.md "Global Reports"; 001 §9 targets)', () => {
  const thisMonth = isoDay(TEST_TODAY).slice(0, 7);

  it.each([
    ['role1@demo.test', 1],
    ['role8@demo.test', 8],
  ] as const)(
    'counts each practice of %s’s scope as its patients count, this month and last',
    async (username, role) => {
      const viewer = await viewerOf(username, role);
      for (const month of [thisMonth, monthsBefore(thisMonth, 1)]) {
        const rows = await report(viewer, month === thisMonth ? undefined : month);
        const want = await expected(viewer, month);
        expect(rows.length).toBeGreaterThan(0);
        for (const row of rows) {
          expect(row.month).toBe(month);
          const { practice_id, practice_name, organization_name, month: _, ...figures } = row;
          expect(figures, `${practice_name} ${month}`).toEqual(want.get(practice_id) ?? NONE);
        }
        // Every practice with patients in scope has its row; the figures are not all zero.
        for (const practiceId of want.keys()) expect(rows.map((r) => r.practice_id)).toContain(practiceId);
        expect(rows.some((r) => r.rpm_patients > 0 && r.minutes_logged > 0)).toBe(true);
      }
      if (role === 8) {
        const mine = new Set(viewer.scope.practiceIds);
        expect((await report(viewer)).every((r) => mine.has(r.practice_id))).toBe(true);
      }
    },
  );
});
