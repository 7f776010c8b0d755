import { addOrganization, getOrganizations, MSG, updateOrganization } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';
import { rowCounts } from '../test-rows.js';
import { ORGANIZATION_NAME_TAKEN } from './store.js';

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let admin: Signed; // role 1: every organisation
let orgAdmin: Signed; // role 2, Northwind
let nurse: Signed; // role 8: no 'Organizations Table'
let northwind: number;
let riverside: number;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t.app, 'role1@demo.test');
  orgAdmin = await signIn(t.app, 'role2@demo.test');
  nurse = await signIn(t.app, 'role8@demo.test');
  const idOf = async (name: string) =>
    (
      await t.db
        .selectFrom('organizations')
        .select('organization_id')
        .where('organization_name', '=', name)
        .executeTakeFirstOrThrow()
    ).organization_id;
  northwind = await idOf('Northwind Cardiology Group');
  riverside = await idOf('Riverside Family Health');
});
afterAll(async () => t.close());

const getAll = (who: Signed) => injectCall(t.app, getOrganizations, {}, who);
const list = async (who: Signed) => (await getAll(who)).json();
const add = (who: Signed, body: Record<string, unknown>) =>
  injectUnchecked(
    t.app,
    addOrganization,
    {
      body: {
        organization_name: 'Harbor Lights Clinic',
        organization_details: 'A clinic by the harbour.',
        userid: who.user.user_id,
        ...body,
      },
    },
    who,
  );
const update = (who: Signed, body: Record<string, unknown>) =>
  injectUnchecked(
    t.app,
    updateOrganization,
    {
      body: {
        organizationid: northwind,
        organization_name: 'Northwind Cardiology Group',
        organization_details: 'Cardiology group.',
        modified_user_id: who.user.user_id,
        ...body,
      },
    },
    who,
  );
const orgRow = (id: number) =>
  t.db.selectFrom('organizations').selectAll().where('organization_id', '=', id).executeTakeFirstOrThrow();

describe('getOrganizations (000 §2.4 Organizations Table)', () => {
  it('gives role 1 every organisation with its practice and location counts', async () => {
    const { status, data } = await list(admin);
    expect(status).toBe(1);
    const all = await rowCounts(t.db, ['organizations']);
    expect(data).toHaveLength(all.organizations);
    const nw = data.find((o: { organizationid: number }) => o.organizationid === northwind);
    expect(nw).toMatchObject({ organization_name: 'Northwind Cardiology Group', practices: 2, locations: 3 });
    expect(new Date(nw.created_at).toISOString()).toBe(nw.created_at);
  });

  it('gives others only their own organisations', async () => {
    const { data } = await list(orgAdmin);
    expect(data.map((o: { organizationid: number }) => o.organizationid)).toEqual([northwind]);
  });

  it('needs the Organizations Table page', async () => {
    const res = await getAll(nurse);
    expect(res.statusCode).toBe(403);
  });
});

describe('addOrganization (000 §2.10, §4.7)', () => {
  it('creates a trimmed organisation with its audit row; its creator then sees it', async () => {
    const before = await rowCounts(t.db, ['organizations', 'audit_log']);
    const res = await add(orgAdmin, {
      organization_name: '  Harbor Lights Clinic  ',
      organization_details: ' Clínica junto al puerto. ',
      description_language_id: 3,
      translated_details: 'Clinic by the harbour.',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 1, message: MSG.addedSuccessfully });
    expect(await rowCounts(t.db, ['organizations', 'audit_log'])).toEqual({
      organizations: before.organizations + 1,
      audit_log: before.audit_log + 1,
    });
    expect(await orgRow(body.data.organizationid)).toMatchObject({
      organization_name: 'Harbor Lights Clinic',
      organization_details: 'Clínica junto al puerto.',
      description_language_id: 3,
      translated_details: 'Clinic by the harbour.',
      created_by: orgAdmin.user.user_id,
    });
    const mine = (await list(orgAdmin)).data.map((o: { organizationid: number }) => o.organizationid);
    expect(mine).toContain(body.data.organizationid);
  });

  it('stores no translation for the default language (000 §4.7)', async () => {
    const res = await add(admin, {
      organization_name: 'Plain English Org',
      description_language_id: 1,
      translated_details: 'ignored',
    });
    expect((await orgRow(res.json().data.organizationid)).translated_details).toBeNull();
  });

  it.each([
    [
      'a name taken ignoring case and spaces',
      { organization_name: '  northwind CARDIOLOGY group ' },
      409,
      'organization_name',
    ],
    ['special characters in the name', { organization_name: 'Acme & Sons' }, 400, 'organization_name'],
    ['an empty name', { organization_name: '   ' }, 400, 'organization_name'],
    [
      'special characters in the description',
      { organization_details: 'Hello <script>' },
      400,
      'organization_details',
    ],
    ['no description', { organization_details: undefined }, 400, 'organization_details'],
    ['another user’s id', { userid: 1 }, 403, 'userid'],
    ['a string user id', { userid: '3' }, 400, 'userid'],
    ['an unknown language', { description_language_id: 9 }, 400, 'description_language_id'],
    [
      'a NUL character in the translation',
      { description_language_id: 2, translated_details: 'a\u0000b' },
      400,
      'translated_details',
    ],
  ])('refuses %s and writes nothing', async (_, body, status, field) => {
    const before = await rowCounts(t.db, ['organizations', 'audit_log']);
    const res = await add(orgAdmin, body);
    expect(res.statusCode).toBe(status);
    expect(res.json().field).toBe(field);
    if (status === 409) expect(res.json().message).toBe(ORGANIZATION_NAME_TAKEN);
    expect(await rowCounts(t.db, ['organizations', 'audit_log'])).toEqual(before);
  });

  it('needs the Organizations Table page', async () => {
    const before = await rowCounts(t.db, ['organizations']);
    expect((await add(nurse, { organization_name: 'Nurse Org' })).statusCode).toBe(403);
    expect(await rowCounts(t.db, ['organizations'])).toEqual(before);
  });
});

