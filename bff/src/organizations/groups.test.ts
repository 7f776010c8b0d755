// Over 300 lines: one app for the whole story of a group (scope before and after, bad input, writers, edits), whose steps build on each other.
import {
  addOrganizationGroup,
  checkPageAccess,
  getOrganizationGroupChoices,
  MSG,
  organizationGroupsList,
  practicesList,
  updateOrganizationGroup,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';
import { rowCounts } from '../test-rows.js';
import { GROUP_NAME_TAKEN, GROUP_WRITERS_ONLY } from './group-store.js';

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let admin: Signed; // role 1: every organisation
let orgAdmin: Signed; // role 2, Northwind
let coordinator: Signed; // role 9, Riverside: not a group administrator
let biller: Signed; // role 10: holds 'Billing Utility', not an administrator
let northwind: number;
let riverside: number;
let lakeside: number;
let riversidePatient: number;
let northwindPatient: number;

const orgId = async (name: string) =>
  (
    await t.db
      .selectFrom('organizations')
      .select('organization_id')
      .where('organization_name', '=', name)
      .executeTakeFirstOrThrow()
  ).organization_id;

const patientOf = async (organizationId: number) =>
  (
    await t.db
      .selectFrom('patients')
      .select('patient_id')
      .where('organization_id', '=', organizationId)
      .orderBy('patient_id')
      .executeTakeFirstOrThrow()
  ).patient_id;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t.app, 'role1@demo.test');
  orgAdmin = await signIn(t.app, 'role2@demo.test');
  coordinator = await signIn(t.app, 'role9@demo.test');
  biller = await signIn(t.app, 'role10@demo.test');
  northwind = await orgId('Northwind Cardiology Group');
  riverside = await orgId('Riverside Family Health');
  lakeside = (
    await t.db
      .selectFrom('organizations')
      .select('organization_id')
      .where('organization_id', 'not in', [northwind, riverside])
      .orderBy('organization_id')
      .executeTakeFirstOrThrow()
  ).organization_id;
  riversidePatient = await patientOf(riverside);
  northwindPatient = await patientOf(northwind);
});
afterAll(async () => t.close());

const WRITES = [
  'organization_groups',
  'organization_group_members',
  'organization_group_admins',
  'audit_log',
] as const;

const opens = async (who: Signed, patientId: number) =>
  (await injectCall(t.app, checkPageAccess, { query: { patient_id: patientId } }, who)).statusCode;

const practiceOrgs = async (who: Signed) => {
  const res = await injectCall(t.app, practicesList.calls.list, { query: { rowsPerPage: 100 } }, who);
  expect(res.statusCode, res.body).toBe(200);
  return new Set(res.json().data.map((row: { organization_id: number }) => row.organization_id));
};

const listRows = async (who: Signed, query: Record<string, string> = {}) => {
  const res = await injectCall(t.app, organizationGroupsList.calls.list, { query }, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Record<string, unknown>[]; count: number };
};

let groupId: number;

