// Over 300 lines: one app start for every Add Admin and staff call's validation, scope and escalation cases.
import {
  addExistingToMap,
  addUser,
  checkUsername,
  deactivateStaff,
  getAllByOrgId,
  getLocationsByPracticeIdOrgId,
  getOrgByPracticeId,
  getUnreadCount,
  MSG,
  resetStaffPassword,
  updateStaff,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';

/** Add Admin and staff administration calls (001 §2.8, §5, §7). */

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let top: Signed; // role 1
let orgAdmin: Signed; // role 2, Northwind
let nurse: Signed; // role 8, Northwind: no 'Admins Table'
let northwind: number;
let riverside: number;
let heartClinic: number; // Northwind practice
let downtown: number; // its location running every program
let riversidePractice: number;
let rpm: number;

const idOf = async (table: 'organizations' | 'practices' | 'locations', column: string, name: string) => {
  const row = await t.db
    .selectFrom(table as 'organizations')
    .selectAll()
    .where(column as 'organization_name', '=', name)
    .executeTakeFirstOrThrow();
  return Object.values(row)[0] as number;
};

beforeAll(async () => {
  t = await startTestApp({ now: new Date('2026-03-10T12:00:00Z') });
  top = await signIn(t.app, 'role1@demo.test');
  orgAdmin = await signIn(t.app, 'role2@demo.test');
  nurse = await signIn(t.app, 'role8@demo.test');
  northwind = await idOf('organizations', 'organization_name', 'Northwind Cardiology Group');
  riverside = await idOf('organizations', 'organization_name', 'Riverside Family Health');
  heartClinic = await idOf('practices', 'practice_name', 'Northwind Heart Clinic');
  riversidePractice = await idOf('practices', 'practice_name', 'Riverside Primary Care');
  downtown = await idOf('locations', 'location_name', 'Northwind Heart Clinic - Downtown');
  rpm = (
    await t.db
      .selectFrom('programs')
      .select('program_id')
      .where('program_name', '=', 'RPM')
      .executeTakeFirstOrThrow()
  ).program_id;
});
afterAll(async () => t.close());

const newAdmin = (over: Record<string, unknown> = {}) => ({
  firstname: 'Nora',
  lastname: 'Quinn',
  dob: '1980-04-02',
  phone: '',
  mobile: '5551234567',
  fax: '',
  username: 'Nora.Quinn@Example.com',
  password: 'Secret-pass9',
  roleid: 2,
  organization_id: northwind,
  location_id: downtown,
  program_id: rpm,
  practice_id: heartClinic,
  programs: [rpm],
  is_sleeplab_user: 0,
  ...over,
});
const add = (who: Signed, over: Record<string, unknown> = {}) =>
  injectUnchecked(t.app, addUser, { body: newAdmin(over) }, who);
const auditRows = (action: string, entityId: number) =>
  t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('entity_id', '=', String(entityId))
    .execute();

describe('the dialog lookups (001 §7 Add Admin)', () => {
  it("gives the practice's organisation and its locations with their programs", async () => {
    const org = await injectCall(
      t.app,
      getOrgByPracticeId,
      { headers: { practice_id: String(heartClinic) } },
      orgAdmin,
    );
    expect(org.json().data).toEqual([
      { organization_id: northwind, organization_name: 'Northwind Cardiology Group' },
    ]);
    const locs = await injectCall(
      t.app,
      getLocationsByPracticeIdOrgId,
      { headers: { organization_id: String(northwind), practice_id: String(heartClinic) } },
      orgAdmin,
    );
    const names = locs.json().data.map((l: { location_name: string }) => l.location_name);
    expect(names).toEqual(['Northwind Heart Clinic - Downtown', 'Northwind Heart Clinic - Harbor View']);
    expect(locs.json().data[1].programs.map((p: { program_name: string }) => p.program_name)).toEqual([
      'RPM',
      'CCM',
    ]);
  });

  it("refuses another organisation's practice, organisation and staff", async () => {
    const org = await injectCall(
      t.app,
      getOrgByPracticeId,
      { headers: { practice_id: String(riversidePractice) } },
      orgAdmin,
    );
    expect([org.statusCode, org.json().field]).toEqual([404, 'practice_id']);
    const staff = await injectCall(t.app, getAllByOrgId, { query: { organization_id: riverside } }, orgAdmin);
    expect([staff.statusCode, staff.json().field]).toEqual([403, 'organization_id']);
    const ours = await injectCall(t.app, getAllByOrgId, { query: { organization_id: northwind } }, orgAdmin);
    const ids = ours.json().data.map((u: { user_id: number }) => u.user_id);
    expect(ids).toContain(nurse.user.user_id);
  });

  it('is closed to users without the Admins Table page', async () => {
    const res = await injectCall(t.app, getAllByOrgId, { query: { organization_id: northwind } }, nurse);
    expect(res.statusCode).toBe(403);
  });
});

describe('checkUsername and rpm/users/add (001 §5)', () => {
  it("answers 'Username already Exists' for a taken name in any case", async () => {
    const taken = await injectCall(t.app, checkUsername, { body: { username: 'ROLE8@demo.test' } }, orgAdmin);
    expect(taken.json()).toMatchObject({ exists: true, message: MSG.usernameExists });
    const free = await injectCall(t.app, checkUsername, { body: { username: 'free@demo.test' } }, orgAdmin);
    expect(free.json().exists).toBe(false);
  });

  it('creates the user lower-cased, placed, hashed, flagged to change the password, with its audit row', async () => {
    const res = await add(orgAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.addedSuccessfully);
    const id = res.json().data.user_id;
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ username: 'nora.quinn@example.com', mobile: '5551234567', phone: null });
    expect(user.change_password).toBe(true);
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    const roles = await t.db.selectFrom('user_roles').select('role_id').where('user_id', '=', id).execute();
    expect(roles).toEqual([{ role_id: 2 }]);
    const membership = await t.db
      .selectFrom('user_practices')
      .selectAll()
      .where('user_id', '=', id)
      .execute();
    expect(membership).toMatchObject([{ practice_id: heartClinic, location_id: downtown }]);
    expect(await auditRows('add_user', id)).toMatchObject([{ user_id: orgAdmin.user.user_id }]);
    // The name is now taken.
    const again = await add(orgAdmin);
    expect([again.statusCode, again.json().message, again.json().field]).toEqual([
      409,
      MSG.usernameExists,
      'username',
    ]);
  });

  it.each([
    [{ firstname: 'No#ra' }, 'firstname', MSG.firstNameSpecialChars],
    [{ lastname: '' }, 'lastname', MSG.required],
    [{ lastname: 'Qu!nn' }, 'lastname', MSG.lastNameSpecialChars],
    [{ mobile: '555123' }, 'mobile', MSG.invalidMobile],
    [{ phone: '(555) 123-4567' }, 'phone', MSG.invalidPhone],
    [{ fax: '12' }, 'fax', MSG.invalidFax],
    [{ username: 'not-an-email' }, 'username', MSG.invalidEmail],
    [{ password: 'abc' }, 'password', MSG.passwordTooShort],
    [{ dob: '2026-03-11' }, 'dob', MSG.invalidDob],
    [{ dob: '1896-01-01' }, 'dob', MSG.invalidDob],
  ])('refuses %o with 400 naming %s', async (over, field, message) => {
    const res = await add(orgAdmin, { username: `v${field}@example.com`, ...over });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    expect(res.json().message).toContain(message);
    const written = await t.db
      .selectFrom('users')
      .select('user_id')
      .where('username', '=', `v${field}@example.com`)
      .execute();
    expect(written).toEqual([]);
  });

  it('lets no one grant more than they hold', async () => {
    const role1 = await add(orgAdmin, { roleid: 1, username: 'esc1@example.com' });
    expect([role1.statusCode, role1.json().field]).toEqual([403, 'roleid']);
    // Role 20 opens inventory pages role 2 does not hold.
    const tech = await add(orgAdmin, { roleid: 20, username: 'esc20@example.com' });
    expect([tech.statusCode, tech.json().field]).toEqual([403, 'roleid']);
    const patient = await add(top, { roleid: 7, username: 'esc7@example.com' });
    expect([patient.statusCode, patient.json().field]).toEqual([400, 'roleid']);
    expect((await add(top, { roleid: 20, username: 'tech@example.com' })).statusCode).toBe(200);
  });

  it('refuses another organisation and a place that does not fit together', async () => {
    const foreign = await add(orgAdmin, { organization_id: riverside, username: 'f1@example.com' });
    expect([foreign.statusCode, foreign.json().field]).toEqual([403, 'organization_id']);
    const practice = await add(top, { organization_id: riverside, username: 'f2@example.com' });
    expect([practice.statusCode, practice.json().field]).toEqual([400, 'practice_id']);
    const harbor = await idOf('locations', 'location_name', 'Northwind Heart Clinic - Harbor View');
    const bhi = (
      await t.db
        .selectFrom('programs')
        .select('program_id')
        .where('program_name', '=', 'BHI')
        .executeTakeFirstOrThrow()
    ).program_id;
    const program = await add(orgAdmin, {
      location_id: harbor,
      program_id: bhi,
      programs: [],
      username: 'f3@example.com',
    });
    expect([program.statusCode, program.json().field]).toEqual([400, 'program_id']);
  });
});