describe('updateOrganization (000 §2.10, §4.7)', () => {
  it('saves, records modified_by, and works out whether the name changed (audited with the client’s flag)', async () => {
    const res = await update(orgAdmin, {
      organization_name: 'Northwind Cardiology Partners',
      organization_details: 'Cardiology group, now partners.',
      is_name_changed: false,
    });
    expect(res.json()).toEqual({ status: 1, message: MSG.updatedSuccessfully });
    expect(await orgRow(northwind)).toMatchObject({
      organization_name: 'Northwind Cardiology Partners',
      organization_details: 'Cardiology group, now partners.',
      modified_by: orgAdmin.user.user_id,
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['detail', 'user_id'])
      .where('action', '=', 'update_organization')
      .orderBy('audit_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.detail).toMatchObject({
      name_changed: true,
      client_is_name_changed: false,
      from: 'Northwind Cardiology Group',
      to: 'Northwind Cardiology Partners',
    });
  });

  it('treats a change of case only as no change and may keep its own name', async () => {
    const res = await update(orgAdmin, {
      organization_name: 'NORTHWIND cardiology partners',
      is_name_changed: true,
    });
    expect(res.statusCode).toBe(200);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'update_organization')
      .orderBy('audit_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.detail).toMatchObject({ name_changed: false, client_is_name_changed: true });
  });

  it('lets role 1 edit any organisation', async () => {
    const res = await update(admin, {
      organizationid: riverside,
      organization_name: 'Riverside Family Health',
      organization_details: 'Family medicine.',
    });
    expect(res.statusCode).toBe(200);
    expect((await orgRow(riverside)).modified_by).toBe(admin.user.user_id);
  });

  it.each([
    [
      'another organisation’s name',
      () => ({ organization_name: 'riverside family health' }),
      409,
      'organization_name',
    ],
    [
      'an organisation the caller does not belong to, as one that does not exist (issue 44)',
      () => ({ organizationid: riverside, organization_name: 'Riverside Family Health' }),
      404,
      'organizationid',
    ],
    ['an unknown organisation', () => ({ organizationid: 999_999 }), 404, 'organizationid'],
    ['another user as modifier', () => ({ modified_user_id: 1 }), 403, 'modified_user_id'],
    ['a name with special characters', () => ({ organization_name: 'North*wind' }), 400, 'organization_name'],
    ['a flag that is not a boolean', () => ({ is_name_changed: 'yes' }), 400, 'is_name_changed'],
    ['a missing organisation id', () => ({ organizationid: undefined }), 400, 'organizationid'],
    ['an id beyond the integer keys', () => ({ organizationid: 3_000_000_000 }), 400, 'organizationid'],
  ])('refuses %s and changes nothing', async (_, body, status, field) => {
    const before = await orgRow(northwind);
    const beforeRiverside = await orgRow(riverside);
    const audits = await rowCounts(t.db, ['audit_log']);
    const res = await update(orgAdmin, body());
    expect(res.statusCode).toBe(status);
    expect(res.json().field).toBe(field);
    expect(await orgRow(northwind)).toEqual(before);
    expect(await orgRow(riverside)).toEqual(beforeRiverside);
    expect(await rowCounts(t.db, ['audit_log'])).toEqual(audits);
  });
});
