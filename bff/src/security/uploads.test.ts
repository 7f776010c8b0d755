import { gzipSync } from 'node:zlib';
import { callUrl, UPLOAD_CALLS } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test-app.js';
import { placeElsewhere } from '../test-fixtures.js';
import { rowCounts } from '../test-rows.js';
import {
  commit,
  countOf,
  csvFile,
  errorReport,
  PATIENT_HEADER,
  placeNames,
  preview,
  previewed,
  type Signed,
  startPatientUploads,
} from '../uploads/test-world.js';

/**
 * Issue 44 §2: Bulk Uploads in the security suite: formula injection neutralised in the error report, a 50 MB file
 * and a compressed bomb refused whole, and a row naming another organisation's practice refused, writing nothing.
 */

let t: TestApp;
let admin: Signed;
let row: (change?: Record<string, string>) => string[];
let place: Awaited<ReturnType<typeof startPatientUploads>>['place'];

beforeAll(async () => {
  ({ t, admin, row, place } = await startPatientUploads());
}, 120_000);
afterAll(async () => t.close());

describe('Bulk Uploads refuse hostile files (issue 44 §2)', () => {
  it.each(['=cmd|" /C calc"!A0', '+SUM(1,2)', '-2+3', '@IMPORT(1)', '\t=1+1'])(
    'neutralises the formula %j in the error report',
    async (formula) => {
      const summary = await previewed(
        t,
        'patients',
        csvFile([PATIENT_HEADER, row({ 'Last Name': formula, Sex: 'Q' })]),
        admin,
      );
      const report = await errorReport(t, 'patients', admin, summary.upload_id);
      // The report's first row is its header; the row of line 2 follows.
      const cell = report.rows[1]?.[1 + PATIENT_HEADER.indexOf('Last Name')] as string;
      expect(cell.startsWith("'")).toBe(true);
    },
  );

  it('refuses a 50 MB file and a gzip bomb whole, keeping nothing', async () => {
    const before = await rowCounts(t.db, ['uploads', 'patients']);
    const big = await preview(t, 'patients', Buffer.alloc(50 * 1024 * 1024, 'a'), admin);
    expect([400, 413]).toContain(big.statusCode);
    // 100 MB of commas compressed to ~100 KB, sent as a file and as a gzip-encoded body: never inflated.
    const bomb = gzipSync(Buffer.alloc(100 * 1024 * 1024, ','));
    expect((await preview(t, 'patients', bomb, admin, 'upload.csv.gz')).statusCode).toBe(400);
    const encoded = await t.app.inject({
      method: 'POST',
      url: callUrl(UPLOAD_CALLS.patients.preview),
      headers: {
        ...admin.headers,
        'content-type': 'multipart/form-data; boundary=x',
        'content-encoding': 'gzip',
      },
      payload: bomb,
    });
    expect([encoded.statusCode, encoded.json().field]).toEqual([400, 'file']);
    expect(await rowCounts(t.db, ['uploads', 'patients'])).toEqual(before);
  });

  it("refuses a row naming another organisation's practice, and commits none of it", async () => {
    const foreign = await placeNames(t.db, await placeElsewhere(t.db, place));
    const summary = await previewed(
      t,
      'patients',
      csvFile([PATIENT_HEADER, row({ Practice: foreign.practice, Location: foreign.location })]),
      admin,
    );
    expect(summary.counts.invalid).toBe(1);
    const patients = await countOf(t.db, 'patients');
    await commit(t, 'patients', admin, summary.upload_id);
    expect(await countOf(t.db, 'patients')).toBe(patients);
  });
});
