import { MSG, PAGES, updateRolePages } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';
import { rowCounts } from '../test-rows.js';

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let admin: Signed; // role 1: every page
let orgAdmin: Signed; // role 2: no 'Roles Table'

const WRITES = ['role_pages', 'audit_log'] as const;
const pagesOf = async (roleId: number) =>
  (
    await t.db.selectFrom('role_pages').select('page').where('role_id', '=', roleId).orderBy('page').execute()
  ).map((r) => r.page);
const save = (roleId: number, pages: readonly string[], who: Signed = admin) =>
  injectUnchecked(t.app, updateRolePages, { body: { role_id: roleId, pages } }, who);
const signedInPages = async (username: string) =>
  ((await signIn(t.app, username)).user as unknown as { pages: string[] }).pages;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t.app, 'role1@demo.test');
  orgAdmin = await signIn(t.app, 'role2@demo.test');
});
afterAll(async () => t.close());

describe('role access lists (000 §2.4 Roles Table, §6.2; issue 16 part 3)', () => {
  it('replaces the pages with one audit row; a user of the role sees them at the next sign-in', async () => {
    const nursePages = await pagesOf(8);
    expect(nursePages).not.toContain('Billing Dashboard');
    expect(await signedInPages('role8@demo.test')).not.toContain('Billing Dashboard');
    const before = await rowCounts(t.db, WRITES);
    const next = [...nursePages.filter((p) => p !== 'Dashboard'), 'Billing Dashboard'];
    const res = await injectCall(t.app, updateRolePages, { body: { role_id: 8, pages: next } }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 1, message: MSG.updatedSuccessfully });
    expect(await pagesOf(8)).toEqual([...next].sort());
    expect((await rowCounts(t.db, WRITES)).audit_log).toBe(before.audit_log + 1);
    const row = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'update_role_pages')
      .orderBy('audit_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: admin.user.user_id, entity: 'role', entity_id: '8' });
    expect(row.detail).toEqual({ added: ['Billing Dashboard'], removed: ['Dashboard'] });
    const signedIn = await signedInPages('role8@demo.test');
    expect(signedIn).toContain('Billing Dashboard');
    expect(signedIn).not.toContain('Dashboard');
  });

  it.each([
    ['an unknown page', 8, ['Dashboard', 'Secret Page'], 400, 'pages'],
    ['a page twice', 8, ['Dashboard', 'Dashboard'], 400, 'pages'],
    ['an unknown role', 999, ['Dashboard'], 404, 'role_id'],
    ['the patient role', 7, ['Dashboard'], 404, 'role_id'],
    ['taking the Roles table from oneself', 1, ['Dashboard'], 400, 'pages'],
  ])('refuses %s naming the field, writing nothing', async (_what, roleId, pages, status, field) => {
    const before = await rowCounts(t.db, WRITES);
    const res = await save(roleId, pages);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().field).toBe(field);
    expect(await rowCounts(t.db, WRITES)).toEqual(before);
  });

  it('refuses a page the caller lacks (403 naming pages)', async () => {
    const all = PAGES.filter((p) => p !== 'Sales Rep Dashboard');
    expect((await save(1, all)).statusCode).toBe(200);
    const before = await rowCounts(t.db, WRITES);
    const res = await save(3, [...(await pagesOf(3)), 'Sales Rep Dashboard']);
    expect(res.statusCode).toBe(403);
    expect(res.json().field).toBe('pages');
    expect(await rowCounts(t.db, WRITES)).toEqual(before);
    // Nor can role 1 give it back to itself: restored here behind the product's back.
    expect((await save(1, PAGES)).statusCode).toBe(403);
    await t.db.insertInto('role_pages').values({ role_id: 1, page: 'Sales Rep Dashboard' }).execute();
  });

  it('is for top administrators only: another role holding the Roles table gets 403', async () => {
    expect((await save(2, [...(await pagesOf(2)), 'Roles Table'])).statusCode).toBe(200);
    const before = await rowCounts(t.db, WRITES);
    const res = await save(2, await pagesOf(2), orgAdmin);
    expect(res.statusCode).toBe(403);
    expect(await rowCounts(t.db, WRITES)).toEqual(before);
  });

  it('needs the Roles Table page', async () => {
    const nurse = await signIn(t.app, 'role8@demo.test');
    expect((await save(8, [], nurse)).statusCode).toBe(403);
  });
});
