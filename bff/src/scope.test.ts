import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.js';
import { SESSION_COOKIE } from './auth/session-cookie.js';
import { requireSession } from './auth/sessions.js';
import { systemClock } from './clock.js';
import type { Db } from './db/schema.js';
import { type TestDatabase, testDatabase } from './db/test-database.js';
import { DOMAIN_ERROR_STATUS, DomainError } from './domain-errors.js';
import {
  assertPageAccess,
  assertPatientAccess,
  NO_PATIENT_ACCESS,
  patientScope,
  userInOrganizations,
  userOrganizations,
  visibleOrganizations,
} from './scope.js';
import { signIn, testConfig } from './test-app.js';

let database: TestDatabase;
let db: Db;
/** A user we build here: role 8, a member of one location of a practice only. */
let locationOnly: number;
let practiceId: number;
let inLocation: number;
let otherLocation: number;

const idOf = async (username: string) =>
  (await db.selectFrom('users').select('user_id').where('username', '=', username).executeTakeFirstOrThrow())
    .user_id;

beforeAll(async () => {
  database = await testDatabase({ seedPatients: 5 });
  db = database.db;
  // A practice with two locations, one patient in each.
  const practice = await db
    .selectFrom('practices')
    .innerJoin('locations', 'locations.practice_id', 'practices.practice_id')
    .select(['practices.practice_id', 'practices.organization_id'])
    .groupBy(['practices.practice_id', 'practices.organization_id'])
    .having((eb) => eb.fn.countAll(), '>=', 2)
    .orderBy('practices.practice_id')
    .executeTakeFirstOrThrow();
  practiceId = practice.practice_id;
  const locations = await db
    .selectFrom('locations')
    .select('location_id')
    .where('practice_id', '=', practiceId)
    .orderBy('location_id')
    .execute();
  const [a, b] = locations.map((l) => l.location_id);
  if (a === undefined || b === undefined) throw new Error('need two locations');
  const patient = (location_id: number) =>
    db
      .insertInto('patients')
      .values({
        organization_id: practice.organization_id,
        practice_id: practiceId,
        location_id,
        firstname: 'Scope',
        lastname: `Test ${location_id}`,
        dob: '1950-01-01',
        gender: 'U',
      })
      .returning('patient_id')
      .executeTakeFirstOrThrow();
  inLocation = (await patient(a)).patient_id;
  otherLocation = (await patient(b)).patient_id;
  const user = await db
    .insertInto('users')
    .values({ username: 'location-only@demo.test', password_hash: 'x', firstname: 'Lo', lastname: 'Cation' })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  locationOnly = user.user_id;
  await db.insertInto('user_roles').values({ user_id: locationOnly, role_id: 8 }).execute();
  await db
    .insertInto('user_practices')
    .values({ user_id: locationOnly, practice_id: practiceId, location_id: a })
    .execute();
});
afterAll(async () => database.close());

async function outcome(userId: number, roleid: number[], patientId: number): Promise<number> {
  try {
    await assertPatientAccess(db, { userId, roleid }, patientId);
    return 200;
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    expect(err.field).toBe('patient_id');
    // Outside the scope answers exactly as no such patient.
    if (err.kind === 'not_found') expect(err.message).toBe(`Patient ${patientId} does not exist.`);
    return DOMAIN_ERROR_STATUS[err.kind];
  }
}

describe('assertPatientAccess', () => {
  it.each([
    ['a location-only member, a patient of that location', () => locationOnly, [8], () => inLocation, 200],
    [
      'a location-only member, a patient of another location',
      () => locationOnly,
      [8],
      () => otherLocation,
      404,
    ],
    ['the top administrator (lowest role 1), any patient', () => 1, [1, 8], () => otherLocation, 200],
    ['anyone, a patient that does not exist', () => locationOnly, [8], () => 999_999, 404],
  ])('%s → %i', async (_, user, roles, patient, status) => {
    expect(await outcome(user(), roles, patient())).toBe(status);
  });

  it('lets whole-practice members see every location, and no other practice', async () => {
    const member = await db
      .selectFrom('user_practices')
      .select('user_id')
      .where('practice_id', '=', practiceId)
      .where('location_id', 'is', null)
      .where('user_id', '<>', 1)
      .executeTakeFirstOrThrow();
    expect(await outcome(member.user_id, [8], inLocation)).toBe(200);
    expect(await outcome(member.user_id, [8], otherLocation)).toBe(200);
    const elsewhere = await db
      .selectFrom('patients')
      .select('patient_id')
      .where('practice_id', 'not in', (eb) =>
        eb.selectFrom('user_practices').select('practice_id').where('user_id', '=', member.user_id),
      )
      .executeTakeFirstOrThrow();
    expect(await outcome(member.user_id, [8], elsewhere.patient_id)).toBe(404);
  });
});

