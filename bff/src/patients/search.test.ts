import {
  getPatientIdByMobile,
  getPatientIdentities,
  getPatientsByMobile,
  PATIENT_SEARCH_MAX,
  type PatientMatch,
  searchPatients,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';
import { type FixtureIdentity, makePatient, type Place, placeElsewhere, placeOf } from '../test-fixtures.js';

/** The header's patient search, recent charts' identities, and the caller lookup of shared numbers. */

type Signed = Awaited<ReturnType<typeof signIn>>;
let t: TestApp;
let nurse: Signed; // role 8 (Northwind)
let admin: Signed; // role 1: every practice
let agent: Signed; // role 8 with a call link
let mine: Place;
let elsewhere: Place;

/** Fixture patients by name; the names are not in the seed's lists, so a search finds only what a test made. */
const ids: Record<string, number> = {};
const make = async (key: string, identity: FixtureIdentity, place: Place = mine) => {
  ids[key] = await makePatient(t.db, place, { identity });
};

const search = (q: string, who: Signed = nurse) =>
  injectUnchecked(t.app, searchPatients, { query: { q } }, who);
const found = async (q: string, who: Signed = nurse): Promise<PatientMatch[]> => {
  const res = await search(q, who);
  expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
  return res.json().data;
};
const idsOf = (rows: readonly PatientMatch[]) => rows.map((row) => row.patient_id);

beforeAll(async () => {
  t = await startTestApp();
  nurse = await signIn(t.app, 'role8@demo.test');
  admin = await signIn(t.app, 'role1@demo.test');
  agent = await signIn(t.app, 'agent@demo.test');
  mine = await placeOf(t.db, nurse.user.user_id);
  elsewhere = await placeElsewhere(t.db, mine);
  await make('rosalba', {
    firstname: 'Rosalba',
    lastname: 'Quillon',
    dob: '1931-07-09',
    mobile: '(919) 555-0142',
    mrn: 'QZ-90210',
  });
  // Sorts before Quillon by name, but matches 'rosalba' by a prefix only.
  await make('rosalbana', { firstname: 'Rosalbana', lastname: 'Quilla' });
  await make('siobhan', { firstname: 'Siobhán', lastname: "O'Brien-Vance", phone: '919.555.0143' });
  await make('foreign', { firstname: 'Rosalba', lastname: 'Quillon', dob: '1931-07-09' }, elsewhere);
  await make('merged', { firstname: 'Rosalba', lastname: 'Quillon', dob: '1931-07-09', mrn: 'QZ-90211' });
  await t.db
    .updateTable('patients')
    .set({ merged_into_id: ids.rosalba, merged_at: new Date() })
    .where('patient_id', '=', ids.merged as number)
    .execute();
  for (let i = 0; i < PATIENT_SEARCH_MAX + 2; i++)
    await make(`limit${i}`, { firstname: `Zed${String.fromCharCode(97 + i)}`, lastname: 'Limitsonn' });
}, 60_000);
afterAll(async () => t?.close());

describe('searchPatients (000 §2.7; issue 38 §3)', () => {
  it('finds by name: any word order, a prefix of each word, case and accents ignored', async () => {
    for (const q of ['ros quil', 'Quillon Rosalba', 'QUILLON', 'qüíllön rosálba', 'quil   ros']) {
      const rows = await found(q);
      expect(idsOf(rows), q).toContain(ids.rosalba);
      expect(idsOf(rows), q).not.toContain(ids.siobhan);
    }
    expect(await found('rosalba quillonx')).toEqual([]);
  });

  it('finds names with hyphens and apostrophes however they are typed', async () => {
    for (const q of [
      "o'brien",
      'O’Brien',
      'obrien',
      'brien vance',
      'obrienvance',
      "O'Brien-Vance siobhan",
      'siob',
    ])
      expect(idsOf(await found(q)), q).toEqual([ids.siobhan]);
  });

  it('answers identity and practice, whole-word matches before prefixes, then by name', async () => {
    const rows = await found('rosalba');
    expect(idsOf(rows)).toEqual([ids.rosalba, ids.rosalbana]);
    const practice = await t.db
      .selectFrom('practices')
      .select('practice_name')
      .where('practice_id', '=', mine.practiceId)
      .executeTakeFirstOrThrow();
    expect(rows[0]).toEqual({
      patient_id: ids.rosalba,
      firstname: 'Rosalba',
      lastname: 'Quillon',
      dob: '1931-07-09',
      mrn: 'QZ-90210',
      practice_name: practice.practice_name,
    });
    // Both prefixes only: by name.
    expect(idsOf(await found('rosalb quill'))).toEqual([ids.rosalbana, ids.rosalba]);
  });

  it('finds by date of birth typed MM/DD/YYYY', async () => {
    for (const q of ['07/09/1931', '7/9/1931']) {
      const rows = await found(q);
      expect(idsOf(rows), q).toContain(ids.rosalba);
      for (const row of rows) expect(row.dob).toBe('1931-07-09');
    }
  });

  it('finds by mobile or phone digits, with or without +1 and punctuation', async () => {
    for (const q of ['+1 (919) 555-0142', '19195550142', '9195550142', '919-555-0142'])
      expect(idsOf(await found(q)), q).toEqual([ids.rosalba]);
    expect(idsOf(await found('+19195550143'))).toEqual([ids.siobhan]);
  });

  it('finds by MRN (any case) and by RPM ID, first', async () => {
    expect(idsOf(await found('qz-90210'))).toEqual([ids.rosalba]);
    const byId = await found(String(ids.siobhan));
    expect(byId[0]?.patient_id).toBe(ids.siobhan);
  });

  it('never finds a patient outside the user’s scope; role 1 finds every practice', async () => {
    const nurses = idsOf(await found('Quillon Rosalba'));
    expect(nurses).toEqual([ids.rosalba]);
    expect(idsOf(await found('07/09/1931'))).not.toContain(ids.foreign);
    expect(idsOf(await found(String(ids.foreign)))).not.toContain(ids.foreign);
    const all = idsOf(await found('Quillon Rosalba', admin));
    expect(all).toEqual(expect.arrayContaining([ids.rosalba, ids.foreign]));
  });

  it('leaves merged records out, by any way of finding', async () => {
    for (const q of ['rosalba quillon', '07/09/1931', 'QZ-90211', String(ids.merged)])
      expect(idsOf(await found(q, admin)), q).not.toContain(ids.merged);
  });

  it(`answers at most ${PATIENT_SEARCH_MAX}, by name`, async () => {
    const rows = await found('limitsonn');
    expect(idsOf(rows)).toEqual(Array.from({ length: PATIENT_SEARCH_MAX }, (_, i) => ids[`limit${i}`]));
  });

  it('refuses bad input with 400 naming q', async () => {
    for (const q of ['', '   ', 'ros<script>', '13/45/1931', '!!', 'x'.repeat(101)]) {
      const res = await search(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().field, q).toBe('q');
    }
    const missing = await injectUnchecked(t.app, searchPatients, { query: {} }, nurse);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('q');
  });

  it('needs a session', async () => {
    expect((await injectCall(t.app, searchPatients, { query: { q: 'ros' } as never })).statusCode).toBe(401);
  });
});

describe('getPatientIdentities (issue 38 §3: recent charts)', () => {
  it('answers the patients in the order asked, leaving out those out of scope and merged ones', async () => {
    const asked = [ids.siobhan, ids.foreign, ids.rosalba, ids.merged].join(',');
    const res = await injectUnchecked(t.app, getPatientIdentities, { query: { patient_id: asked } }, nurse);
    expect(res.statusCode, res.body).toBe(200);
    expect(idsOf(res.json().data)).toEqual([ids.siobhan, ids.rosalba]);
    const tooMany = await injectUnchecked(
      t.app,
      getPatientIdentities,
      { query: { patient_id: '1,2,3,4,5,6' } },
      nurse,
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().field).toBe('patient_id');
  });
});

describe('caller lookup with a shared number (000 §4.9, §5; issue 38 §2)', () => {
  const SHARED = '4155550199';
  beforeAll(async () => {
    const desk = await placeOf(t.db, agent.user.user_id);
    await make('parent', { firstname: 'Marguerite', lastname: 'Fennimore', phone: '415-555-0199' }, desk);
    await make('child', { firstname: 'Otto', lastname: 'Fennimore', mobile: '(415) 555-0199' }, desk);
    await make('away', { firstname: 'Ines', lastname: 'Fennimore', mobile: SHARED }, elsewhere);
  });

  it('lists every patient in scope with the number, mobile matches first, without the +1', async () => {
    for (const mobileNumber of [`+1${SHARED}`, SHARED]) {
      const res = await injectCall(t.app, getPatientsByMobile, { query: { mobileNumber } }, agent);
      expect(res.statusCode, res.body).toBe(200);
      const rows: PatientMatch[] = res.json().data;
      expect(idsOf(rows)).toEqual([ids.child, ids.parent]);
      expect(rows[0]).toMatchObject({ firstname: 'Otto', lastname: 'Fennimore', mrn: null });
    }
    const none = await injectCall(
      t.app,
      getPatientsByMobile,
      { query: { mobileNumber: '4155550100' } },
      agent,
    );
    expect(none.json().data).toEqual([]);
  });

  it('keeps the single-answer call of the spec: one patient, the mobile match', async () => {
    const res = await injectCall(
      t.app,
      getPatientIdByMobile,
      { query: { mobileNumber: `+1${SHARED}` } },
      agent,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ patient_id: ids.child });
  });

  it('refuses a user who is no call agent, and a bad number naming mobileNumber', async () => {
    // A biller: neither the 'Aws Call' page nor a call link.
    const biller = await signIn(t.app, 'role10@demo.test');
    const res = await injectCall(t.app, getPatientsByMobile, { query: { mobileNumber: SHARED } }, biller);
    expect(res.statusCode).toBe(403);
    const bad = await injectUnchecked(t.app, getPatientsByMobile, { query: { mobileNumber: '555' } }, agent);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('mobileNumber');
  });
});
