import {
  BILLING_UTILITY_ENTRIES,
  type BillingUtilityRoute,
  getBillingUtilitySummary,
  isoDay,
  LISTS,
  shiftDay,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_TYPE, VITAL } from '../db/reference-ids.js';
import { TEST_TODAY } from '../db/test-database.js';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';
import { giveDevice, makePatient, type Place, placeOf } from '../test-fixtures.js';
import { recordReadings, recordTimeLogs } from './summary.js';

type Signed = Awaited<ReturnType<typeof signIn>>;
type Counts = Partial<Record<BillingUtilityRoute, number>>;

const DAY = 86_400_000;
const COUNTED = BILLING_UTILITY_ENTRIES.filter((entry) => entry.attention !== null);

let t: TestApp;
let admin: Signed; // role 1: every practice
let biller: Signed; // role 10: Northwind's practices
let riversideBiller: Signed; // role 11: Riverside's practices
let physician: Signed; // role 6: no 'Billing Utility'
let riverside: Place;

beforeAll(async () => {
  t = await startTestApp({ seedPatients: 40, now: TEST_TODAY });
  [admin, biller, riversideBiller, physician] = await Promise.all([
    signIn(t.app, 'role1@demo.test'),
    signIn(t.app, 'role10@demo.test'),
    signIn(t.app, 'role11@demo.test'),
    signIn(t.app, 'role6@demo.test'),
  ]);
  riverside = await placeOf(t.db, riversideBiller.user.user_id);
}, 120_000);
afterAll(async () => t?.close());

/** The summary's counts by route, as `who` gets them. */
async function summary(who: Signed): Promise<Counts> {
  const res = await injectCall(t.app, getBillingUtilitySummary, {}, who);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { status: number; data: { route: BillingUtilityRoute; count: number }[] };
  expect(body.status).toBe(1);
  return Object.fromEntries(body.data.map(({ route, count }) => [route, count]));
}

/** What the entry's link shows `who`: the list call's count under the link's query. */
async function linkedCount(entry: (typeof COUNTED)[number], who: Signed): Promise<number> {
  const { attention, href } = entry;
  if (!attention) throw new Error(`${entry.route} has no list`);
  const query = Object.fromEntries(new URL(href, 'http://x').searchParams);
  const res = await injectUnchecked(t.app, LISTS[attention.list].calls.list, { query }, who);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { count: number }).count;
}

