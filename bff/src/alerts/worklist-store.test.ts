// Over 300 lines: the monitoring worklist's order, filters, scope and acknowledgement over one seeded app.
import {
  type AlertsChangedPayload,
  acknowledgeAlerts,
  acknowledgeWorklistAlerts,
  callUrl,
  HUB_EVENTS,
  type MonitorRow,
  monitorList,
  monitorRow,
} from '@rpm/shared';
import { differenceInMinutes } from 'date-fns';
import { sql } from 'kysely';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../auth/guard.js';
import { DomainError } from '../domain-errors.js';
import { openTab } from '../hub/test-tab.js';
import type { ListView, ListViewer } from '../lists/source.js';
import { patientScope } from '../scope.js';
import { signIn, startTestApp, type TestApp } from '../test-app.js';
import { rowCounts } from '../test-rows.js';
import { monitorSource } from './worklist-store.js';

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let nurse: Signed; // role 8, Northwind: the demo nurse, whose practices keep open alerts of both levels
let lead: Signed; // role 9, Riverside: no practice in common with the nurse
let nurseView: ListViewer;
let leadView: ListViewer;
const sockets: Socket[] = [];

async function viewerOf(who: Signed): Promise<ListViewer> {
  const user = await t.db
    .selectFrom('user_roles')
    .select('role_id')
    .where('user_id', '=', who.user.user_id)
    .execute();
  const auth = { userId: who.user.user_id, roleid: user.map((r) => r.role_id) } as unknown as AuthContext;
  return { auth, scope: await patientScope(t.db, auth), now: t.clock.now() };
}

const view = (over: Partial<ListView> & { filters?: ListView['filters'] } = {}): ListView => ({
  orderby: 'level',
  order: 'asc',
  filters: { state: ['open'] },
  ...over,
});
const page = (viewer: ListViewer, v: ListView, n = 0, rowsPerPage = 100) =>
  monitorSource.page(t.db, viewer, { ...v, page: n, rowsPerPage });

/** Alert ids of the patients a user's practices hold, straight from the tables. */
async function alertIdsInPractices(who: Signed, open: boolean): Promise<number[]> {
  let q = t.db
    .selectFrom('alerts as al')
    .innerJoin('patients as p', 'p.patient_id', 'al.patient_id')
    .innerJoin('user_practices as up', 'up.practice_id', 'p.practice_id')
    .select('al.alert_id')
    .distinct()
    .where('up.user_id', '=', who.user.user_id);
  if (open) q = q.where('al.acknowledged_at', 'is', null);
  return (await q.execute()).map((r) => r.alert_id).sort((a, b) => a - b);
}

