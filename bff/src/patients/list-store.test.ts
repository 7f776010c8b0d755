import {
  type CallDef,
  callUrl,
  ccmList,
  type FilterValues,
  isoDay,
  monthlyReportList,
  monthsBefore,
  nonCompliancePatientsList,
  patientsList,
  screenedList,
} from '@rpm/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../auth/guard.js';
import { TEST_TODAY } from '../db/test-database.js';
import { patientScope } from '../scope.js';
import { signIn, startTestApp, type TestApp } from '../test-app.js';
import { makePatient, placeOf } from '../test-fixtures.js';
import { ids } from './list-sql.js';
import { patientListSources } from './list-store.js';

/** The patient lists' own rules (decisions named in list-store.ts); the generic suite is lists/lists.test.ts. */

type Row = Record<string, unknown>;
let t: TestApp;
let nurse: Record<string, string>;
let nurseId: number;
const MONTH = isoDay(TEST_TODAY).slice(0, 7);

beforeAll(async () => {
  t = await startTestApp({ seedPatients: 80 });
  t.clock.advance(TEST_TODAY.getTime() - t.clock.now().getTime());
  const signed = await signIn(t.app, 'role8@demo.test');
  nurse = signed.headers;
  nurseId = signed.user.user_id;
  const place = await placeOf(t.db, signed.user.user_id);
  const id = await makePatient(t.db, place);
  await t.db
    .updateTable('patients')
    .set({ firstname: 'Wilhelmina', lastname: 'Quixote' })
    .where('patient_id', '=', id)
    .execute();
}, 120_000);
afterAll(async () => t?.close());

async function list(call: CallDef, params: Record<string, string> = {}) {
  const query = new URLSearchParams({ rowsPerPage: '100', ...params }).toString();
  const res = await t.app.inject({ method: 'GET', url: `${callUrl(call)}?${query}`, headers: nurse });
  return res;
}

async function rows(call: CallDef, params: Record<string, string> = {}): Promise<Row[]> {
  const res = await list(call, params);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function statusesOf(ids: unknown[]) {
  return t.db
    .selectFrom('patients')
    .select(['patient_id', 'rpm_status', 'ccm_status'])
    .where('patient_id', 'in', ids as number[])
    .execute();
}

describe('the patient lists’ predicates', () => {
  it('Screened: RPM statuses before set-up (referred, contacted, consented) only', async () => {
    const data = await rows(screenedList.calls.list);
    expect(data.length).toBeGreaterThan(0);
    for (const s of await statusesOf(data.map((r) => r.patient_id))) expect(s.rpm_status).toBeLessThan(4);
  });

  it('CCM: a CCM status other than 30 (not applicable)', async () => {
    const data = await rows(ccmList.calls.list);
    expect(data.length).toBeGreaterThan(0);
    for (const s of await statusesOf(data.map((r) => r.patient_id))) {
      expect(s.ccm_status).not.toBeNull();
      expect(s.ccm_status).not.toBe(30);
    }
  });

  it('Non Compliance: enrolled or active, and behind on reading days or silent for 3 days or more', async () => {
    const data = await rows(nonCompliancePatientsList.calls.list);
    expect(data.length).toBeGreaterThan(0);
    const statuses = new Map((await statusesOf(data.map((r) => r.patient_id))).map((s) => [s.patient_id, s]));
    for (const row of data) {
      expect([4, 5]).toContain(statuses.get(row.patient_id as number)?.rpm_status);
      const behind = row.progress === 'at_risk' || row.progress === 'unreachable';
      const silent = row.days_since_reading === null || (row.days_since_reading as number) >= 3;
      expect(behind || silent, JSON.stringify(row)).toBe(true);
    }
  });

  it('Monthly Report: this month by default; the last 12 months offered as "November 2026"; no future month', async () => {
    const data = await rows(monthlyReportList.calls.list);
    expect(data.length).toBeGreaterThan(0);
    for (const row of data) expect(row.month).toBe(MONTH);
    const options = await t.app.inject({
      method: 'GET',
      url: callUrl(monthlyReportList.calls.filterOptions),
      headers: nurse,
    });
    const months = options.json().data.month as { label: string; value: string }[];
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ value: MONTH, label: 'November 2026' });
    expect(months[11]?.value).toBe(monthsBefore(MONTH, 11));
    const earlier = await rows(monthlyReportList.calls.list, { month: monthsBefore(MONTH, 1) });
    for (const row of earlier) expect(row.month).toBe(monthsBefore(MONTH, 1));
    const future = await list(monthlyReportList.calls.list, { month: '2026-12' });
    expect(future.statusCode).toBe(400);
    expect(future.json().field).toBe('month');
  });
});

