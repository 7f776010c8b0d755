import {
  isoDay,
  returnSleepDevice,
  SLEEP_DEVICE_RETURN_DAYS,
  type SleepReturnDeviceRow,
  shiftDay,
  sleepReturnDevicesList,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SleepStudyKind } from '../db/schema.js';
import { TEST_TODAY } from '../db/test-database.js';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';
import { makePatient, type Place, placeElsewhere, placeOf } from '../test-fixtures.js';
import { allListRows, rowCounts } from '../test-rows.js';

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
/** Role 1: every study. */
let admin: Signed;
/** Role 10 (biller, Northwind): 'Billing Utility'. */
let biller: Signed;
let place: Place;
let elsewhere: Place;

const DAY = 86_400_000;

beforeAll(async () => {
  t = await startTestApp({ seedPatients: 30, now: TEST_TODAY });
  admin = await signIn(t.app, 'role1@demo.test');
  biller = await signIn(t.app, 'role10@demo.test');
  place = await placeOf(t.db, biller.user.user_id);
  elsewhere = await placeElsewhere(t.db, place);
}, 60_000);
afterAll(async () => t?.close());

/** A study of a new patient at `where`, ordered `daysAgo` days before the clock's now. */
async function study(where: Place, kind: SleepStudyKind, daysAgo: number): Promise<number> {
  const patientId = await makePatient(t.db, where);
  const at = new Date(t.clock.now().getTime() - daysAgo * DAY);
  const row = await t.db
    .insertInto('sleep_studies')
    .values({
      patient_id: patientId,
      kind,
      status: 'ordered',
      device: 'WatchPAT 300',
      ordered_at: at,
      created_at: at,
    })
    .returning('study_id')
    .executeTakeFirstOrThrow();
  return row.study_id;
}

const rows = (who: Signed, query: Record<string, string> = {}) =>
  allListRows<SleepReturnDeviceRow>(t.app, sleepReturnDevicesList.calls.list, who, query);

const giveBack = (studyId: unknown, who: Signed = biller) =>
  injectUnchecked(t.app, returnSleepDevice, { body: { study_id: studyId } }, who);

describe('Sleep Return Devices (decisions.md "Sleep Return Devices")', () => {
  it('shows every home study’s device due back a week after the order, its state and days overdue, as the data has them', async () => {
    const listed = await rows(admin, { return_state: '' });
    const studies = await t.db
      .selectFrom('sleep_studies')
      .select(['study_id', 'kind', 'ordered_at', 'device_returned_at'])
      .execute();
    const home = studies.filter((s) => s.kind === 'hst' || s.kind === 'oximetry');
    expect(listed.map((r) => r.study_id).sort((a, b) => a - b)).toEqual(
      home.map((s) => s.study_id).sort((a, b) => a - b),
    );
    const today = isoDay(t.clock.now());
    const seen = new Set<string>();
    for (const row of listed) {
      const s = home.find((x) => x.study_id === row.study_id);
      const due = shiftDay(isoDay(s?.ordered_at as Date), SLEEP_DEVICE_RETURN_DAYS);
      expect(row.due_on, `study ${row.study_id}`).toBe(due);
      const back = s?.device_returned_at ? isoDay(s.device_returned_at) : null;
      const state = back ? 'Returned' : today > due ? 'Overdue' : 'Out';
      expect(row.return_state).toBe(state);
      const late = Math.round((Date.parse(back ?? today) - Date.parse(due)) / DAY);
      expect(row.days_overdue).toBe(late > 0 ? late : null);
      expect(row.returned_at).toBe(s?.device_returned_at?.toISOString() ?? null);
      seen.add(state);
    }
    // The demo has devices back and devices overdue (seed-device-returns.ts).
    expect(seen).toContain('Returned');
    expect(seen).toContain('Overdue');
    // By default only the devices still out, the earliest due first.
    const out = await rows(admin);
    expect(out.every((r) => r.return_state !== 'Returned')).toBe(true);
    expect(out.length).toBe(listed.filter((r) => r.return_state !== 'Returned').length);
  });

  it('marks a device returned: the row says who and when, with an audit row, once', async () => {
    const id = await study(place, 'hst', SLEEP_DEVICE_RETURN_DAYS + 3);
    const before = (await rows(biller)).find((r) => r.study_id === id);
    expect(before).toMatchObject({
      return_state: 'Overdue',
      days_overdue: 3,
      returned_at: null,
      dob: '1950-03-04',
    });
    const res = await giveBack(id);
    expect(res.statusCode, res.body).toBe(200);
    const after = (await rows(biller, { return_state: 'returned' })).find((r) => r.study_id === id);
    expect(after).toMatchObject({
      return_state: 'Returned',
      days_overdue: 3,
      returned_at: t.clock.now().toISOString(),
      returned_by: 'Morales, Linda',
    });
    const audits = await t.db
      .selectFrom('audit_log')
      .select(['action', 'user_id', 'detail'])
      .where('entity', '=', 'sleep_study')
      .where('entity_id', '=', String(id))
      .execute();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'return_sleep_device', user_id: biller.user.user_id });
    const again = await giveBack(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().field).toBe('study_id');
  });

  it('refuses an in-lab study (409), an unknown or foreign study (404) and bad input (400), writing nothing', async () => {
    const lab = await study(place, 'psg', 2);
    const foreign = await study(elsewhere, 'oximetry', 2);
    const before = await rowCounts(t.db, ['audit_log']);
    const inLab = await giveBack(lab);
    expect(inLab.statusCode).toBe(409);
    expect(inLab.json().field).toBe('study_id');
    for (const id of [foreign, 999_999]) {
      const res = await giveBack(id);
      expect(res.statusCode).toBe(404);
      expect(res.json().field).toBe('study_id');
    }
    const bad = await giveBack('x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('study_id');
    expect(await rowCounts(t.db, ['audit_log'])).toEqual(before);
    const kept = await t.db
      .selectFrom('sleep_studies')
      .select('device_returned_at')
      .where('study_id', 'in', [lab, foreign])
      .execute();
    expect(kept.every((s) => s.device_returned_at === null)).toBe(true);
    // The same foreign study is neither listed to the biller nor refused to role 1.
    expect((await rows(biller, { return_state: '' })).some((r) => r.study_id === foreign)).toBe(false);
    expect((await giveBack(foreign, admin)).statusCode).toBe(200);
  });

  it("is refused to a user without 'Billing Utility' (403)", async () => {
    const nurse = await signIn(t.app, 'role8@demo.test');
    const id = await study(place, 'hst', 1);
    expect((await injectCall(t.app, returnSleepDevice, { body: { study_id: id } }, nurse)).statusCode).toBe(
      403,
    );
    expect((await injectCall(t.app, sleepReturnDevicesList.calls.list, {}, nurse)).statusCode).toBe(403);
  });
});
