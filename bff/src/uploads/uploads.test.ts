import { UPLOAD_CALLS } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCall, type TestApp } from '../test-app.js';
import { type Place, placeElsewhere } from '../test-fixtures.js';
import {
  commit,
  countOf,
  csvFile,
  errorReport,
  PATIENT_HEADER as HEADER,
  previewed,
  problemLines,
  type Signed,
  startPatientUploads,
} from './test-world.js';

let t: TestApp;
let admin: Signed; // role 2: Bulk Uploads and a registering role
let place: Place;
let row: (change?: Record<string, string>) => string[];

beforeAll(async () => {
  ({ t, admin, place, row } = await startPatientUploads());
});
afterAll(async () => {
  await t.close();
});

describe('Bulk Uploads (issue 38 §4; decisions.md "CSV uploads")', () => {
  it('round-trips the template: its columns filled are all valid, and the commit registers each patient', async () => {
    const res = await injectCall(t.app, UPLOAD_CALLS.patients.template, {}, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('patients-template.csv');
    const header = res.body.trim().split(',');
    expect(header).toEqual(HEADER);
    const before = await countOf(t.db, 'patients');
    const summary = await previewed(t, 'patients', csvFile([header, row(), row(), row()]), admin);
    expect(problemLines(summary)).toEqual([]);
    expect(summary.counts).toMatchObject({ rows: 3, new: 3, invalid: 0, duplicate: 0 });
    expect(await countOf(t.db, 'patients')).toBe(before); // a preview writes no patient
    const done = await commit(t, 'patients', admin, summary.upload_id);
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'committed', counts: { created: 3, updated: 0 } });
    expect(await countOf(t.db, 'patients')).toBe(before + 3);
    const audits = await t.db
      .selectFrom('audit_log')
      .select(['detail', 'user_id'])
      .where('action', '=', 'upload_patient')
      .execute();
    expect(audits).toHaveLength(3);
    expect(audits.every((a) => a.user_id === admin.user.user_id)).toBe(true);
    expect(JSON.stringify(audits[0]?.detail)).toContain(`"upload_id":${summary.upload_id}`);
    const stored = await t.db
      .selectFrom('patients')
      .select(['mobile', 'city', 'language_id', 'practice_id', 'ccm_status'])
      .where('mrn', '=', summary.rows[0]?.cells[2] as string)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      mobile: expect.stringMatching(/^404555\d{4}$/),
      city: 'Atlanta, GA',
      language_id: 1,
      practice_id: place.practiceId,
      ccm_status: 1,
    });
    expect((await commit(t, 'patients', admin, summary.upload_id)).statusCode).toBe(409);
  });

  it('names every problem by row and column, and the error report holds those rows as the file had them', async () => {
    const elsewhere = await placeElsewhere(t.db, place);
    const rows = [
      row({ 'Date of Birth': '02/30/1950' }), // 2
      row({ 'First Name': '' }), // 3
      row({ Sex: 'X' }), // 4
      row({ Practice: 'No Such Practice' }), // 5
      row({ Location: 'Nowhere' }), // 6
      row({ 'Diagnosis Codes': '110' }), // 7
      row({ Mobile: '555-0101' }), // 8
      row({ 'Insurance Plan': 'Medicare Part B' }), // 9: a plan without its member id
      row({ 'RPM Status': 'Enrolled' }), // 10: not a first status
      row({ 'Last Name': '=HYPERLINK("http://x")' }), // 11: a formula, neutralised in the report
      row({ Practice: String(elsewhere.practiceId) }), // 12: a practice outside the user's
      row(), // 13: valid
    ];
    const summary = await previewed(t, 'patients', csvFile([HEADER, ...rows]), admin);
    const lines = problemLines(summary);
    expect(lines).toEqual([
      expect.stringMatching(/^2 Date of Birth: /),
      '3 First Name: Required',
      '4 Sex: Write M, F, O or U.',
      "5 Practice: No practice of yours 'No Such Practice'.",
      "6 Location: No location of the practice 'Nowhere'.",
      expect.stringMatching(/^7 Diagnosis Codes: /),
      '8 Mobile: Enter 10 digits',
      '9 Member ID: Enter the member id of the insurance plan',
      '10 RPM Status: Choose a first RPM status',
      expect.stringMatching(/^11 Last Name: /),
      `12 Practice: No practice of yours '${elsewhere.practiceId}'.`,
    ]);
    expect(summary.counts).toMatchObject({ rows: 12, new: 1, invalid: 11 });
    expect(summary.rows.find((r) => r.row === 13)?.outcome).toBe('new');
    const before = await countOf(t.db, 'patients');
    const done = (await commit(t, 'patients', admin, summary.upload_id)).json();
    expect(done.data.counts).toMatchObject({ created: 1, invalid: 11 });
    expect(await countOf(t.db, 'patients')).toBe(before + 1);
    // Nothing of the foreign practice's row was written.
    expect(
      await t.db
        .selectFrom('patients')
        .select('patient_id')
        .where('practice_id', '=', elsewhere.practiceId)
        .where('mrn', '=', rows[10]?.[2] as string)
        .execute(),
    ).toEqual([]);
    const report = await errorReport(t, 'patients', admin, summary.upload_id);
    expect(report.res.statusCode).toBe(200);
    expect(report.rows[0]).toEqual(['Row', ...HEADER, 'Problems']);
    expect(report.rows.slice(1).map((r) => r[0])).toEqual([
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '11',
      '12',
    ]);
    const formula = report.rows.find((r) => r[0] === '11') as string[];
    expect(formula[1 + HEADER.indexOf('Last Name')]).toBe(`'=HYPERLINK("http://x")`);
    expect(formula.at(-1)).toMatch(/^Last Name: /);
  });

  it('all or nothing writes nothing while a row is invalid; the same upload then commits its valid rows', async () => {
    const summary = await previewed(
      t,
      'patients',
      csvFile([HEADER, row(), row({ MRN: 'bad mrn' }), row()]),
      admin,
    );
    expect(summary.counts).toMatchObject({ new: 2, invalid: 1 });
    const before = await countOf(t.db, 'patients');
    const refused = await commit(t, 'patients', admin, summary.upload_id, { all_or_nothing: true });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().data).toMatchObject({ status: 'rejected', counts: { created: 0 } });
    expect(refused.json().message).toContain('Nothing was written');
    expect(await countOf(t.db, 'patients')).toBe(before);
    const done = await commit(t, 'patients', admin, summary.upload_id);
    expect(done.json().data).toMatchObject({ status: 'committed', counts: { created: 2 } });
    expect(await countOf(t.db, 'patients')).toBe(before + 2);
  });

  it('is idempotent by MRN: the same file again changes nothing; a changed row updates only when chosen', async () => {
    const rows = [row(), row()];
    const file = csvFile([HEADER, ...rows]);
    const first = await previewed(t, 'patients', file, admin);
    await commit(t, 'patients', admin, first.upload_id);
    const patients = await countOf(t.db, 'patients');
    const again = await previewed(t, 'patients', file, admin);
    expect(again.counts).toMatchObject({ rows: 2, new: 0, unchanged: 2, update: 0 });
    const audits = await countOf(t.db, 'audit_log');
    expect((await commit(t, 'patients', admin, again.upload_id)).json().data.counts).toMatchObject({
      created: 0,
      updated: 0,
    });
    expect(await countOf(t.db, 'patients')).toBe(patients);
    // The commit's own audit row only.
    expect(await countOf(t.db, 'audit_log')).toBe(audits + 1);

    const changed = [...(rows[0] as string[])];
    changed[HEADER.indexOf('City')] = 'Macon';
    const update = await previewed(t, 'patients', csvFile([HEADER, changed, rows[1] as string[]]), admin);
    expect(update.counts).toMatchObject({ update: 1, unchanged: 1 });
    const skipped = (await commit(t, 'patients', admin, update.upload_id)).json().data;
    expect(skipped.counts).toMatchObject({ updated: 0 });
    expect((await errorReport(t, 'patients', admin, update.upload_id)).rows[1]?.at(-1)).toContain(
      'not updated',
    );

    const applied = await previewed(t, 'patients', csvFile([HEADER, changed]), admin);
    expect(
      (await commit(t, 'patients', admin, applied.upload_id, { update_existing: true })).json().data.counts,
    ).toMatchObject({ updated: 1 });
    const stored = await t.db
      .selectFrom('patients')
      .select(['patient_id', 'city', 'version'])
      .where('mrn', '=', changed[2] as string)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ city: 'Macon', version: 2 });
    const audit = await t.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'update_demographics')
      .where('entity_id', '=', String(stored.patient_id))
      .executeTakeFirstOrThrow();
    expect(audit.detail).toMatchObject({
      upload_id: applied.upload_id,
      version: 2,
      changes: { city: { before: 'Atlanta, GA', after: 'Macon' } },
    });
  });

  it('marks every row of an MRN the file repeats as a duplicate', async () => {
    const a = row();
    const b = row({ MRN: a[2] as string, 'First Name': 'Other' });
    const summary = await previewed(t, 'patients', csvFile([HEADER, a, row(), b]), admin);
    expect(summary.counts).toMatchObject({ new: 1, duplicate: 2 });
    expect(problemLines(summary)).toEqual([
      `2 MRN: MRN ${a[2]} is also in row 4.`,
      `4 MRN: MRN ${a[2]} is also in row 2.`,
    ]);
  });
});