describe('addExistingToMap (001 §3 existing admin payload)', () => {
  it('gives an existing user of the organisation the role and place; a second time is refused', async () => {
    const body = {
      userid: nurse.user.user_id,
      roleid: 2,
      organization_id: northwind,
      location_id: downtown,
      program_id: rpm,
      practice_id: heartClinic,
      programs: [rpm],
    };
    const res = await injectCall(t.app, addExistingToMap, { body }, top);
    expect(res.json()).toEqual({ status: 1, message: MSG.addedSuccessfully });
    const again = await injectCall(t.app, addExistingToMap, { body }, top);
    expect([again.statusCode, again.json().field]).toEqual([409, 'userid']);
    const roles = await t.db
      .selectFrom('user_roles')
      .select('role_id')
      .where('user_id', '=', nurse.user.user_id)
      .orderBy('role_id')
      .execute();
    expect(roles).toEqual([{ role_id: 2 }, { role_id: 8 }]);
    expect(await auditRows('map_user', nurse.user.user_id)).toHaveLength(1);
    await t.db
      .deleteFrom('user_roles')
      .where('user_id', '=', nurse.user.user_id)
      .where('role_id', '=', 2)
      .execute();
  });

  it('answers 404 for a user outside the organisation', async () => {
    const other = await t.db
      .selectFrom('users')
      .select('user_id')
      .where('username', '=', 'role5@demo.test')
      .executeTakeFirstOrThrow();
    const res = await injectCall(
      t.app,
      addExistingToMap,
      {
        body: {
          userid: other.user_id,
          roleid: 2,
          organization_id: northwind,
          location_id: downtown,
          program_id: rpm,
          practice_id: heartClinic,
        },
      },
      orgAdmin,
    );
    expect([res.statusCode, res.json().field]).toEqual([404, 'userid']);
  });
});