describe('the patient row', () => {
  it('finds a patient by name words in either order, any case, or by RPM ID', async () => {
    for (const search of ['quixote wilhelmina', 'WILHELMINA Quix']) {
      const data = await rows(patientsList.calls.list, { search });
      expect(data.map((r) => r.patient_name)).toEqual(['Quixote, Wilhelmina']);
    }
    const [found] = await rows(patientsList.calls.list, { search: 'quixote' });
    const byId = await rows(patientsList.calls.list, { search: String(found?.patient_id) });
    expect(byId.map((r) => r.patient_id)).toContain(found?.patient_id);
  });

  it('carries its days and times as the patients table holds them (a row is read as JSON)', async () => {
    const [found] = await rows(patientsList.calls.list, { search: 'quixote' });
    const id = found?.patient_id as number;
    // Microseconds, as PostgreSQL keeps them: the row says the millisecond, as a Date would.
    await sql`update patients set dob = '1941-03-09', setup_date = '2026-02-28',
      last_reading_at = '2026-11-20 23:59:59.999+00', created_at = '2025-12-31 23:30:00.123456+00'
      where patient_id = ${id}`.execute(t.db);
    const [row] = await rows(patientsList.calls.list, { search: 'quixote' });
    expect(row).toMatchObject({
      dob: '1941-03-09',
      setup_date: '2026-02-28',
      last_reading_at: '2026-11-20T23:59:59.999Z',
      referred_at: '2025-12-31T23:30:00.123Z',
    });
  });

  it('carries five strip months from six months back, before set-up grey, 16 reading days met', async () => {
    const data = await rows(patientsList.calls.list);
    for (const row of data) {
      const strip = row.compliance as { month: string; state: string }[];
      expect(strip.map((m) => m.month)).toEqual([5, 4, 3, 2, 1].map((n) => monthsBefore(MONTH, n)));
      const setup = (row.setup_date as string | null)?.slice(0, 7);
      const summaries = await t.db
        .selectFrom('patient_month_summary')
        .select(['month', 'reading_days'])
        .where('patient_id', '=', row.patient_id as number)
        .execute();
      const metMonths = new Set(
        summaries.filter((m) => m.reading_days >= 16).map((m) => isoDay(m.month).slice(0, 7)),
      );
      for (const month of strip)
        expect(month.state, `${row.patient_id} ${month.month}`).toBe(
          !setup || month.month < setup ? 'before' : metMonths.has(month.month) ? 'met' : 'missed',
        );
    }
    expect(data.some((row) => (row.compliance as { state: string }[]).some((m) => m.state === 'met'))).toBe(
      true,
    );
  });
});

/** The nurse signed in above as a list source's viewer (a source needs no session). */
async function nurseViewer() {
  const auth = { userId: nurseId, roleid: [8] };
  const scope = await patientScope(t.db, auth);
  return {
    auth: { ...auth, practiceIds: scope.practiceIds, session: undefined as never } satisfies AuthContext,
    scope,
    now: t.clock.now(),
  };
}

describe('a page read from the end of the list', () => {
  it('holds the rows the same page read from the start holds, for every sort key both ways', async () => {
    const viewer = await nurseViewer();
    // From the first page on, pages past the middle are read backward; the other source never reads backward.
    const backward = patientListSources({ countFirstFrom: 0 }).patients;
    const forward = patientListSources({ countFirstFrom: Number.POSITIVE_INFINITY }).patients;
    const rowsPerPage = 4;
    const keys = patientsList.columns.filter((column) => column.sortable).map((column) => column.key);
    expect(keys).toEqual(expect.arrayContaining(['ccm_status', 'last_reading_at']));
    for (const orderby of keys)
      for (const order of ['asc', 'desc'] as const) {
        const view = { orderby, order, filters: patientsList.viewQuery.parse({}) as FilterValues };
        const first = await forward.page(t.db, viewer, { ...view, page: 0, rowsPerPage });
        const pages = Math.ceil(first.count / rowsPerPage);
        expect(pages, orderby).toBeGreaterThan(4);
        // Every page, the last (partial) one, and one past the end.
        for (let page = 0; page <= pages; page++) {
          const [a, b] = await Promise.all([
            forward.page(t.db, viewer, { ...view, page, rowsPerPage }),
            backward.page(t.db, viewer, { ...view, page, rowsPerPage }),
          ]);
          const label = `${orderby} ${order} page ${page}`;
          expect(b.count, label).toBe(first.count);
          expect(
            b.rows.map((row) => row.patient_id),
            label,
          ).toEqual(a.rows.map((row) => row.patient_id));
          expect(a.rows.length, label).toBe(
            Math.max(0, Math.min(rowsPerPage, first.count - page * rowsPerPage)),
          );
        }
      }
  });
});

