import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callUrl, type ListPatient, monitorList, patientsList } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestApp, type TestApp } from '../test-app.js';
import { makePatient, placeOf } from '../test-fixtures.js';

/** Identity everywhere: a list row's patient with DOB, MRN or RPM ID, and the same-name flag. */

type Row = { patient_id: number; patient: ListPatient };
let t: TestApp;
let nurse: Record<string, string>;
let nurseId: number;
let elsewhereId: number; // a user of another organisation's practice

beforeAll(async () => {
  t = await startTestApp({ seedPatients: 40 });
  const signed = await signIn(t.app, 'role8@demo.test');
  nurse = signed.headers;
  nurseId = signed.user.user_id;
  elsewhereId = (await signIn(t.app, 'role9@demo.test')).user.user_id;
}, 120_000);
afterAll(async () => t?.close());

async function rows(call: typeof patientsList.calls.list | typeof monitorList.calls.list, params = {}) {
  const query = new URLSearchParams({ rowsPerPage: '100', ...params }).toString();
  const res = await t.app.inject({ method: 'GET', url: `${callUrl(call)}?${query}`, headers: nurse });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Row[];
}

/** A patient of `userId`'s first practice named `lastname, firstname`, with `mrn`. */
async function named(userId: number, lastname: string, firstname: string, mrn: string | null = null) {
  const id = await makePatient(t.db, await placeOf(t.db, userId));
  await t.db.updateTable('patients').set({ lastname, firstname, mrn }).where('patient_id', '=', id).execute();
  return id;
}

const flags = async (search: string) =>
  new Map((await rows(patientsList.calls.list, { search })).map((r) => [r.patient_id, r.patient.same_name]));

describe('a list row names its patient (issue 38 §2)', () => {
  it('the worklist row carries the DOB and MRN the patients table holds, and the seeded namesakes are marked', async () => {
    const data = await rows(monitorList.calls.list);
    expect(data.length).toBeGreaterThan(0);
    const stored = await t.db
      .selectFrom('patients')
      .select(['patient_id', 'firstname', 'lastname', 'dob', 'mrn', 'practice_id'])
      .execute();
    const byId = new Map(stored.map((p) => [p.patient_id, p]));
    for (const row of data) {
      const p = byId.get(row.patient_id);
      expect(row.patient).toMatchObject({
        patient_id: row.patient_id,
        firstname: p?.firstname,
        lastname: p?.lastname,
        dob: p?.dob.toISOString().slice(0, 10),
        mrn: p?.mrn,
      });
      const namesakes = stored.filter(
        (o) =>
          o.patient_id !== p?.patient_id &&
          o.practice_id === p?.practice_id &&
          `${o.lastname},${o.firstname}`.toLowerCase() === `${p?.lastname},${p?.firstname}`.toLowerCase(),
      );
      expect(row.patient.same_name, JSON.stringify(row.patient)).toBe(namesakes.length > 0);
    }
    // The demo seed's HILL, ROSA case: two patients of the nurse's practice with one name, in her worklist.
    expect(data.some((row) => row.patient.same_name)).toBe(true);
  });

  it("the worklist's PDF names each patient with DOB, MRN and the 'Same name' marker", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: callUrl(monitorList.calls.pdf ?? monitorList.calls.list),
      headers: nurse,
    });
    expect(res.statusCode).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'rpm-identity-pdf-'));
    try {
      writeFileSync(join(dir, 'list.pdf'), res.rawPayload);
      const text = execFileSync('pdftotext', [join(dir, 'list.pdf'), '-']).toString();
      const twin = (await rows(monitorList.calls.list)).find((row) => row.patient.same_name)?.patient;
      expect(text).toContain(`${twin?.lastname.toUpperCase()}, ${twin?.firstname.toUpperCase()}`);
      expect(text).toMatch(/DOB \d\d\/\d\d\/\d{4}/);
      expect(text).toContain(`MRN ${twin?.mrn}`);
      expect(text).toContain('Same name');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('marks two patients of one practice with one name, case aside; not a namesake in another practice', async () => {
    const a = await named(nurseId, 'Twinley', 'Ada', 'TW-1');
    const b = await named(nurseId, 'TWINLEY', 'ada', 'TW-2');
    const lone = await named(nurseId, 'Farapart', 'Ben');
    await named(elsewhereId, 'Farapart', 'Ben');
    expect(await flags('twinley')).toEqual(
      new Map([
        [a, true],
        [b, true],
      ]),
    );
    expect(await flags('farapart')).toEqual(new Map([[lone, false]]));
  });

  it('a patient merged into another is no namesake', async () => {
    const kept = await named(nurseId, 'Mergewell', 'Cy');
    const merged = await named(nurseId, 'Mergewell', 'Cy');
    expect((await flags('mergewell')).get(kept)).toBe(true);
    await t.db
      .updateTable('patients')
      .set({ merged_into_id: kept })
      .where('patient_id', '=', merged)
      .execute();
    expect((await flags('mergewell')).get(kept)).toBe(false);
  });

  it('without an MRN the row names the RPM ID; CSV writes the identity in the name column', async () => {
    const id = await named(nurseId, 'Nomrn', 'Dee');
    const [row] = await rows(patientsList.calls.list, { search: 'nomrn' });
    expect(row?.patient).toEqual({
      patient_id: id,
      firstname: 'Dee',
      lastname: 'Nomrn',
      dob: '1950-03-04',
      mrn: null,
      same_name: false,
    });
    await named(nurseId, 'Twocsv', 'Eve', 'CSV-1');
    await named(nurseId, 'Twocsv', 'Eve', 'CSV-2');
    const csv = await t.app.inject({
      method: 'GET',
      url: `${callUrl(patientsList.calls.csv ?? patientsList.calls.list)}?search=nomrn`,
      headers: nurse,
    });
    expect(csv.body).toContain(`"NOMRN, DEE · DOB 03/04/1950 · RPM ID ${id}"`);
    const twins = await t.app.inject({
      method: 'GET',
      url: `${callUrl(patientsList.calls.csv ?? patientsList.calls.list)}?search=twocsv`,
      headers: nurse,
    });
    expect(twins.body).toContain('"TWOCSV, EVE · DOB 03/04/1950 · MRN CSV-1 · Same name"');
    expect(twins.body).toContain('"TWOCSV, EVE · DOB 03/04/1950 · MRN CSV-2 · Same name"');
  });
});