describe('Organization Groups: an administrator of a group sees its organisations (scope.ts)', () => {
  it('adds a group with its members, administrator and audit row; the admin then sees the members’ practices and patients', async () => {
    expect(await opens(orgAdmin, riversidePatient)).toBe(403);
    expect((await practiceOrgs(orgAdmin)).has(riverside)).toBe(false);

    const choices = await injectCall(t.app, getOrganizationGroupChoices, {}, admin);
    expect(choices.json().data.can_edit).toBe(true);
    expect(choices.json().data.admins.map((a: { value: number }) => a.value)).toContain(
      orgAdmin.user.user_id,
    );

    const before = await rowCounts(t.db, WRITES);
    const send = () =>
      injectCall(
        t.app,
        addOrganizationGroup,
        {
          body: {
            group_name: ' North River Partners ',
            organization_ids: [northwind, riverside],
            admin_ids: [orgAdmin.user.user_id],
          },
          headers: { 'idempotency-key': 'group-north-river-1' },
        },
        admin,
      );
    const added = await send();
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ status: 1, message: MSG.addedSuccessfully });
    expect((await send()).json()).toEqual(added.json());
    groupId = added.json().data.group_id;
    expect(await rowCounts(t.db, WRITES)).toEqual({
      organization_groups: before.organization_groups + 1,
      organization_group_members: before.organization_group_members + 2,
      organization_group_admins: before.organization_group_admins + 1,
      audit_log: before.audit_log + 1,
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['user_id', 'entity', 'entity_id', 'detail'])
      .where('action', '=', 'add_organization_group')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      user_id: admin.user.user_id,
      entity: 'organization_group',
      entity_id: String(groupId),
    });
    expect(audit.detail).toMatchObject({ group_name: 'North River Partners' });

    // The same sessions, no new sign-in: the session cache follows the group's tables.
    expect(await opens(orgAdmin, riversidePatient)).toBe(200);
    expect(await opens(orgAdmin, northwindPatient)).toBe(200);
    const orgs = await practiceOrgs(orgAdmin);
    expect(orgs.has(riverside)).toBe(true);
    expect(orgs.has(lakeside)).toBe(false);
    // A member organisation's own user who administers no group sees nothing more.
    expect(await opens(coordinator, northwindPatient)).toBe(403);
    expect((await practiceOrgs(coordinator)).has(northwind)).toBe(false);
  });

  it('lists the group with its organisations, administrator and counts', async () => {
    const { data } = await listRows(admin, { search: 'north river' });
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      group_id: groupId,
      group_name: 'North River Partners',
      organizations: 'Northwind Cardiology Group, Riverside Family Health',
      organization_ids: [northwind, riverside].sort((a, b) => a - b),
      admin_ids: [orgAdmin.user.user_id],
    });
    expect(data[0]?.administrators).not.toBe('');
    const patients = await t.db
      .selectFrom('patients')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organization_id', 'in', [northwind, riverside])
      .where('merged_into_id', 'is', null)
      .executeTakeFirstOrThrow();
    expect(data[0]?.patients).toBe(Number(patients.n));
    expect((await listRows(admin, { admin_state: 'none', search: 'north river' })).count).toBe(0);
  });

  it.each([
    ['an empty name', { group_name: '  ' }, 'group_name'],
    ['special characters in the name', { group_name: 'North & River' }, 'group_name'],
    ['no organisation', { organization_ids: [] }, 'organization_ids'],
    ['an organisation twice', { organization_ids: [1, 1] }, 'organization_ids'],
    ['an unknown organisation', { organization_ids: [999_999] }, 'organization_ids'],
  ])('refuses %s with 400 naming the field, writing nothing', async (_what, change, field) => {
    const before = await rowCounts(t.db, WRITES);
    const res = await injectUnchecked(
      t.app,
      addOrganizationGroup,
      { body: { group_name: 'Good Name', organization_ids: [northwind], admin_ids: [], ...change } },
      admin,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    expect(await rowCounts(t.db, WRITES)).toEqual(before);
  });

  it('refuses a taken name (ignoring case) with 409 naming group_name', async () => {
    const res = await injectCall(
      t.app,
      addOrganizationGroup,
      { body: { group_name: 'north river partners', organization_ids: [lakeside], admin_ids: [] } },
      admin,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ field: 'group_name', message: GROUP_NAME_TAKEN });
  });

  it('refuses an administrator who is not an organisation administrator with 400 naming admin_ids', async () => {
    const res = await injectCall(
      t.app,
      addOrganizationGroup,
      {
        body: {
          group_name: 'Coordinated',
          organization_ids: [riverside],
          admin_ids: [coordinator.user.user_id],
        },
      },
      admin,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('admin_ids');
  });

  it('lets only administrators write: a biller with the page gets 403 and can_edit false', async () => {
    const choices = await injectCall(t.app, getOrganizationGroupChoices, {}, biller);
    expect(choices.statusCode).toBe(200);
    expect(choices.json().data.can_edit).toBe(false);
    const before = await rowCounts(t.db, WRITES);
    const add = await injectCall(
      t.app,
      addOrganizationGroup,
      { body: { group_name: 'Billers Group', organization_ids: [lakeside], admin_ids: [] } },
      biller,
    );
    expect(add.statusCode).toBe(403);
    expect(add.json().message).toBe(GROUP_WRITERS_ONLY);
    const edit = await injectCall(
      t.app,
      updateOrganizationGroup,
      {
        body: {
          group_id: groupId,
          group_name: 'Renamed',
          organization_ids: [northwind],
          admin_ids: [],
        },
      },
      biller,
    );
    expect(edit.statusCode).toBe(403);
    expect(await rowCounts(t.db, WRITES)).toEqual(before);
    // Without the page, not even the list (role 9 holds no 'Billing Utility').
    const list = await injectCall(t.app, organizationGroupsList.calls.list, {}, coordinator);
    expect(list.statusCode).toBe(403);
  });

  it('edits the group, audited: the removed administrator loses the other organisation at once', async () => {
    const before = await rowCounts(t.db, ['audit_log']);
    const res = await injectCall(
      t.app,
      updateOrganizationGroup,
      {
        body: {
          group_id: groupId,
          group_name: 'North River Alliance',
          organization_ids: [northwind, riverside, lakeside],
          admin_ids: [],
        },
      },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.updatedSuccessfully);
    expect((await rowCounts(t.db, ['audit_log'])).audit_log).toBe(before.audit_log + 1);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'update_organization_group')
      .executeTakeFirstOrThrow();
    expect(audit.detail).toMatchObject({ group_name: 'North River Alliance', admin_ids: [] });
    expect(await opens(orgAdmin, riversidePatient)).toBe(403);
    expect((await practiceOrgs(orgAdmin)).has(riverside)).toBe(false);
    expect((await listRows(admin, { admin_state: 'none', search: 'alliance' })).count).toBe(1);
  });

  it('answers an unknown group 404 naming group_id', async () => {
    const res = await injectCall(
      t.app,
      updateOrganizationGroup,
      { body: { group_id: 999_999, group_name: 'Nobody', organization_ids: [northwind], admin_ids: [] } },
      admin,
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().field).toBe('group_id');
  });
});

