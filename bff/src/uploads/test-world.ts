import {
  CLAIM_STATUS_UPLOAD_COLUMNS,
  callQueryString,
  callUrl,
  PATIENT_UPLOAD_COLUMNS,
  UPLOAD_CALLS,
  type UploadKind,
  type UploadSummary,
} from '@rpm/shared';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../db/schema.js';
import { TEST_TODAY } from '../db/test-database.js';
import { injectCall, multipartFile, signIn, startTestApp, type TestApp } from '../test-app.js';
import { makePatient, type Place, placeElsewhere, placeOf } from '../test-fixtures.js';

/** Helpers of the upload tests (uploads, devices, claim statuses, the denials worklist): files, calls, counts. */

export type Signed = Awaited<ReturnType<typeof signIn>>;

/** A CSV file of a header and rows (CRLF, quoted where needed), as bytes. */
export const csvFile = (rows: readonly (readonly string[])[]): Buffer =>
  Buffer.from(stringify(rows as string[][], { record_delimiter: 'windows' }));

/** Sends a file to a kind's preview. */
export function preview(
  t: TestApp,
  kind: UploadKind,
  bytes: Buffer,
  who: Signed,
  name = 'upload.csv',
  query: Record<string, string> = {},
) {
  const body = multipartFile(bytes, name, 'text/csv');
  return t.app.inject({
    method: 'POST',
    url: `${callUrl(UPLOAD_CALLS[kind].preview)}${callQueryString(query)}`,
    headers: { ...who.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** Previews a file that must be read (200): its summary. */
export async function previewed(
  t: TestApp,
  kind: UploadKind,
  bytes: Buffer,
  who: Signed,
): Promise<UploadSummary> {
  const res = await preview(t, kind, bytes, who);
  if (res.statusCode !== 200) throw new Error(`preview ${res.statusCode}: ${res.body}`);
  return res.json().data;
}

/** Commits an upload; its answer. */
export function commit(
  t: TestApp,
  kind: UploadKind,
  who: Signed,
  uploadId: number,
  choice: { all_or_nothing?: boolean; update_existing?: boolean } = {},
) {
  return injectCall(
    t.app,
    UPLOAD_CALLS[kind].commit,
    { body: { upload_id: uploadId, all_or_nothing: false, update_existing: false, ...choice } },
    who,
  );
}

/** An upload's error report, parsed. */
export async function errorReport(t: TestApp, kind: UploadKind, who: Signed, uploadId: number) {
  const res = await injectCall(
    t.app,
    UPLOAD_CALLS[kind].errorReport,
    { query: { upload_id: uploadId } },
    who,
  );
  return { res, rows: res.statusCode === 200 ? (parse(res.body) as string[][]) : [] };
}

/** Problems of a summary as 'row column: message' lines. */
export const problemLines = (summary: UploadSummary) =>
  summary.rows.flatMap((r) => r.problems.map((p) => `${r.row} ${p.column}: ${p.message}`));

/** The names of a place, as a file writes them. */
export async function placeNames(db: Db, place: Place) {
  const row = await db
    .selectFrom('practices as p')
    .innerJoin('locations as l', 'l.practice_id', 'p.practice_id')
    .select(['p.practice_name', 'l.location_name'])
    .where('l.location_id', '=', place.locationId)
    .executeTakeFirstOrThrow();
  return { practice: row.practice_name, location: row.location_name };
}

/** Rows of a table. */
export async function countOf(db: Db, table: 'patients' | 'devices' | 'audit_log'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The template's header of Bulk Uploads. */
export const PATIENT_HEADER = PATIENT_UPLOAD_COLUMNS.map((c) => c.header);

let serial = 0;

/** A valid patient row at the place (each a new MRN, DOB and mobile), with `change` by header. */
export function patientRow(
  names: { readonly practice: string; readonly location: string },
  change: Record<string, string> = {},
): string[] {
  serial++;
  const cells: Record<string, string> = {
    Practice: names.practice,
    Location: names.location,
    MRN: `UP-${String(serial).padStart(5, '0')}`,
    'First Name': 'Rosa',
    'Last Name': `Hill-O'Neil`,
    'Date of Birth': `07/${String((serial % 28) + 1).padStart(2, '0')}/${1930 + (serial % 60)}`,
    Sex: 'F',
    Mobile: `(404) 555-${String(serial).padStart(4, '0')}`,
    'Preferred Language': 'english',
    'Diagnosis Codes': 'I10; E11.9',
    'RPM Status': 'Consented',
    'CCM Status': 'Eligible',
    City: 'Atlanta, GA',
    ...change,
  };
  return PATIENT_HEADER.map((h) => cells[h] ?? '');
}

/** The app of a Bulk Uploads test: an organisation administrator (role 2) and the names of their first place. */
export async function startPatientUploads() {
  const t = await startTestApp({ seedPatients: 20, now: TEST_TODAY });
  const admin = await signIn(t.app, 'role2@demo.test');
  const place = await placeOf(t.db, admin.user.user_id);
  const names = await placeNames(t.db, place);
  return { t, admin, place, row: (change: Record<string, string> = {}) => patientRow(names, change) };
}

/** The header of a payer's claim-status file (Billing Uploads). */
export const CLAIM_HEADER = CLAIM_STATUS_UPLOAD_COLUMNS.map((c) => c.header);

/**
 * The app of a Billing Uploads test: Northwind's biller (role 10) with two patients of hers by MRN, Riverside's biller
 * (role 11) and a Riverside patient's MRN, and a claim line of a file: claim, MRN, code, date, status, amount, reason.
 */
export async function startClaimUploads() {
  const t = await startTestApp({ seedPatients: 10, now: TEST_TODAY });
  const biller = await signIn(t.app, 'role10@demo.test');
  const otherBiller = await signIn(t.app, 'role11@demo.test');
  const place = await placeOf(t.db, biller.user.user_id);
  const mine = await makePatient(t.db, place, { identity: { mrn: 'CS-0001', lastname: 'Claimson' } });
  const mine2 = await makePatient(t.db, place, { identity: { mrn: 'cs-0002', lastname: 'Claimson' } });
  await makePatient(t.db, await placeElsewhere(t.db, place), { identity: { mrn: 'RV-0009' } });
  const line = (claim: string, change: Partial<Record<(typeof CLAIM_HEADER)[number], string>> = {}) => {
    const cells: Record<string, string> = {
      claim,
      patient_mrn: 'CS-0001',
      code: '99454',
      date_of_service: '10/02/2026',
      status: 'denied',
      amount: '47.10',
      denial_reason: 'CO-197 Precertification/authorization absent',
      ...change,
    };
    return CLAIM_HEADER.map((h) => cells[h] ?? '');
  };
  return { t, biller, otherBiller, patients: [mine, mine2] as const, line };
}
