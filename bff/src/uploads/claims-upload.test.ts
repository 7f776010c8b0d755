import { CLAIM_TEXT, UPLOAD_CALLS, UPLOAD_TEXT } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCall, signIn, type TestApp } from '../test-app.js';
import { makePatient, placeOf } from '../test-fixtures.js';
import { rowCounts } from '../test-rows.js';
import {
  commit,
  csvFile,
  CLAIM_HEADER as HEADER,
  preview,
  previewed,
  problemLines,
  type Signed,
  startClaimUploads,
} from './test-world.js';

let t: TestApp;
let biller: Signed; // role 10, Northwind: every practice of her organisation
let patient: number;
let line: Awaited<ReturnType<typeof startClaimUploads>>['line'];

const TABLES = ['claim_status_lines', 'claim_status_history', 'claim_denial_reasons', 'uploads'] as const;

beforeAll(async () => {
  let patients: readonly [number, number];
  ({ t, biller, line, patients } = await startClaimUploads());
  patient = patients[0];
});
afterAll(async () => {
  await t.close();
});

/** A line as stored, with its reason's text. */
const stored = (claim: string) =>
  t.db
    .selectFrom('claim_status_lines as l')
    .leftJoin('claim_denial_reasons as r', 'r.reason_id', 'l.denial_reason_id')
    .select(['l.line_id', 'l.patient_id', 'l.status', 'l.amount', 'r.reason', 'l.resubmitted_at'])
    .where('l.claim_number', '=', claim)
    .executeTakeFirstOrThrow();

/** Every status the uploads recorded for a line, oldest first. */
const history = (lineId: number) =>
  t.db
    .selectFrom('claim_status_history')
    .select(['status', 'amount'])
    .where('line_id', '=', lineId)
    .orderBy('history_id')
    .execute();