describe('an organisation administrator (role 2) writing groups', () => {
  it('may group only organisations they administer: another is a 400 naming organization_ids', async () => {
    // Role 2 does not hold 'Billing Utility' in the demo; a deployment may give it the page.
    await t.db.insertInto('role_pages').values({ role_id: 2, page: 'Billing Utility' }).execute();
    try {
      const before = await rowCounts(t.db, WRITES);
      const foreign = await injectCall(
        t.app,
        addOrganizationGroup,
        { body: { group_name: 'Reach Out', organization_ids: [northwind, lakeside], admin_ids: [] } },
        orgAdmin,
      );
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().field).toBe('organization_ids');
      expect(await rowCounts(t.db, WRITES)).toEqual(before);
      const own = await injectCall(
        t.app,
        addOrganizationGroup,
        { body: { group_name: 'Northwind Only', organization_ids: [northwind], admin_ids: [] } },
        orgAdmin,
      );
      expect(own.statusCode, own.body).toBe(200);
      // The group of three holds organisations they do not administer: seen, but not theirs to change.
      const rows = (await listRows(orgAdmin)).data.map((row) => row.group_name);
      expect(rows).toEqual(expect.arrayContaining(['North River Alliance', 'Northwind Only']));
      const edit = await injectCall(
        t.app,
        updateOrganizationGroup,
        {
          body: { group_id: groupId, group_name: 'Taken Over', organization_ids: [northwind], admin_ids: [] },
        },
        orgAdmin,
      );
      expect(edit.statusCode).toBe(403);
      expect(edit.json().field).toBe('group_id');
    } finally {
      await t.db
        .deleteFrom('role_pages')
        .where('role_id', '=', 2)
        .where('page', '=', 'Billing Utility')
        .execute();
    }
  });
});