describe('the count of a view', () => {
  it.each([patientsList, nonCompliancePatientsList, monthlyReportList, ccmList, screenedList])(
    '$name: is the count its page answers, without its rows',
    async (def) => {
      const viewer = await nurseViewer();
      const source = patientListSources()[def.name as keyof ReturnType<typeof patientListSources>];
      const view = {
        orderby: def.defaultSort.key,
        order: def.defaultSort.order,
        filters: def.viewQuery.parse({}) as FilterValues,
      };
      const { count } = await source.page(t.db, viewer, { ...view, page: 0, rowsPerPage: 10 });
      expect(count).toBeGreaterThan(0);
      expect(await source.count(t.db, viewer, view)).toBe(count);
    },
  );
});

describe('filter ids', () => {
  it('reach the statement as literals, so its plan sees them; anything but an integer is refused', () => {
    const compiled = sql`select 1 where x in (${ids(['3', '17'])})`.compile(t.db);
    expect(compiled.sql).toBe('select 1 where x in (3, 17)');
    expect(compiled.parameters).toEqual([]);
    expect(() => ids(['1 or true'])).toThrow('Not a record id');
    expect(() => ids(['9007199254740993'])).toThrow('Not a record id');
  });
});

describe('the patient list export read', () => {
  /** Fields that read another table for each patient: an export reads those its columns show, no others. */
  const READ_ELSEWHERE = [
    'devices',
    'tags',
    'open_alerts',
    'compliance',
    'care_plan',
    'language',
    'organization_name',
    'practice_name',
    'rpm_status',
    'ccm_status',
    'physician',
    'care_coordinator',
  ];

  it.each([patientsList, nonCompliancePatientsList, monthlyReportList, ccmList, screenedList])(
    '$name: reads the whole filtered list in the page order, chunk by chunk, its names and labels joined, and only the fields its columns show',
    async (def) => {
      const viewer = await nurseViewer();
      const orderby = def.defaultSort.key;
      const view = { orderby, order: 'desc' as const, filters: def.viewQuery.parse({}) as FilterValues };
      // Chunks of 3 join the names and labels that a page reads by subqueries: both give the same rows.
      const sources = patientListSources({ exportChunk: 3, joinedLookupsFrom: 3 });
      const source = sources[def.name as keyof typeof sources];
      const chunks: Row[][] = [];
      for await (const chunk of source.chunks(t.db, viewer, view)) chunks.push([...chunk]);
      const paged = await rows(def.calls.list, { orderby, order: 'desc' });
      expect(chunks.length).toBeGreaterThan(1);
      expect(chunks.slice(0, -1).every((chunk) => chunk.length === 3)).toBe(true);
      const exported = chunks.flat();
      expect(exported.map((row) => row.patient_id)).toEqual(paged.map((row) => row.patient_id));
      // Each row as the page shows it, less the fields read elsewhere that no column exports.
      const columns = new Set<string>(
        def.columns.filter((column) => !column.screenOnly).map((column) => column.key),
      );
      const unread = READ_ELSEWHERE.filter((field) => !columns.has(field));
      const expected = paged.map((row) =>
        Object.fromEntries(Object.entries(row).filter(([key]) => !unread.includes(key))),
      );
      expect(exported).toEqual(expected);
      // The joined names and labels are there to compare, not all empty.
      for (const field of READ_ELSEWHERE.filter((key) => columns.has(key)))
        expect(
          exported.some((row) => row[field] !== null && row[field] !== ''),
          field,
        ).toBe(true);
    },
  );
});