describe('patientScope', () => {
  it('filters a patient list in SQL', async () => {
    const scope = await patientScope(db, { userId: locationOnly, roleid: [8] });
    expect(scope.all).toBe(false);
    expect(scope.practiceIds).toEqual([practiceId]);
    expect(scope.hasPractice(practiceId)).toBe(true);
    const rows = await db.selectFrom('patients').select('patient_id').where(scope.visible()).execute();
    const ids = rows.map((r) => r.patient_id);
    expect(ids).toContain(inLocation);
    expect(ids).not.toContain(otherLocation);
    // With an alias.
    const aliased = await db
      .selectFrom('patients as p')
      .select('p.patient_id')
      .where(scope.visible('p'))
      .execute();
    expect(aliased.map((r) => r.patient_id)).toEqual(ids);
  });

  it('sees everything for lowest role 1', async () => {
    const scope = await patientScope(db, { userId: 1, roleid: [1, 5] });
    const all = await db.selectFrom('patients').select('patient_id').execute();
    const seen = await db.selectFrom('patients').select('patient_id').where(scope.visible()).execute();
    expect(seen.length).toBe(all.length);
    expect(scope.hasPractice(12345)).toBe(true);
  });

  it("uses the practices read with the call's session, with no query of its own (issue 17 goal 3)", async () => {
    const app = await createApp({ config: testConfig(), db });
    const { user, headers } = await signIn(app, 'role8@demo.test');
    await app.close();
    const { user: sessionUser } = await requireSession(db, systemClock, {
      uid: user.user_id,
      token: user.token,
      cookieSecret: decodeURIComponent(headers.cookie?.slice(`${SESSION_COOKIE}=`.length) ?? ''),
    });
    const memberships = await db
      .selectFrom('user_practices')
      .select('practice_id')
      .distinct()
      .where('user_id', '=', user.user_id)
      .orderBy('practice_id')
      .execute();
    expect(sessionUser.practiceIds).toEqual(memberships.map((row) => row.practice_id));
    expect(sessionUser.practiceIds.length).toBeGreaterThan(0);
    const noDatabase = new Proxy({} as Db, {
      get: () => {
        throw new Error('patientScope queried the database');
      },
    });
    const scope = await patientScope(noDatabase, {
      userId: user.user_id,
      roleid: [8],
      practiceIds: sessionUser.practiceIds,
    });
    expect(scope.practiceIds).toEqual(sessionUser.practiceIds);
  });
});

describe('organisations', () => {
  it('are the home organisation, the practices’ organisations and the ones the user created', async () => {
    const role5 = await idOf('role5@demo.test'); // Riverside, both practices
    const riverside = await db
      .selectFrom('organizations')
      .select('organization_id')
      .where('organization_name', '=', 'Riverside Family Health')
      .executeTakeFirstOrThrow();
    expect(await userOrganizations(db, role5)).toEqual([riverside.organization_id]);
    const created = await db
      .insertInto('organizations')
      .values({ organization_name: 'Scope Test Org', organization_details: 'x', created_by: role5 })
      .returning('organization_id')
      .executeTakeFirstOrThrow();
    expect(await userOrganizations(db, role5)).toEqual(
      [riverside.organization_id, created.organization_id].sort((a, b) => a - b),
    );
    expect(await visibleOrganizations(db, { userId: role5, roleid: [5] })).toHaveLength(2);
    expect(await visibleOrganizations(db, { userId: role5, roleid: [1, 5] })).toBe('all');
  });

  it('userInOrganizations matches members by home, practice or creation, and nothing for an empty list', async () => {
    const lo = await db
      .selectFrom('users')
      .select('user_id')
      .where('user_id', '=', locationOnly)
      .where(userInOrganizations(await userOrganizations(db, locationOnly)))
      .execute();
    expect(lo).toHaveLength(1);
    const none = await db.selectFrom('users').select('user_id').where(userInOrganizations([])).execute();
    expect(none).toEqual([]);
  });
});

describe('assertPageAccess (the one 403, 000 §8 Map Patient; issue 11 #6)', () => {
  it("answers a patient outside the scope with the spec's 403 and an unknown one with 404", async () => {
    await expect(
      assertPageAccess(db, { userId: locationOnly, roleid: [8] }, otherLocation),
    ).rejects.toMatchObject({
      kind: 'forbidden', // 403
      message: NO_PATIENT_ACCESS,
      field: 'patient_id',
    });
    await expect(assertPageAccess(db, { userId: locationOnly, roleid: [8] }, 999_999)).rejects.toMatchObject({
      kind: 'not_found', // 404
    });
    expect((await assertPageAccess(db, { userId: locationOnly, roleid: [8] }, inLocation)).patientId).toBe(
      inLocation,
    );
  });
});
