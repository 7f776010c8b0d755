import { UPLOAD_CALLS, UPLOAD_MAX_BYTES } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCall, signIn, type TestApp } from '../test-app.js';
import type { Place } from '../test-fixtures.js';
import {
  commit,
  csvFile,
  PATIENT_HEADER as HEADER,
  preview,
  previewed,
  problemLines,
  type Signed,
  startPatientUploads,
} from './test-world.js';

/** The files Bulk Uploads reads or refuses whole, the column mapping and who may upload. */

let t: TestApp;
let admin: Signed; // role 2: Bulk Uploads and a registering role
let nurse: Signed; // role 8: neither
let technician: Signed; // role 20: Inventory Uploads only
let place: Place;
let row: (change?: Record<string, string>) => string[];

beforeAll(async () => {
  ({ t, admin, place, row } = await startPatientUploads());
  nurse = await signIn(t.app, 'role8@demo.test');
  technician = await signIn(t.app, 'role20@demo.test');
});
afterAll(async () => {
  await t.close();
});

describe('Bulk Uploads: files, mapping, access (decisions.md "CSV uploads")', () => {
  it('reads UTF-8 with a BOM, CRLF lines and quoted fields with commas, quotes and line breaks', async () => {
    const cells = row({ 'Address Line 1': '12 "Old" Mill Rd,\nUnit 4', 'First Name': 'José' });
    const body = `\uFEFF${csvFile([HEADER, cells]).toString()}`;
    expect(body).toContain('\r\n');
    const summary = await previewed(t, 'patients', Buffer.from(body), admin);
    expect(problemLines(summary)).toEqual([]);
    expect(summary.columns[0]).toBe('Practice');
    expect(summary.rows[0]?.cells[HEADER.indexOf('First Name')]).toBe('José');
    // LF only, and headers written in another case and spacing.
    const lf = csvFile([HEADER.map((h) => h.toUpperCase().replaceAll(' ', '_')), row()])
      .toString()
      .replaceAll('\r\n', '\n');
    expect((await previewed(t, 'patients', Buffer.from(lf), admin)).counts).toMatchObject({ new: 1 });
  });

  it.each([
    [
      'a PNG',
      Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
      /not a CSV file \(PNG/,
    ],
    ['not UTF-8', Buffer.from([0x4d, 0x52, 0x4e, 0x0a, 0xff, 0xfe, 0x41]), /not UTF-8 text/],
    ['empty', Buffer.alloc(0), /file is empty/],
    ['only blank lines', Buffer.from('\r\n\r\n'), /file is empty/],
    ['a header only', Buffer.from(`${HEADER.join(',')}\r\n`), /no rows/],
    [
      'missing MRN',
      Buffer.from(`${HEADER.filter((h) => h !== 'MRN').join(',')}\r\nx`),
      /no column 'MRN' \(required\)/,
    ],
    ['an unclosed quote', Buffer.from(`${HEADER.join(',')}\r\n"abc,def\r\n`), /not valid CSV at line/],
    ['over the size limit', Buffer.alloc(UPLOAD_MAX_BYTES + 1, 'a'), /larger than 5 MiB/],
  ])('refuses %s with a 400 naming the problem, keeping nothing', async (_, bytes, message) => {
    const before = await t.db.selectFrom('uploads').select('upload_id').execute();
    const res = await preview(t, 'patients', bytes, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'file', message: expect.stringMatching(message) });
    expect(await t.db.selectFrom('uploads').select('upload_id').execute()).toHaveLength(before.length);
  });

  it("maps another system's headers by the organisation's saved mapping", async () => {
    const theirs = HEADER.map((h) =>
      h === 'MRN' ? 'Chart Number' : h === 'Date of Birth' ? 'Birthdate' : h,
    );
    const refused = await preview(t, 'patients', csvFile([theirs, row()]), admin);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain("'Chart Number'");
    const saved = await injectCall(
      t.app,
      UPLOAD_CALLS.patients.saveMapping,
      {
        body: { organization_id: place.organizationId, mapping: { 'Chart Number': 'mrn', Birthdate: 'dob' } },
      },
      admin,
    );
    expect(saved.statusCode).toBe(200);
    const setup = (await injectCall(t.app, UPLOAD_CALLS.patients.setup, {}, admin)).json().data;
    expect(setup.mappings).toContainEqual({
      organization_id: place.organizationId,
      mapping: { 'Chart Number': 'mrn', Birthdate: 'dob' },
    });
    const summary = await previewed(t, 'patients', csvFile([theirs, row()]), admin);
    expect(summary.counts).toMatchObject({ new: 1 });
  });

  it('refuses users without the page or a registering role (403), and hides uploads of other organisations (404)', async () => {
    const file = csvFile([HEADER, row()]);
    expect((await preview(t, 'patients', file, nurse)).statusCode).toBe(403);
    expect((await preview(t, 'patients', file, technician)).statusCode).toBe(403);
    expect((await injectCall(t.app, UPLOAD_CALLS.devices.template, {}, admin)).statusCode).toBe(403);
    const mine = await previewed(t, 'patients', file, admin);
    const other = await signIn(t.app, 'role1@demo.test');
    // Only the user who previewed commits; role 1 sees it but may not commit it.
    expect((await commit(t, 'patients', other, mine.upload_id)).statusCode).toBe(404);
    const outsider = await t.db
      .selectFrom('users as u')
      .innerJoin('user_roles as r', 'r.user_id', 'u.user_id')
      .select('u.username')
      .where('r.role_id', '=', 2)
      .where('u.organization_id', '<>', place.organizationId)
      .executeTakeFirst();
    if (outsider) {
      const them = await signIn(t.app, outsider.username);
      const res = await injectCall(
        t.app,
        UPLOAD_CALLS.patients.get,
        { query: { upload_id: mine.upload_id } },
        them,
      );
      expect(res.statusCode).toBe(404);
    }
  });
});
