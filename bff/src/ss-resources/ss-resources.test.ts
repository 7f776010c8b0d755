import { crc32 } from 'node:zlib';
import {
  addSsResourceFile,
  addSsResourceLink,
  callQueryString,
  callUrl,
  DOCUMENT_MAX_BYTES,
  deleteSsResource,
  getSsResourceFile,
  SS_RESOURCE_TEXT,
  type SsResourceRow,
  ssResourcesList,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visibleOrganizations } from '../scope.js';
import {
  injectCall,
  injectUnchecked,
  multipartFile,
  signIn,
  startTestApp,
  type TestApp,
} from '../test-app.js';
import { rowCounts } from '../test-rows.js';

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let biller: Signed; // role 10, Northwind: 'Billing Utility'
let otherBiller: Signed; // role 11, Riverside
let admin: Signed; // role 1
let nurse: Signed; // role 8: no 'Billing Utility'
let own: number;
let foreign: number;

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

/** A Word document as file-type reads one: a zip whose entries start with [Content_Types].xml and word/. */
function docx(): Buffer {
  const entry = (name: string, text: string) => {
    const data = Buffer.from(text);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt32LE(crc32(data), 14);
    head.writeUInt32LE(data.length, 18);
    head.writeUInt32LE(data.length, 22);
    head.writeUInt16LE(Buffer.byteLength(name), 26);
    return Buffer.concat([head, Buffer.from(name), data]);
  };
  return Buffer.concat([
    entry(
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    entry('word/document.xml', '<?xml version="1.0"?><w:document/>'),
  ]);
}

const addFile = (
  who: Signed,
  u: { bytes?: Buffer; name?: string; title?: string; category?: string; organization_id?: number } = {},
) => {
  const body = multipartFile(u.bytes ?? PDF, u.name ?? 'guide.pdf', 'application/pdf');
  const query = new URLSearchParams({
    organization_id: String(u.organization_id ?? own),
    title: u.title ?? 'Titration guide',
    category: u.category ?? 'Guide',
    description: 'How the lab titrates CPAP',
  });
  return t.app.inject({
    method: 'POST',
    url: `${callUrl(addSsResourceFile)}?${query}`,
    headers: { ...who.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
};
const link = (over: Record<string, unknown> = {}) => ({
  organization_id: own,
  title: 'AASM guidelines',
  category: 'Guide' as const,
  description: '',
  url: 'https://aasm.org/clinical-resources/',
  ...over,
});
const listed = async (who: Signed) =>
  (await injectCall(t.app, ssResourcesList.calls.list, { query: { rowsPerPage: 100 } }, who)).json()
    .data as SsResourceRow[];
const file = (id: number, who: Signed) =>
  t.app.inject({
    method: 'GET',
    url: `${callUrl(getSsResourceFile)}${callQueryString({ resource_id: id })}`,
    headers: who.headers,
  });
const auditRows = (action: string, id: number) =>
  t.db
    .selectFrom('audit_log')
    .select(['user_id'])
    .where('action', '=', action)
    .where('entity_id', '=', String(id))
    .execute();

beforeAll(async () => {
  t = await startTestApp();
  biller = await signIn(t.app, 'role10@demo.test');
  otherBiller = await signIn(t.app, 'role11@demo.test');
  admin = await signIn(t.app, 'role1@demo.test');
  nurse = await signIn(t.app, 'role8@demo.test');
  const mine = await visibleOrganizations(t.db, { userId: biller.user.user_id, roleid: [10] });
  const theirs = await visibleOrganizations(t.db, { userId: otherBiller.user.user_id, roleid: [11] });
  if (mine === 'all' || theirs === 'all') throw new Error('a biller sees every organisation');
  own = mine[0] as number;
  foreign = theirs.find((id) => !mine.includes(id)) as number;
});
afterAll(async () => t.close());

describe('SS Resource (000 §2.4 ss-resource; decisions.md "SS Resource")', () => {
  it("lists the seeded resources of the user's organisations only, newest first", async () => {
    const rows = await listed(biller);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.organization_id === own)).toBe(true);
    const times = rows.map((r) => r.uploaded_at);
    expect(times).toEqual([...times].sort().reverse());
    expect((await listed(otherBiller)).every((r) => r.organization_id !== own)).toBe(true);
  });

  it('stores a PDF and a DOCX by their bytes, serves them as sandboxed downloads, with audit rows', async () => {
    for (const [bytes, name, type] of [
      [PDF, 'guide.pdf', 'application/pdf'],
      [docx(), 'intake form.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ] as const) {
      const res = await addFile(biller, { bytes, name, category: 'Form' });
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().data.resource_id as number;
      expect(await auditRows('add_ss_resource', id)).toEqual([{ user_id: biller.user.user_id }]);
      const row = (await listed(biller)).find((r) => r.resource_id === id);
      expect(row).toMatchObject({ kind: 'File', source: name, size_bytes: bytes.length });
      const got = await file(id, biller);
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe(type);
      expect(got.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
      expect(got.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
      expect(got.rawPayload.equals(bytes)).toBe(true);
      expect(await auditRows('read_ss_resource', id)).toHaveLength(1);
      // Another organisation's user meets it as an unknown resource.
      expect((await file(id, otherBiller)).statusCode).toBe(404);
    }
  });

  it('refuses a wrong type, an oversized file and bad facts with a 4xx naming the field, writing nothing', async () => {
    const before = await rowCounts(t.db, ['ss_resources', 'audit_log']);
    const text = await addFile(biller, { bytes: Buffer.from('just text'), name: 'a.pdf' });
    expect([text.statusCode, text.json()]).toEqual([
      400,
      { status: 400, message: SS_RESOURCE_TEXT.wrongType, field: 'file' },
    ]);
    const large = await addFile(biller, { bytes: Buffer.concat([PDF, Buffer.alloc(DOCUMENT_MAX_BYTES)]) });
    expect([large.statusCode, large.json().field]).toEqual([413, 'file']);
    expect((await addFile(biller, { title: '  ' })).json().field).toBe('title');
    expect((await addFile(biller, { category: 'Selfie' })).json().field).toBe('category');
    const elsewhere = await addFile(biller, { organization_id: foreign });
    expect([elsewhere.statusCode, elsewhere.json().field]).toEqual([403, 'organization_id']);
    for (const url of ['javascript:alert(1)', 'ftp://files.example.com/a.pdf', 'https://']) {
      const res = await injectUnchecked(t.app, addSsResourceLink, { body: link({ url }) }, biller);
      expect([res.statusCode, res.json().field], url).toEqual([400, 'url']);
    }
    expect((await injectUnchecked(t.app, addSsResourceLink, { body: link() }, nurse)).statusCode).toBe(403);
    expect((await injectUnchecked(t.app, ssResourcesList.calls.list, { query: {} }, nurse)).statusCode).toBe(
      403,
    );
    expect(await rowCounts(t.db, ['ss_resources', 'audit_log'])).toEqual(before);
  });

  it('adds a link; only its uploader or an administrator removes a resource, audited', async () => {
    const added = await injectCall(t.app, addSsResourceLink, { body: link() }, biller);
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().data.resource_id as number;
    expect((await listed(biller)).find((r) => r.resource_id === id)).toMatchObject({
      kind: 'Link',
      source: 'https://aasm.org/clinical-resources/',
      size_bytes: null,
    });
    // A link has no file to download.
    expect([(await file(id, biller)).statusCode, (await file(id, biller)).json().field]).toEqual([
      400,
      'resource_id',
    ]);
    // Another organisation's biller: unknown; a seeded resource of the admin: not the biller's to remove.
    const foreignDelete = await injectCall(
      t.app,
      deleteSsResource,
      { body: { resource_id: id } },
      otherBiller,
    );
    expect(foreignDelete.statusCode).toBe(404);
    const seeded = (await listed(biller)).find((r) => r.uploaded_by_id !== biller.user.user_id);
    if (!seeded) throw new Error('no seeded resource');
    const notMine = await injectCall(
      t.app,
      deleteSsResource,
      { body: { resource_id: seeded.resource_id } },
      biller,
    );
    expect([notMine.statusCode, notMine.json().message]).toEqual([403, SS_RESOURCE_TEXT.notRemovable]);
    const mine = await injectCall(t.app, deleteSsResource, { body: { resource_id: id } }, biller);
    expect(mine.statusCode, mine.body).toBe(200);
    expect((await listed(biller)).map((r) => r.resource_id)).not.toContain(id);
    expect(await auditRows('delete_ss_resource', id)).toEqual([{ user_id: biller.user.user_id }]);
    const again = await injectCall(t.app, deleteSsResource, { body: { resource_id: id } }, biller);
    expect(again.statusCode).toBe(404);
    const byAdmin = await injectCall(
      t.app,
      deleteSsResource,
      { body: { resource_id: seeded.resource_id } },
      admin,
    );
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(await auditRows('delete_ss_resource', seeded.resource_id)).toEqual([
      { user_id: admin.user.user_id },
    ]);
  });
});