describe('edit, reset password, deactivate (issue 16 part 1)', () => {
  const userIdOf = async (username: string) =>
    (
      await t.db
        .selectFrom('users')
        .select('user_id')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).user_id;

  it("edits a staff member's details, refusing the caller's own id and other organisations", async () => {
    const id = await userIdOf('role6@demo.test');
    const person = {
      firstname: 'Elena',
      lastname: 'Vasquez-Ortiz',
      dob: '1975-05-05',
      phone: '',
      mobile: '5550001111',
      fax: '',
    };
    const res = await injectCall(t.app, updateStaff, { body: { userid: id, ...person } }, orgAdmin);
    expect(res.json().message).toBe(MSG.updatedSuccessfully);
    const row = await t.db
      .selectFrom('users')
      .select(['lastname', 'mobile'])
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ lastname: 'Vasquez-Ortiz', mobile: '5550001111' });
    const own = await injectCall(
      t.app,
      updateStaff,
      { body: { userid: orgAdmin.user.user_id, ...person } },
      orgAdmin,
    );
    expect([own.statusCode, own.json().field]).toEqual([400, 'userid']);
    const foreign = await injectCall(
      t.app,
      updateStaff,
      { body: { userid: await userIdOf('role5@demo.test'), ...person } },
      orgAdmin,
    );
    expect([foreign.statusCode, foreign.json().field]).toEqual([404, 'userid']);
    const topUser = await injectCall(
      t.app,
      updateStaff,
      { body: { userid: top.user.user_id, ...person } },
      orgAdmin,
    );
    expect([topUser.statusCode, topUser.json().field]).toEqual([403, 'userid']);
  });

  it('resets a password: the user must change it at the next sign-in', async () => {
    const id = await userIdOf('role6@demo.test');
    const res = await injectCall(
      t.app,
      resetStaffPassword,
      { body: { userid: id, password: 'Fresh-pass7' } },
      orgAdmin,
    );
    expect(res.json().message).toBe(MSG.passwordUpdated);
    const row = await t.db
      .selectFrom('users')
      .select('change_password')
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.change_password).toBe(true);
    expect(await auditRows('reset_password', id)).toMatchObject([{ user_id: orgAdmin.user.user_id }]);
  });

  it('deactivates a signed-in nurse: their session ends at once', async () => {
    const before = await injectCall(t.app, getUnreadCount, { query: { user_id: nurse.user.user_id } }, nurse);
    expect(before.statusCode).toBe(200);
    const res = await injectCall(t.app, deactivateStaff, { body: { userid: nurse.user.user_id } }, orgAdmin);
    expect(res.statusCode).toBe(200);
    const after = await injectCall(t.app, getUnreadCount, { query: { user_id: nurse.user.user_id } }, nurse);
    expect(after.statusCode).toBe(401);
    expect(await auditRows('deactivate_user', nurse.user.user_id)).toMatchObject([
      { user_id: orgAdmin.user.user_id, detail: { sessions_ended: 1 } },
    ]);
  });
});