describe('Billing Uploads: the payer\'s claim-status file (000 §2.4; decisions.md "Billing Uploads")', () => {
  it('serves the template with the payer header', async () => {
    const res = await injectCall(t.app, UPLOAD_CALLS.claims.template, {}, biller);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('claim-status-template.csv');
    expect(res.body.trim()).toBe('claim,patient_mrn,code,date_of_service,status,amount,denial_reason');
  });

  it('refuses a file without the header, or with a column named otherwise, with 400 naming the column', async () => {
    const before = await rowCounts(t.db, TABLES);
    const renamed = HEADER.map((h) => (h === 'patient_mrn' ? 'patient' : h));
    const res = await preview(t, 'claims', csvFile([renamed, line('C-1')]), biller);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'file',
      message: UPLOAD_TEXT.missingColumns(['patient_mrn'], renamed),
    });
    const headless = await preview(t, 'claims', csvFile([line('C-1'), line('C-2')]), biller);
    expect(headless.statusCode).toBe(400);
    expect(headless.json().message).toContain(
      "The file has no column 'claim', 'patient_mrn', 'code', 'date_of_service', 'status', 'amount', 'denial_reason' (required).",
    );
    expect(await rowCounts(t.db, TABLES)).toEqual(before);
  });

  it('names every bad row by its column; a preview writes no line', async () => {
    const before = await rowCounts(t.db, TABLES);
    const summary = await previewed(
      t,
      'claims',
      csvFile([
        HEADER,
        line('B-1', { status: 'paid', denial_reason: '' }),
        line('B-2', { status: 'pending' }),
        line('B-3', { denial_reason: '' }),
        line('B-4', { date_of_service: '02/30/2026' }),
        line('B-5', { patient_mrn: 'NOPE-1' }),
        line('B-6', { patient_mrn: 'RV-0009' }),
        line('B-7', { amount: '-5.00' }),
        line('B-8', { code: '9945', amount: '12.345', status: 'paid' }),
        line('B-9', { date_of_service: '12/01/2026' }),
      ]),
      biller,
    );
    expect(problemLines(summary)).toEqual([
      `3 status: ${CLAIM_TEXT.status}`,
      `4 denial_reason: ${CLAIM_TEXT.reasonRequired}`,
      `5 date_of_service: ${CLAIM_TEXT.date}`,
      `6 patient_mrn: ${CLAIM_TEXT.noPatient('NOPE-1')}`,
      // Another organisation's patient is not found, never matched.
      `7 patient_mrn: ${CLAIM_TEXT.noPatient('RV-0009')}`,
      `8 amount: ${CLAIM_TEXT.negative}`,
      `9 code: ${CLAIM_TEXT.code}`,
      `9 amount: ${CLAIM_TEXT.amount}`,
      `9 denial_reason: ${CLAIM_TEXT.reasonOnPaid}`,
      `10 date_of_service: ${CLAIM_TEXT.date}`,
    ]);
    expect(summary.counts).toMatchObject({ rows: 9, new: 1, invalid: 8 });
    expect(summary.rows[0]).toMatchObject({ row: 2, outcome: 'new', problems: [] });
    expect((await rowCounts(t.db, TABLES)).claim_status_lines).toBe(before.claim_status_lines);
  });

  it('marks a line the file repeats a duplicate in each of its rows, and writes neither', async () => {
    const summary = await previewed(
      t,
      'claims',
      csvFile([HEADER, line('D-1'), line('d-1', { date_of_service: '2026-10-02', amount: '50' })]),
      biller,
    );
    expect(problemLines(summary)).toEqual([
      '2 claim: Line D-1 99454 10/02/2026 is also in row 3.',
      '3 claim: Line D-1 99454 10/02/2026 is also in row 2.',
    ]);
    expect(summary.counts).toMatchObject({ duplicate: 2, new: 0 });
  });

  it('writes new lines with their history and audit rows; the same file again is all unchanged and writes nothing', async () => {
    const file = csvFile([
      HEADER,
      line('N-1'),
      line('N-2', {
        patient_mrn: 'cs-0002',
        code: 'g0556',
        status: 'Paid',
        amount: '$1,250.5',
        denial_reason: '',
      }),
    ]);
    const before = await rowCounts(t.db, TABLES);
    const first = await previewed(t, 'claims', file, biller);
    expect(first.counts).toMatchObject({ rows: 2, new: 2 });
    const done = await commit(t, 'claims', biller, first.upload_id);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ message: '2 added, 0 updated.', data: { counts: { created: 2 } } });
    expect(await stored('N-1')).toMatchObject({
      patient_id: patient,
      status: 'denied',
      amount: 47.1,
      reason: 'CO-197 Precertification/authorization absent',
    });
    const paid = await stored('N-2');
    expect(paid).toMatchObject({ status: 'paid', amount: 1250.5, reason: null });
    expect(await history(paid.line_id)).toEqual([{ status: 'paid', amount: 1250.5 }]);
    const audits = await t.db
      .selectFrom('audit_log')
      .select(['user_id', 'detail'])
      .where('action', '=', 'upload_claim_line')
      .where('entity_id', '=', String(paid.line_id))
      .execute();
    expect(audits).toHaveLength(1);
    expect(audits[0]?.user_id).toBe(biller.user.user_id);
    expect(audits[0]?.detail).toMatchObject({ upload_id: first.upload_id, claim: 'N-2', code: 'G0556' });
    const afterFirst = await rowCounts(t.db, TABLES);
    expect(afterFirst.claim_status_lines).toBe(before.claim_status_lines + 2);
    expect(afterFirst.claim_status_history).toBe(before.claim_status_history + 2);

    const again = await previewed(t, 'claims', file, biller);
    expect(again.counts).toMatchObject({ rows: 2, new: 0, update: 0, unchanged: 2 });
    const redone = await commit(t, 'claims', biller, again.upload_id, { update_existing: true });
    expect(redone.json()).toMatchObject({ message: '0 added, 0 updated.' });
    const afterSecond = await rowCounts(t.db, TABLES);
    expect(afterSecond).toEqual({ ...afterFirst, uploads: afterFirst.uploads + 1 });
  });

  it("updates a line whose status or amount changed only with 'Update existing', keeping both statuses", async () => {
    await commit(
      t,
      'claims',
      biller,
      (await previewed(t, 'claims', csvFile([HEADER, line('U-1')]), biller)).upload_id,
    );
    const denied = await stored('U-1');
    const paidLater = csvFile([HEADER, line('U-1', { status: 'paid', amount: '45.00', denial_reason: '' })]);
    const summary = await previewed(t, 'claims', paidLater, biller);
    expect(summary.counts).toMatchObject({ update: 1, new: 0 });
    const skipped = await commit(t, 'claims', biller, summary.upload_id);
    expect(skipped.json().data.counts).toMatchObject({ updated: 0 });
    expect(skipped.json().data.rows[0].problems).toEqual([
      { column: 'claim', message: CLAIM_TEXT.notUpdated },
    ]);
    expect((await stored('U-1')).status).toBe('denied');

    const chosen = await previewed(t, 'claims', paidLater, biller);
    const done = await commit(t, 'claims', biller, chosen.upload_id, { update_existing: true });
    expect(done.json().data.counts).toMatchObject({ updated: 1, created: 0 });
    expect(await stored('U-1')).toMatchObject({
      line_id: denied.line_id,
      status: 'paid',
      amount: 45,
      reason: null,
    });
    // A denial later paid shows both.
    expect(await history(denied.line_id)).toEqual([
      { status: 'denied', amount: 47.1 },
      { status: 'paid', amount: 45 },
    ]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'update_claim_line')
      .where('entity_id', '=', String(denied.line_id))
      .executeTakeFirstOrThrow();
    expect(audit.detail).toMatchObject({
      upload_id: chosen.upload_id,
      changes: {
        status: { before: 'denied', after: 'paid' },
        amount: { before: 47.1, after: 45 },
        denial_reason: { before: 'CO-197 Precertification/authorization absent', after: null },
      },
    });
  });

  it('refuses an MRN that two practices of the scope share, rather than guess', async () => {
    const place = await placeOf(t.db, biller.user.user_id);
    const other = await t.db
      .selectFrom('locations as l')
      .innerJoin('practices as p', 'p.practice_id', 'l.practice_id')
      .select(['p.organization_id', 'p.practice_id', 'l.location_id', 'p.practice_name'])
      .where('p.organization_id', '=', place.organizationId)
      .where('p.practice_id', '<>', place.practiceId)
      .orderBy('l.location_id')
      .executeTakeFirstOrThrow();
    const own = await t.db
      .selectFrom('practices')
      .select('practice_name')
      .where('practice_id', '=', place.practiceId)
      .executeTakeFirstOrThrow();
    await makePatient(t.db, place, { identity: { mrn: 'CS-TWIN' } });
    await makePatient(
      t.db,
      { organizationId: other.organization_id, practiceId: other.practice_id, locationId: other.location_id },
      { identity: { mrn: 'cs-twin' } },
    );
    const summary = await previewed(
      t,
      'claims',
      csvFile([HEADER, line('A-1', { patient_mrn: 'CS-TWIN' })]),
      biller,
    );
    const names = [own.practice_name, other.practice_name].sort();
    expect(problemLines(summary)).toEqual([`2 patient_mrn: ${CLAIM_TEXT.severalPatients('CS-TWIN', names)}`]);
  });

  it('refuses the calls to a user without Billing Uploads (403)', async () => {
    const nurse = await signIn(t.app, 'role8@demo.test');
    const res = await injectCall(t.app, UPLOAD_CALLS.claims.setup, {}, nurse);
    expect(res.statusCode).toBe(403);
  });
});
