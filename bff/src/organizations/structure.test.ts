// Over 300 lines: practices, locations and who may write them: one world of fixtures.
import {
  addLocation,
  addPractice,
  locationsList,
  MSG,
  practicesList,
  updateLocation,
  updatePractice,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';
import { rowCounts } from '../test-rows.js';

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let orgAdmin: Signed; // role 2, Northwind
let nurse: Signed; // role 8: no 'Practices Table'
let northwind: number;
let riverside: number;
let riversidePractice: number;
let riversideLocation: number;

const orgId = async (name: string) =>
  (
    await t.db
      .selectFrom('organizations')
      .select('organization_id')
      .where('organization_name', '=', name)
      .executeTakeFirstOrThrow()
  ).organization_id;

beforeAll(async () => {
  t = await startTestApp();
  orgAdmin = await signIn(t.app, 'role2@demo.test');
  nurse = await signIn(t.app, 'role8@demo.test');
  northwind = await orgId('Northwind Cardiology Group');
  riverside = await orgId('Riverside Family Health');
  const place = await t.db
    .selectFrom('locations as l')
    .innerJoin('practices as p', 'p.practice_id', 'l.practice_id')
    .select(['l.location_id', 'p.practice_id'])
    .where('p.organization_id', '=', riverside)
    .executeTakeFirstOrThrow();
  riversidePractice = place.practice_id;
  riversideLocation = place.location_id;
});
afterAll(async () => t.close());

const WRITES = ['practices', 'locations', 'location_programs', 'audit_log'] as const;

describe('practices (000 §2.4 Practices Table)', () => {
  it('creates a practice in the caller’s organisation with its audit row, once per Idempotency-Key', async () => {
    const before = await rowCounts(t.db, WRITES);
    const send = () =>
      injectCall(
        t.app,
        addPractice,
        {
          body: { practice_name: ' Lakeside Heart ', organization_id: northwind },
          headers: { 'idempotency-key': 'practice-lakeside-1' },
        },
        orgAdmin,
      );
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 1, message: MSG.addedSuccessfully });
    expect((await send()).json()).toEqual(first.json());
    const after = await rowCounts(t.db, WRITES);
    expect(after.practices).toBe(before.practices + 1);
    expect(after.audit_log).toBe(before.audit_log + 1);
    const row = await t.db
      .selectFrom('practices')
      .selectAll()
      .where('practice_id', '=', first.json().data.practice_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ practice_name: 'Lakeside Heart', organization_id: northwind });
  });

  it.each([
    ['special characters in the name', { practice_name: 'Acme & Sons' }, 400, 'practice_name'],
    ['an empty name', { practice_name: '  ' }, 400, 'practice_name'],
    ['another organisation', { organization_id: 0 }, 400, 'organization_id'],
  ])('refuses %s naming the field, writing nothing', async (_what, body, status, field) => {
    const before = await rowCounts(t.db, WRITES);
    const res = await injectUnchecked(
      t.app,
      addPractice,
      { body: { practice_name: 'Good Name', organization_id: northwind, ...body } },
      orgAdmin,
    );
    expect(res.statusCode).toBe(status);
    expect(res.json().field).toBe(field);
    expect(await rowCounts(t.db, WRITES)).toEqual(before);
  });

  it("refuses a practice in another organisation with 403 and an edit of another's practice with 404", async () => {
    const before = await rowCounts(t.db, WRITES);
    const add = await injectCall(
      t.app,
      addPractice,
      { body: { practice_name: 'Intruder', organization_id: riverside } },
      orgAdmin,
    );
    expect(add.statusCode).toBe(403);
    expect(add.json().field).toBe('organization_id');
    const edit = await injectCall(
      t.app,
      updatePractice,
      { body: { practice_id: riversidePractice, practice_name: 'Renamed' } },
      orgAdmin,
    );
    expect(edit.statusCode).toBe(404);
    expect(edit.json().field).toBe('practice_id');
    expect(await rowCounts(t.db, WRITES)).toEqual(before);
  });

  it('sets the practice’s alert escalation minutes, audited, shown on the Practices list; out of range is a 400 naming the field', async () => {
    const practice = await t.db
      .selectFrom('practices')
      .select(['practice_id', 'practice_name'])
      .where('organization_id', '=', northwind)
      .executeTakeFirstOrThrow();
    const save = (minutes: Record<string, number>) =>
      injectUnchecked(
        t.app,
        updatePractice,
        { body: { practice_id: practice.practice_id, practice_name: practice.practice_name, ...minutes } },
        orgAdmin,
      );
    const before = await rowCounts(t.db, WRITES);
    const tooLong = await save({ escalation_critical_minutes: 1441 });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().field).toBe('escalation_critical_minutes');
    expect((await save({ escalation_abnormal_minutes: 0 })).json().field).toBe('escalation_abnormal_minutes');
    expect(await rowCounts(t.db, WRITES)).toEqual(before);
    const ok = await save({ escalation_critical_minutes: 10, escalation_abnormal_minutes: 120 });
    expect(ok.statusCode, ok.body).toBe(200);
    const row = await t.db
      .selectFrom('practices')
      .select(['escalation_critical_minutes', 'escalation_abnormal_minutes'])
      .where('practice_id', '=', practice.practice_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ escalation_critical_minutes: 10, escalation_abnormal_minutes: 120 });
    const audit = await t.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'update_practice')
      .orderBy('audit_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.detail).toMatchObject({ escalation_critical_minutes: 10, escalation_abnormal_minutes: 120 });
    // A rename alone leaves the minutes as they are.
    expect((await save({})).statusCode).toBe(200);
    const list = await injectCall(
      t.app,
      practicesList.calls.list,
      { query: { search: practice.practice_name } },
      orgAdmin,
    );
    expect(
      list.json().data.find((p: { practice_id: number }) => p.practice_id === practice.practice_id),
    ).toMatchObject({
      escalation_critical_minutes: 10,
      escalation_abnormal_minutes: 120,
    });
  });

  it('needs the Practices Table page', async () => {
    const res = await injectCall(
      t.app,
      addPractice,
      { body: { practice_name: 'Nurse Practice', organization_id: northwind } },
      nurse,
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('locations and their programs (000 §2.4 Locations Table)', () => {
  it('creates a location with its programs, edits both; the Locations list shows them', async () => {
    const practice = await t.db
      .selectFrom('practices')
      .select('practice_id')
      .where('organization_id', '=', northwind)
      .executeTakeFirstOrThrow();
    const added = await injectCall(
      t.app,
      addLocation,
      { body: { location_name: 'North Annex', practice_id: practice.practice_id, program_ids: [2, 1] } },
      orgAdmin,
    );
    expect(added.statusCode, added.body).toBe(200);
    const locationId = added.json().data.location_id as number;
    const before = await rowCounts(t.db, ['audit_log']);
    const edited = await injectCall(
      t.app,
      updateLocation,
      { body: { location_id: locationId, location_name: 'North Annex East', program_ids: [3] } },
      orgAdmin,
    );
    expect(edited.json()).toMatchObject({ status: 1, message: MSG.updatedSuccessfully });
    expect((await rowCounts(t.db, ['audit_log'])).audit_log).toBe(before.audit_log + 1);
    const page = await injectCall(
      t.app,
      locationsList.calls.list,
      { query: { search: 'annex east' } as never },
      orgAdmin,
    );
    expect(page.json().data).toEqual([
      expect.objectContaining({ location_id: locationId, programs: 'BHI', program_ids: [3] }),
    ]);
  });

  it('refuses an unknown program and a repeated one naming program_ids, writing nothing', async () => {
    const admin = await signIn(t.app, 'role1@demo.test');
    const before = await rowCounts(t.db, WRITES);
    for (const program_ids of [[99], [1, 1]]) {
      const res = await injectUnchecked(
        t.app,
        updateLocation,
        { body: { location_id: riversideLocation, location_name: 'X', program_ids } },
        admin,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('program_ids');
    }
    expect(await rowCounts(t.db, WRITES)).toEqual(before);
  });

  it("answers another organisation's location or practice as unknown (404)", async () => {
    const before = await rowCounts(t.db, WRITES);
    const edit = await injectCall(
      t.app,
      updateLocation,
      { body: { location_id: riversideLocation, location_name: 'Mine Now', program_ids: [] } },
      orgAdmin,
    );
    expect(edit.statusCode).toBe(404);
    expect(edit.json().field).toBe('location_id');
    const add = await injectCall(
      t.app,
      addLocation,
      { body: { location_name: 'Mine Too', practice_id: riversidePractice, program_ids: [] } },
      orgAdmin,
    );
    expect(add.statusCode).toBe(404);
    expect(add.json().field).toBe('practice_id');
    expect(await rowCounts(t.db, WRITES)).toEqual(before);
  });
});

describe('practice writes need membership (issue 44; decisions.md "Practice writes need membership")', () => {
  /** The coordinator's practices and another practice of the same organisation. */
  async function places(userId: number) {
    const mine = await t.db
      .selectFrom('user_practices')
      .select('practice_id')
      .where('user_id', '=', userId)
      .execute();
    const own = mine.map((r) => r.practice_id);
    const { organization_id } = await t.db
      .selectFrom('practices')
      .select('organization_id')
      .where('practice_id', '=', own[0] as number)
      .executeTakeFirstOrThrow();
    const other = await t.db
      .selectFrom('practices')
      .select('practice_id')
      .where('organization_id', '=', organization_id)
      .where('practice_id', 'not in', own)
      .executeTakeFirstOrThrow();
    const otherLocation = await t.db
      .selectFrom('locations')
      .select('location_id')
      .where('practice_id', '=', other.practice_id)
      .executeTakeFirstOrThrow();
    return {
      own: own[0] as number,
      organization_id,
      other: other.practice_id,
      otherLocation: otherLocation.location_id,
    };
  }

  it("answers a care coordinator's write to another practice of their organisation as unknown, writing nothing", async () => {
    const coordinator = await signIn(t.app, 'role9@demo.test');
    const p = await places(coordinator.user.user_id);
    const before = await rowCounts(t.db, WRITES);
    const writes = [
      await injectUnchecked(
        t.app,
        updatePractice,
        { body: { practice_id: p.other, practice_name: 'Renamed' } },
        coordinator,
      ),
      await injectUnchecked(
        t.app,
        addLocation,
        {
          body: { location_name: 'Foreign Annex', practice_id: p.other, program_ids: [1] },
          headers: { 'idempotency-key': 'location-foreign-1' },
        },
        coordinator,
      ),
      await injectUnchecked(
        t.app,
        updateLocation,
        { body: { location_id: p.otherLocation, location_name: 'Renamed', program_ids: [1] } },
        coordinator,
      ),
    ];
    expect(writes.map((r) => [r.statusCode, r.json().field])).toEqual([
      [404, 'practice_id'],
      [404, 'practice_id'],
      [404, 'location_id'],
    ]);
    const add = await injectUnchecked(
      t.app,
      addPractice,
      {
        body: { practice_name: 'Coordinator Practice', organization_id: p.organization_id },
        headers: { 'idempotency-key': 'practice-coordinator-1' },
      },
      coordinator,
    );
    expect([add.statusCode, add.json().field]).toEqual([403, 'organization_id']);
    expect(await rowCounts(t.db, WRITES)).toEqual(before);
  });

  it('lets the care coordinator add a location to their own practice', async () => {
    const coordinator = await signIn(t.app, 'role9@demo.test');
    const p = await places(coordinator.user.user_id);
    const res = await injectCall(
      t.app,
      addLocation,
      {
        body: { location_name: 'Coordinator Annex', practice_id: p.own, program_ids: [1] },
        headers: { 'idempotency-key': 'location-coordinator-1' },
      },
      coordinator,
    );
    expect(res.statusCode, res.body).toBe(200);
  });
});