beforeAll(async () => {
  t = await startTestApp({ seedPatients: 40 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  nurse = await signIn(t.app, 'role8@demo.test');
  lead = await signIn(t.app, 'role9@demo.test');
  nurseView = await viewerOf(nurse);
  leadView = await viewerOf(lead);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

describe('monitorSource (000 §2.4 Monitoring Table; issue 10)', () => {
  it('lists the open alerts of the patients in the viewer’s practices, and only those', async () => {
    const expected = await alertIdsInPractices(nurse, true);
    expect(expected.length).toBeGreaterThanOrEqual(20);
    const { rows, count } = await page(nurseView, view());
    expect(count).toBe(expected.length);
    const all: MonitorRow[] = [];
    for (let n = 0; n * 100 < count; n++) all.push(...(await page(nurseView, view(), n)).rows);
    expect(all.map((r) => r.alert_id).sort((a, b) => a - b)).toEqual(expected);
    const levels = new Set(rows.map((r) => r.level));
    expect(levels).toEqual(new Set(['critical', 'abnormal']));
    // The other organisation's lead sees none of them, open or not.
    const theirs = await page(leadView, view({ filters: { state: [] } }));
    const mine = new Set(await alertIdsInPractices(nurse, false));
    expect(theirs.rows.some((r) => mine.has(r.alert_id))).toBe(false);
  });

  it('writes each row as the list declares it', async () => {
    const { rows } = await page(nurseView, view());
    const now = t.clock.now();
    for (const row of rows) {
      expect(() => monitorRow.parse(row)).not.toThrow();
      expect(row.patient_name).toMatch(/^[^,]+, [^,]+$/);
      expect(row.reading).toMatch(/^\d+(\.\d+)? (mmHg|bpm|lbs|events\/h|mg\/dL|%|hours|L\/min)$/);
      expect(row.bound_crossed).toMatch(
        new RegExp(`^${row.level === 'critical' ? 'Critical' : 'Abnormal'} (high|low) \\d+(\\.\\d+)?$`),
      );
      expect(row.waiting_minutes).toBe(differenceInMinutes(now, new Date(row.created_at)));
      expect(row.acknowledged_at).toBeNull();
    }
    const stored = await t.db
      .selectFrom('alerts as al')
      .innerJoin('vitals as v', 'v.vital_id', 'al.vital_id')
      .innerJoin('patients as p', 'p.patient_id', 'al.patient_id')
      .select(['al.value', 'v.unit', 'al.direction', 'al.bound', 'p.firstname', 'p.lastname'])
      .where('al.alert_id', '=', rows[0]?.alert_id as number)
      .executeTakeFirstOrThrow();
    expect(rows[0]).toMatchObject({
      reading: `${Number(stored.value)} ${stored.unit}`,
      patient_name: `${stored.lastname}, ${stored.firstname}`,
    });
    expect(rows[0]?.bound_crossed.endsWith(`${stored.direction} ${Number(stored.bound)}`)).toBe(true);
  });

  it('triages by level, then by waiting time: critical first, oldest first', async () => {
    const { rows } = await page(nurseView, view());
    const firstAbnormal = rows.findIndex((r) => r.level === 'abnormal');
    expect(firstAbnormal).toBeGreaterThan(0);
    expect(rows.slice(firstAbnormal).every((r) => r.level === 'abnormal')).toBe(true);
    for (const level of ['critical', 'abnormal']) {
      const created = rows.filter((r) => r.level === level).map((r) => r.created_at);
      expect(created).toEqual([...created].sort());
    }
    const desc = await page(nurseView, view({ order: 'desc' }));
    expect(desc.rows.map((r) => r.alert_id)).toEqual(rows.map((r) => r.alert_id).reverse());
  });

  it.each(monitorList.sortKeys.flatMap((key) => [[key, 'asc'] as const, [key, 'desc'] as const]))(
    'pages stably by %s %s: pages of 10 make the one page of 100',
    async (orderby, order) => {
      const v = view({ orderby, order, filters: { state: [] } });
      const whole = await page(nurseView, v, 0, 100);
      const pieces: MonitorRow[] = [];
      for (let n = 0; n < 10; n++) pieces.push(...(await page(nurseView, v, n, 10)).rows);
      expect(pieces.map((r) => r.alert_id)).toEqual(whole.rows.map((r) => r.alert_id));
      expect(new Set(pieces.map((r) => r.alert_id)).size).toBe(pieces.length);
      // Keys whose order does not depend on the database's collation.
      if (orderby === 'taken_at' || orderby === 'waiting_minutes') {
        const values = whole.rows.map((r) => (orderby === 'taken_at' ? r.taken_at : r.waiting_minutes));
        const sorted = [...values].sort((a, b) => (a === b ? 0 : a < b ? -1 : 1));
        expect(values).toEqual(order === 'asc' ? sorted : sorted.reverse());
      }
    },
  );

  it('filters by state, level, vital, practice, raised dates and search', async () => {
    const open = (await page(nurseView, view())).count;
    const acknowledged = await page(nurseView, view({ filters: { state: ['acknowledged'] } }));
    expect(acknowledged.rows.every((r) => r.acknowledged_at !== null && r.acknowledged_by !== null)).toBe(
      true,
    );
    const all = await page(nurseView, view({ filters: { state: [] } }));
    expect(all.count).toBe(open + acknowledged.count);
    expect(all.count).toBe((await alertIdsInPractices(nurse, false)).length);

    const critical = await page(nurseView, view({ filters: { state: ['open'], level: ['critical'] } }));
    expect(critical.count).toBeGreaterThan(0);
    expect(critical.rows.every((r) => r.level === 'critical')).toBe(true);

    const some = all.rows[0] as MonitorRow;
    const vital = await t.db
      .selectFrom('vitals')
      .select('vital_id')
      .where('vital_type', '=', some.vital_type)
      .executeTakeFirstOrThrow();
    const byVital = await page(nurseView, view({ filters: { state: [], vital: [String(vital.vital_id)] } }));
    expect(byVital.rows.every((r) => r.vital_type === some.vital_type)).toBe(true);
    expect(byVital.rows.map((r) => r.alert_id)).toContain(some.alert_id);

    const [practice] = nurseView.scope.practiceIds;
    const byPractice = await page(nurseView, view({ filters: { state: [], practice: [String(practice)] } }));
    expect(byPractice.count).toBe(all.count);
    const elsewhere = await page(nurseView, view({ filters: { state: [], practice: ['999999'] } }));
    expect(elsewhere.count).toBe(0);

    const day = some.created_at.slice(0, 10);
    const raised = await page(nurseView, view({ filters: { state: [], raised_from: day, raised_to: day } }));
    expect(raised.count).toBeGreaterThan(0);
    expect(raised.rows.every((r) => r.created_at.startsWith(day))).toBe(true);

    const [last] = some.patient_name.split(', ');
    const byName = await page(
      nurseView,
      view({ filters: { state: [] }, search: ` ${last?.toUpperCase()} ` }),
    );
    expect(byName.rows.every((r) => r.patient_name.toLowerCase().includes(String(last).toLowerCase()))).toBe(
      true,
    );
    expect(byName.rows.map((r) => r.alert_id)).toContain(some.alert_id);
    const byId = await page(nurseView, view({ filters: { state: [] }, search: String(some.patient_id) }));
    expect(byId.rows.map((r) => r.patient_id)).toContain(some.patient_id);
  });

  it('narrows to one patient of the scope; a foreign or unknown patient gets one answer', async () => {
    const { rows } = await page(nurseView, view());
    const patientId = (rows[0] as MonitorRow).patient_id;
    const one = await page(nurseView, view({ filters: { state: ['open'], patient: [String(patientId)] } }));
    expect(one.count).toBe(rows.filter((r) => r.patient_id === patientId).length);
    expect(one.rows.every((r) => r.patient_id === patientId)).toBe(true);
    const foreign = page(leadView, view({ filters: { state: [], patient: [String(patientId)] } }));
    await expect(foreign).rejects.toBeInstanceOf(DomainError);
    await expect(foreign).rejects.toMatchObject({ kind: 'forbidden', field: 'patient' });
    const unknown = page(leadView, view({ filters: { state: [], patient: ['999999'] } }));
    await expect(unknown).rejects.toMatchObject({
      field: 'patient',
      message: (await foreign.catch((e) => e)).message,
    });
  });

  it('exports the same rows in chunks, and offers vitals and the viewer’s practices only', async () => {
    const v = view({ filters: { state: [] } });
    const exported: Partial<MonitorRow>[] = [];
    for await (const chunk of monitorSource.chunks(t.db, nurseView, v)) exported.push(...chunk);
    const { rows, count } = await page(nurseView, v, 0, 100);
    expect(exported).toHaveLength(count);
    expect(exported.slice(0, 100)).toEqual(rows);
    const options = await monitorSource.options(t.db, nurseView);
    expect(options.vital).toHaveLength(9);
    expect(options.practice?.map((o) => Number(o.value)).sort()).toEqual(
      [...nurseView.scope.practiceIds].sort(),
    );
    // A page naming one of the two filters asks for that filter's options alone.
    const onlyVital = await monitorSource.options(t.db, nurseView, new Set(['vital']));
    expect(Object.keys(onlyVital)).toEqual(['vital']);
    expect(onlyVital.vital).toEqual(options.vital);
    expect(Object.keys(await monitorSource.options(t.db, nurseView, new Set(['practice'])))).toEqual([
      'practice',
    ]);
  });
});

describe('POST rpm/alerts/acknowledgeWorklistAlerts', () => {
  const TABLES = ['alerts', 'audit_log', 'time_logs'] as const;
  const url = callUrl(acknowledgeWorklistAlerts);
  const acknowledge = (who: Signed, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: who.headers, payload });

  /** Two open alerts of different patients in the nurse's practices. */
  async function twoOpenAlerts(): Promise<MonitorRow[]> {
    const { rows } = await page(nurseView, view());
    const first = rows[0] as MonitorRow;
    const second = rows.find((r) => r.patient_id !== first.patient_id) as MonitorRow;
    return [first, second];
  }

  it('writes nothing when one id is foreign or unknown, with one answer for both', async () => {
    const [mine] = await twoOpenAlerts();
    const theirs = (await page(leadView, view({ filters: { state: [] } }))).rows[0] as MonitorRow;
    const before = await rowCounts(t.db, TABLES);
    const foreign = await acknowledge(nurse, { alert_id: [mine?.alert_id, theirs.alert_id], note: 'Called' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ field: 'alert_id' });
    const unknown = await acknowledge(nurse, { alert_id: [mine?.alert_id, 99_999_999], note: 'Called' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message.replace('99999999', 'N')).toBe(
      foreign.json().message.replace(String(theirs.alert_id), 'N'),
    );
    expect(await rowCounts(t.db, TABLES)).toEqual(before);
    const still = await t.db
      .selectFrom('alerts')
      .select('acknowledged_at')
      .where('alert_id', '=', mine?.alert_id as number)
      .executeTakeFirstOrThrow();
    expect(still.acknowledged_at).toBeNull();
  });

  it('refuses a missing note and more than 120 minutes, naming the field', async () => {
    const [mine] = await twoOpenAlerts();
    const noNote = await acknowledge(nurse, { alert_id: [mine?.alert_id], note: '  ' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().field).toBe('note');
    const tooLong = await acknowledge(nurse, { alert_id: [mine?.alert_id], note: 'x', minutes: 121 });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().field).toBe('minutes');
  });

  it('acknowledges with the note, logs the minutes per patient into the month summary, and pushes ALERTS::CHANGED', async () => {
    const [a, b] = await twoOpenAlerts();
    const patients = [a?.patient_id, b?.patient_id] as number[];
    const month = `${t.clock.now().toISOString().slice(0, 7)}-01`;
    const summary = () =>
      t.db
        .selectFrom('patient_month_summary')
        .select(['patient_id', 'rpm_seconds'])
        .where('patient_id', 'in', patients)
        .where('month', '=', sql<Date>`${month}::date`)
        .orderBy('patient_id')
        .execute();
    const secondsBefore = new Map((await summary()).map((r) => [r.patient_id, r.rpm_seconds]));
    const tab = await openTab(t.app, nurse);
    const leadTab = await openTab(t.app, lead);
    sockets.push(tab, leadTab);
    const pushed: AlertsChangedPayload[] = [];
    const leadPushed: AlertsChangedPayload[] = [];
    tab.on(HUB_EVENTS.alertsChanged, (p: AlertsChangedPayload) => pushed.push(p));
    leadTab.on(HUB_EVENTS.alertsChanged, (p: AlertsChangedPayload) => leadPushed.push(p));
    const arrived = new Promise<void>((resolve) => {
      const check = () => (pushed.length >= 2 ? resolve() : tab.once(HUB_EVENTS.alertsChanged, check));
      tab.once(HUB_EVENTS.alertsChanged, check);
    });

    const res = await acknowledge(nurse, {
      alert_id: [a?.alert_id, b?.alert_id, a?.alert_id],
      note: 'Called both patients; readings repeated and normal.',
      minutes: 7,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 1, message: 'Acknowledged', data: { acknowledged: 2 } });
    const stored = await t.db
      .selectFrom('alerts')
      .select(['acknowledged_by', 'acknowledge_note', 'acknowledged_at'])
      .where('alert_id', 'in', [a?.alert_id as number, b?.alert_id as number])
      .execute();
    for (const row of stored)
      expect(row).toEqual({
        acknowledged_by: nurse.user.user_id,
        acknowledge_note: 'Called both patients; readings repeated and normal.',
        acknowledged_at: t.clock.now(),
      });
    const logs = await t.db
      .selectFrom('time_logs')
      .select(['patient_id', 'program', 'seconds', 'user_id'])
      .where('patient_id', 'in', patients)
      .where('logged_at', '=', t.clock.now())
      .orderBy('patient_id')
      .execute();
    expect(logs).toEqual(
      [...patients]
        .sort((x, y) => x - y)
        .map((patient_id) => ({
          patient_id,
          program: 'RPM',
          seconds: 420,
          user_id: nurse.user.user_id,
        })),
    );
    for (const row of await summary())
      expect(row.rpm_seconds).toBe((secondsBefore.get(row.patient_id) ?? 0) + 420);
    const audits = await t.db
      .selectFrom('audit_log')
      .select(['entity_id', 'detail'])
      .where('action', '=', 'acknowledge_alerts')
      .where('user_id', '=', nurse.user.user_id)
      .execute();
    expect(audits.map((r) => Number(r.entity_id)).sort()).toEqual([...patients].sort());

    await arrived;
    expect(pushed.map((p) => p.patient_id).sort()).toEqual([...patients].sort());
    // The lead is on neither patient's care team (another organisation): the same emit reached the nurse.
    expect(leadPushed).toEqual([]);

    // A repeat acknowledges nothing and logs no minutes again.
    const before = await rowCounts(t.db, ['time_logs']);
    const again = await acknowledge(nurse, { alert_id: [a?.alert_id], note: 'Again', minutes: 7 });
    expect(again.json().data).toEqual({ acknowledged: 0 });
    expect(await rowCounts(t.db, ['time_logs'])).toEqual(before);
    const kept = await t.db
      .selectFrom('alerts')
      .select('acknowledge_note')
      .where('alert_id', '=', a?.alert_id as number)
      .executeTakeFirstOrThrow();
    expect(kept.acknowledge_note).toBe('Called both patients; readings repeated and normal.');
  });

  it("the chart's Alerts tab follows the same rule: a note is required, minutes go to the program chosen", async () => {
    const [mine] = await twoOpenAlerts();
    const patientId = mine?.patient_id as number;
    const chart = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: callUrl(acknowledgeAlerts),
        headers: nurse.headers,
        payload: { patient_id: patientId, alert_id: [mine?.alert_id], ...payload },
      });
    const before = await rowCounts(t.db, TABLES);
    for (const payload of [{}, { note: '' }, { note: '   ' }]) {
      const res = await chart(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field).toBe('note');
    }
    const badProgram = await chart({ note: 'Called', minutes: 5, program: 'XYZ' });
    expect(badProgram.statusCode).toBe(400);
    expect(badProgram.json().field).toBe('program');
    expect(await rowCounts(t.db, TABLES)).toEqual(before);

    const res = await chart({ note: 'Reviewed with the patient by phone', minutes: 6, program: 'CCM' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ acknowledged: 1 });
    const stored = await t.db
      .selectFrom('alerts')
      .select('acknowledge_note')
      .where('alert_id', '=', mine?.alert_id as number)
      .executeTakeFirstOrThrow();
    expect(stored.acknowledge_note).toBe('Reviewed with the patient by phone');
    const logs = await t.db
      .selectFrom('time_logs')
      .select(['program', 'seconds'])
      .where('patient_id', '=', patientId)
      .where('logged_at', '=', t.clock.now())
      .where('note', '=', 'Reviewed with the patient by phone')
      .execute();
    expect(logs).toEqual([{ program: 'CCM', seconds: 360 }]);
  });

  it('is refused to a user without the Monitoring Table page', async () => {
    const biller = await signIn(t.app, 'role10@demo.test');
    const [mine] = await twoOpenAlerts();
    const res = await acknowledge(biller, { alert_id: [mine?.alert_id], note: 'x' });
    expect(res.statusCode).toBe(403);
  });
});