/** A new item needing attention on each counted list, at `place`. */
async function needsAttentionAt(place: Place): Promise<void> {
  const now = t.clock.now();
  const today = isoDay(now);
  const by = admin.user.user_id;
  // Patient Consent: an order whose only authorisation ended last month.
  const consented = await makePatient(t.db, place);
  const order = await t.db
    .insertInto('enrollment_orders')
    .values({
      patient_id: consented,
      program: 'RPM',
      ordering_provider: 'Dr Test',
      diagnosis_codes: JSON.stringify(['I10']),
      order_date: shiftDay(today, -400),
      consent_date: shiftDay(today, -402),
      consent_method: 'written',
      created_by: by,
      created_at: now,
      updated_at: now,
    })
    .returning('order_id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('order_authorizations')
    .values({
      order_id: order.order_id,
      patient_id: consented,
      authorization_number: 'PA-TEST',
      start_date: shiftDay(today, -400),
      end_date: shiftDay(today, -30),
      recorded_by: by,
      recorded_at: now,
    })
    .execute();
  // Reading Report: a systolic reading today that raised an alert.
  const reader = await makePatient(t.db, place);
  const cuff = await giveDevice(t.db, reader, DEVICE_TYPE.bloodPressure, new Date(now.getTime() - DAY));
  await t.db.transaction().execute(async (trx) => {
    const [readingId] = await recordReadings(trx, [
      {
        patient_id: reader,
        device_assign_id: cuff.deviceAssignId,
        vital_id: VITAL.systolic,
        value: 185,
        taken_at: now,
      },
    ]);
    await trx
      .insertInto('alerts')
      .values({
        patient_id: reader,
        reading_id: readingId as number,
        vital_id: VITAL.systolic,
        level: 'critical',
        direction: 'high',
        value: 185,
        bound: 180,
        taken_at: now,
        created_at: now,
      })
      .execute();
  });
  // Practice Intervention: a patient call logged today without a note.
  const called = await makePatient(t.db, place);
  await t.db.transaction().execute((trx) =>
    recordTimeLogs(trx, [
      {
        patient_id: called,
        user_id: by,
        program: 'RPM',
        seconds: 300,
        logged_at: now,
        category: 'Patient call',
      },
    ]),
  );
  // Transcript Queues: a voicemail left an hour ago.
  await t.db
    .insertInto('call_records')
    .values({
      patient_id: await makePatient(t.db, place),
      contact_id: `vm-attention-${now.getTime()}`,
      direction: 'inbound',
      phone_number: '+15550100177',
      kind: 'voicemail',
      started_at: new Date(now.getTime() - 3_600_000),
      ended_at: new Date(now.getTime() - 3_540_000),
      duration_seconds: 60,
    })
    .execute();
  // Incoming Messages: a text nobody answered.
  const texter = await makePatient(t.db, place, { identity: { mobile: '5550100199' } });
  await t.db
    .insertInto('patient_messages')
    .values({
      patient_id: texter,
      direction: 'in',
      body: 'Can someone call me?',
      phone: '+15550100199',
      status: 'received',
      created_at: now,
      status_at: now,
    })
    .execute();
  // Sleep Return Devices: a home study's recorder ordered ten days ago, not back.
  const sleeper = await makePatient(t.db, place);
  const ordered = new Date(now.getTime() - 10 * DAY);
  await t.db
    .insertInto('sleep_studies')
    .values({ patient_id: sleeper, kind: 'hst', status: 'ordered', ordered_at: ordered, created_at: ordered })
    .execute();
  // Organization Groups: a group of the place's organisation with no administrator yet.
  const group = await t.db
    .insertInto('organization_groups')
    .values({
      group_name: `Group ${now.getTime()}-${place.organizationId}`,
      created_by: by,
      created_at: now,
      updated_at: now,
    })
    .returning('group_id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('organization_group_members')
    .values({ group_id: group.group_id, organization_id: place.organizationId })
    .execute();
  // SS Resource: one more form, as a link.
  await t.db
    .insertInto('ss_resources')
    .values({
      organization_id: place.organizationId,
      title: 'Sleep diary',
      category: 'Form',
      url: 'https://example.org/sleep-diary.pdf',
      uploaded_by: by,
      uploaded_at: now,
    })
    .execute();
  // Latest Assigned Devices: a cuff handed out yesterday that has sent nothing.
  await giveDevice(
    t.db,
    await makePatient(t.db, place),
    DEVICE_TYPE.bloodPressure,
    new Date(now.getTime() - DAY),
  );
}

describe('getBillingUtilitySummary (decisions.md "Billing Utility")', () => {
  it('answers one count per entry with a list, in the row’s order, each what the entry’s link shows', async () => {
    expect(COUNTED.map((entry) => entry.route)).toEqual([
      'patient-consent',
      'reading-report',
      'practice-intervention',
      'organization-groups',
      'incoming-messages',
      'transcript-queues',
      'sleep-return-devices',
      'latest-assigned-devices',
      'ss-resource',
    ]);
    for (const who of [admin, biller, riversideBiller]) {
      const counts = await summary(who);
      expect(Object.keys(counts)).toEqual(COUNTED.map((entry) => entry.route));
      for (const entry of COUNTED)
        expect(counts[entry.route], `${entry.route} for ${who.user.user_id}`).toBe(
          await linkedCount(entry, who),
        );
    }
    // The seeded world has something needing attention on each list but groups, which the demo has none of
    // (decisions.md "Organization Groups"); the next test adds one.
    const all = await summary(admin);
    for (const entry of COUNTED)
      if (entry.route !== 'organization-groups') expect(all[entry.route], entry.route).toBeGreaterThan(0);
  });

  it('counts only the caller’s practices: Riverside’s items are not a Northwind biller’s', async () => {
    const before = await Promise.all([summary(admin), summary(biller), summary(riversideBiller)]);
    await needsAttentionAt(riverside);
    const [all, north, south] = await Promise.all([
      summary(admin),
      summary(biller),
      summary(riversideBiller),
    ]);
    const plusOne = (counts: Counts) =>
      Object.fromEntries(Object.entries(counts).map(([route, n]) => [route, (n ?? 0) + 1]));
    expect(north).toEqual(before[1]);
    expect(south).toEqual(plusOne(before[2] as Counts));
    expect(all).toEqual(plusOne(before[0] as Counts));
    for (const entry of COUNTED) expect(south[entry.route]).toBe(await linkedCount(entry, riversideBiller));
  });

  it('counts a text as answered once someone of the care team texts the number, not when a reminder goes out', async () => {
    const place = await placeOf(t.db, biller.user.user_id);
    const patient = await makePatient(t.db, place, { identity: { mobile: '5550100288' } });
    const phone = '+15550100288';
    const at = (minutes: number) => new Date(t.clock.now().getTime() + minutes * 60_000);
    const message = (direction: 'in' | 'out', minutes: number, senderId: number | null) =>
      t.db
        .insertInto('patient_messages')
        .values({
          patient_id: patient,
          direction,
          body: direction === 'in' ? 'Is my reading OK?' : 'Yes, it is fine.',
          phone,
          status: direction === 'in' ? 'received' : 'sent',
          sender_id: senderId,
          created_at: at(minutes),
          status_at: at(minutes),
        })
        .execute();
    const before = (await summary(biller))['incoming-messages'] ?? 0;
    await message('in', 1, null);
    expect((await summary(biller))['incoming-messages']).toBe(before + 1);
    await message('out', 2, null); // a reminder, sent by nobody
    expect((await summary(biller))['incoming-messages']).toBe(before + 1);
    await message('out', 3, biller.user.user_id);
    expect((await summary(biller))['incoming-messages']).toBe(before);
  });

  it('refuses an anonymous caller (401) and a user without the Billing Utility page (403)', async () => {
    const anonymous = await injectCall(t.app, getBillingUtilitySummary, {});
    expect(anonymous.statusCode).toBe(401);
    const refused = await injectCall(t.app, getBillingUtilitySummary, {}, physician);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: 403 });
  });
});
