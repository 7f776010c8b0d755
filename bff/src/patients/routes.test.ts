import { addCheckInEntry, getDetailsByUserID, getLanguages } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';
import { rowCounts } from '../test-rows.js';

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let nurse: Signed; // role 8, Northwind (first practice)
let lead: Signed; // role 5, Riverside: no check-ins
let admin: Signed; // role 1
let mine: number; // a patient of the nurse's practice
let foreign: number; // a patient outside it

beforeAll(async () => {
  t = await startTestApp();
  nurse = await signIn(t.app, 'role8@demo.test');
  lead = await signIn(t.app, 'role5@demo.test');
  admin = await signIn(t.app, 'role1@demo.test');
  const practices = t.db
    .selectFrom('user_practices')
    .select('practice_id')
    .where('user_id', '=', nurse.user.user_id);
  mine = (
    await t.db
      .selectFrom('patients')
      .select('patient_id')
      .where('practice_id', 'in', practices)
      .executeTakeFirstOrThrow()
  ).patient_id;
  foreign = (
    await t.db
      .selectFrom('patients')
      .select('patient_id')
      .where('practice_id', 'not in', practices)
      .executeTakeFirstOrThrow()
  ).patient_id;
});
afterAll(async () => t.close());

const details = (query: Record<string, unknown>, who: Signed) =>
  injectUnchecked(t.app, getDetailsByUserID, { query }, who);
const checkIn = (who: Signed, body: unknown) => injectUnchecked(t.app, addCheckInEntry, { body }, who);

describe('getDetailsByUserID (000 §4.6, §7)', () => {
  it('answers the patient of the caller’s practice', async () => {
    const res = await details({ userid: mine, roleid: 7 }, nurse);
    expect(res.statusCode).toBe(200);
    const p = await t.db
      .selectFrom('patients')
      .selectAll()
      .where('patient_id', '=', mine)
      .executeTakeFirstOrThrow();
    expect(res.json()).toEqual({
      status: 1,
      data: {
        patient_id: mine,
        firstname: p.firstname,
        lastname: p.lastname,
        dob: p.dob.toISOString().slice(0, 10),
        mobile: p.mobile,
        phone: p.phone,
        organization_id: p.organization_id,
        practice_id: p.practice_id,
        location_id: p.location_id,
      },
    });
  });

  it.each(['role14@demo.test', 'role20@demo.test'])(
    "refuses %s (sales, technician), who has no 'Patient Chart' entry (issue 11 #4)",
    async (username) => {
      const who = await signIn(t.app, username);
      const res = await details({ userid: mine, roleid: 7 }, who);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).not.toContain(String(mine));
    },
  );

  it('answers any patient for role 1', async () => {
    expect((await details({ userid: foreign, roleid: 7 }, admin)).statusCode).toBe(200);
  });

  it.each([
    ['a patient outside the caller’s practices', () => ({ userid: foreign, roleid: 7 }), 404, 'userid'],
    ['an unknown patient', () => ({ userid: 999999, roleid: 7 }), 404, 'userid'],
    ['a role other than 7', () => ({ userid: mine, roleid: 6 }), 400, 'roleid'],
    ['a missing roleid', () => ({ userid: mine }), 400, 'roleid'],
    ['a userid that is not a number', () => ({ userid: 'abc', roleid: 7 }), 400, 'userid'],
    ['a negative userid', () => ({ userid: -3, roleid: 7 }), 400, 'userid'],
    ['a userid beyond the integer keys', () => ({ userid: 3000000000, roleid: 7 }), 400, 'userid'],
  ])('refuses %s, naming the field', async (_, query, status, field) => {
    const res = await details(query(), nurse);
    expect(res.statusCode).toBe(status);
    expect(res.json().field).toBe(field);
    // A foreign patient and an unknown one get the same answer.
    if (status === 404) expect(res.json().message).toMatch(/^Patient \d+ does not exist\.$/);
  });
});

describe('addCheckInEntry (000 §4.6, §6.2)', () => {
  it('records a check-in with its audit row', async () => {
    const before = await rowCounts(t.db, ['check_ins', 'audit_log']);
    const res = await checkIn(nurse, { patient_id: mine });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe(1);
    expect(await rowCounts(t.db, ['check_ins', 'audit_log'])).toEqual({
      check_ins: before.check_ins + 1,
      audit_log: before.audit_log + 1,
    });
    const row = await t.db
      .selectFrom('check_ins')
      .selectAll()
      .orderBy('check_in_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ patient_id: mine, user_id: nurse.user.user_id });
    expect(row.created_at.getTime()).toBe(t.clock.now().getTime());
  });

  it.each([
    [
      'a patient outside the caller’s practices',
      () => nurse,
      () => ({ patient_id: foreign }),
      404,
      'patient_id',
    ],
    ['an unknown patient', () => nurse, () => ({ patient_id: 999_999 }), 404, 'patient_id'],
    ['a string patient id', () => nurse, () => ({ patient_id: String(mine) }), 400, 'patient_id'],
    ['no patient id', () => nurse, () => ({}), 400, 'patient_id'],
    [
      'a patient id beyond the integer keys',
      () => nurse,
      () => ({ patient_id: 3_000_000_000 }),
      400,
      'patient_id',
    ],
    ['a role that makes no check-ins (5)', () => lead, () => ({ patient_id: mine }), 403, undefined],
  ])('refuses %s and writes nothing', async (_, who, body, status, field) => {
    const before = await rowCounts(t.db, ['check_ins', 'audit_log']);
    const res = await checkIn(who(), body());
    expect(res.statusCode).toBe(status);
    expect(res.json().field).toBe(field);
    expect(await rowCounts(t.db, ['check_ins', 'audit_log'])).toEqual(before);
  });
});

describe('getLanguages (000 §2.10, §9)', () => {
  it('lists 1 English, 2 Arabic, 3 Spanish', async () => {
    expect((await injectCall(t.app, getLanguages, {}, lead)).json()).toEqual({
      status: 1,
      data: [
        { language_id: 1, language: 'English' },
        { language_id: 2, language: 'Arabic' },
        { language_id: 3, language: 'Spanish' },
      ],
    });
  });

  it('needs a session', async () => {
    expect((await injectCall(t.app, getLanguages)).statusCode).toBe(401);
  });
});
