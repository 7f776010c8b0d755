import { addExistingToMap, getAllByOrgId, removeFromMap, STAFF_MAP_TEXT } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';

/** Select Admin's candidates, the refusal of others, and taking a role away (decisions.md "Select Admin eligibility and removal"). */

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let top: Signed; // role 1 Avery Collins
let orgAdmin: Signed; // role 2 Marcus Bennett, Northwind's only Admin
let nurse: Signed; // role 8 Grace Kim, Northwind Heart Clinic
let northwind: number;
let heartClinic: number;
let downtown: number;
let harbor: number;
let rpm: number;
const ids: Record<string, number> = {};

const first = async <T>(query: Promise<T | undefined>) => {
  const row = await query;
  if (row === undefined) throw new Error('seed row missing');
  return row;
};

beforeAll(async () => {
  t = await startTestApp({ now: new Date('2026-03-10T12:00:00Z') });
  top = await signIn(t.app, 'role1@demo.test');
  orgAdmin = await signIn(t.app, 'role2@demo.test');
  nurse = await signIn(t.app, 'role8@demo.test');
  const db = t.db;
  northwind = (
    await first(
      db
        .selectFrom('organizations')
        .select('organization_id')
        .where('organization_name', '=', 'Northwind Cardiology Group')
        .executeTakeFirst(),
    )
  ).organization_id;
  heartClinic = (
    await first(
      db
        .selectFrom('practices')
        .select('practice_id')
        .where('practice_name', '=', 'Northwind Heart Clinic')
        .executeTakeFirst(),
    )
  ).practice_id;
  const location = async (name: string) =>
    (
      await first(
        db.selectFrom('locations').select('location_id').where('location_name', '=', name).executeTakeFirst(),
      )
    ).location_id;
  downtown = await location('Northwind Heart Clinic - Downtown');
  harbor = await location('Northwind Heart Clinic - Harbor View');
  rpm = (
    await first(
      db.selectFrom('programs').select('program_id').where('program_name', '=', 'RPM').executeTakeFirst(),
    )
  ).program_id;
  for (const role of [3, 5, 6, 10, 14, 20])
    ids[`role${role}`] = (
      await first(
        db
          .selectFrom('users')
          .select('user_id')
          .where('username', '=', `role${role}@demo.test`)
          .executeTakeFirst(),
      )
    ).user_id;
});
afterAll(async () => t.close());

const candidates = async (who: Signed, query: Record<string, number>) => {
  const res = await injectCall(
    t.app,
    getAllByOrgId,
    { query: { organization_id: northwind, ...query } },
    who,
  );
  expect(res.statusCode).toBe(200);
  return res.json().data.map((u: { user_id: number }) => u.user_id) as number[];
};
const place = (userid: number, over: Record<string, number> = {}) => ({
  userid,
  roleid: 2,
  organization_id: northwind,
  practice_id: heartClinic,
  location_id: downtown,
  program_id: rpm,
  programs: [rpm],
  ...over,
});
const map = (who: Signed, userid: number, over: Record<string, number> = {}) =>
  injectCall(t.app, addExistingToMap, { body: place(userid, over) }, who);
const remove = (who: Signed, userid: number, roleid = 2) =>
  injectCall(t.app, removeFromMap, { body: { userid, roleid } }, who);
const rolesOf = async (userId: number) =>
  (
    await t.db
      .selectFrom('user_roles')
      .select('role_id')
      .where('user_id', '=', userId)
      .orderBy('role_id')
      .execute()
  ).map((r) => r.role_id);
const auditRows = (action: string, userId: number) =>
  t.db
    .selectFrom('audit_log')
    .select(['user_id', 'detail'])
    .where('action', '=', action)
    .where('entity_id', '=', String(userId))
    .execute();

describe('Select Admin offers only users who may administer the place (getAllByOrgId)', () => {
  it("offers the organisation's own clinical staff, not the caller, role 1, billers, sales or technicians", async () => {
    const offered = await candidates(orgAdmin, { practice_id: heartClinic, location_id: downtown });
    expect(offered).toEqual(expect.arrayContaining([nurse.user.user_id, ids.role3, ids.role6]));
    for (const refused of [orgAdmin.user.user_id, top.user.user_id, ids.role10, ids.role14, ids.role20])
      expect(offered).not.toContain(refused);
    // Riverside's practice lead is no Northwind staff.
    expect(offered).not.toContain(ids.role5);
  });

  it('offers a biller for a role that administers no one (Select Nurse)', async () => {
    const nurses = await candidates(top, { roleid: 8, practice_id: heartClinic, location_id: downtown });
    expect(nurses).toContain(ids.role10);
    // Grace is a nurse of the whole practice already.
    expect(nurses).not.toContain(nurse.user.user_id);
  });

  it('refuses a role the caller does not hold, a patient role, and a place out of the organisation', async () => {
    const tech = await injectCall(
      t.app,
      getAllByOrgId,
      { query: { organization_id: northwind, roleid: 20 } },
      orgAdmin,
    );
    expect([tech.statusCode, tech.json().field]).toEqual([403, 'roleid']);
    const patient = await injectCall(
      t.app,
      getAllByOrgId,
      { query: { organization_id: northwind, roleid: 7 } },
      top,
    );
    expect([patient.statusCode, patient.json().field]).toEqual([400, 'roleid']);
    const lonely = await injectUnchecked(
      t.app,
      getAllByOrgId,
      { query: { organization_id: String(northwind), location_id: String(downtown) } },
      top,
    );
    expect([lonely.statusCode, lonely.json().field]).toEqual([400, 'practice_id']);
  });

  it('is closed to a user without the Admins Table page (403)', async () => {
    const res = await injectCall(t.app, getAllByOrgId, { query: { organization_id: northwind } }, nurse);
    expect(res.statusCode).toBe(403);
  });
});

describe('addExistingToMap refuses a user Select Admin does not offer', () => {
  it.each([
    ['a biller', () => ids.role10 ?? 0, 400, STAFF_MAP_TEXT.notStaffRole('Linda Morales')],
    ['the top administrator', () => top.user.user_id, 400, STAFF_MAP_TEXT.topAdmin('Avery Collins')],
    ['the caller', () => orgAdmin.user.user_id, 400, STAFF_MAP_TEXT.self],
  ])('%s is refused naming userid, nothing written', async (_who, userId, status, message) => {
    const res = await map(orgAdmin, userId());
    expect([res.statusCode, res.json().field, res.json().message]).toEqual([status, 'userid', message]);
    expect(await auditRows('map_user', userId())).toEqual([]);
  });

  it('maps an offered user once: the second time is 409, and the list no longer offers them there', async () => {
    const priya = ids.role3 ?? 0;
    expect((await map(orgAdmin, priya)).statusCode).toBe(200);
    const again = await map(orgAdmin, priya);
    expect([again.statusCode, again.json().field, again.json().message]).toEqual([
      409,
      'userid',
      STAFF_MAP_TEXT.mapped('Priya Raman', 'Admin'),
    ]);
    expect(await candidates(orgAdmin, { practice_id: heartClinic, location_id: downtown })).not.toContain(
      priya,
    );
    expect(await auditRows('map_user', priya)).toMatchObject([
      { user_id: orgAdmin.user.user_id, detail: { roleid: 2, practice_id: heartClinic } },
    ]);
    // Clean up for the removal tests.
    expect((await remove(top, priya)).statusCode).toBe(200);
  });

  it('a user mapped at one location is still offered at another of the practice', async () => {
    const elena = ids.role6 ?? 0;
    await t.db.deleteFrom('user_practices').where('user_id', '=', elena).execute();
    expect((await map(top, elena)).statusCode).toBe(200);
    expect(await candidates(top, { practice_id: heartClinic, location_id: downtown })).not.toContain(elena);
    expect(await candidates(top, { practice_id: heartClinic, location_id: harbor })).toContain(elena);
    expect((await remove(top, elena)).statusCode).toBe(200);
  });
});

describe('removeFromMap (issue 41 §4)', () => {
  it('takes the role away with its audit row, keeping the other roles', async () => {
    expect((await map(top, nurse.user.user_id)).statusCode).toBe(200);
    expect(await rolesOf(nurse.user.user_id)).toEqual([2, 8]);
    const res = await remove(orgAdmin, nurse.user.user_id);
    expect(res.json()).toEqual({ status: 1, message: STAFF_MAP_TEXT.removed });
    expect(await rolesOf(nurse.user.user_id)).toEqual([8]);
    expect(await auditRows('unmap_user', nurse.user.user_id)).toMatchObject([
      { user_id: orgAdmin.user.user_id, detail: { roleid: 2 } },
    ]);
    const stale = await remove(orgAdmin, nurse.user.user_id);
    expect([stale.statusCode, stale.json().field, stale.json().message]).toEqual([
      409,
      'roleid',
      STAFF_MAP_TEXT.notHeld('Grace Kim', 'Admin'),
    ]);
  });

  it("refuses the last Admin of an organisation, and the caller's own last administrator role", async () => {
    const marcus = orgAdmin.user.user_id;
    const last = await remove(top, marcus);
    expect([last.statusCode, last.json().field, last.json().message]).toEqual([
      409,
      'userid',
      STAFF_MAP_TEXT.lastAdmin('Marcus Bennett', 'Admin', 'Northwind Cardiology Group'),
    ]);
    const own = await remove(orgAdmin, marcus);
    expect([own.statusCode, own.json().message]).toEqual([409, STAFF_MAP_TEXT.ownLast]);
    // With a second Admin, Marcus is no longer the last; his only role still cannot go.
    expect((await map(top, nurse.user.user_id)).statusCode).toBe(200);
    const only = await remove(top, marcus);
    expect([only.statusCode, only.json().message]).toEqual([409, STAFF_MAP_TEXT.onlyRole('Marcus Bennett')]);
    expect(await rolesOf(marcus)).toEqual([2]);
    expect(await auditRows('unmap_user', marcus)).toEqual([]);
    expect((await remove(top, nurse.user.user_id)).statusCode).toBe(200);
  });

  it('is closed to non-administrators (403) and to staff of other organisations (404)', async () => {
    const byNurse = await remove(nurse, ids.role3 ?? 0, 3);
    expect(byNurse.statusCode).toBe(403);
    const foreign = await remove(orgAdmin, ids.role5 ?? 0, 5);
    expect([foreign.statusCode, foreign.json().field]).toEqual([404, 'userid']);
    const topRole = await remove(orgAdmin, top.user.user_id, 1);
    expect([topRole.statusCode, topRole.json().field]).toEqual([403, 'userid']);
    expect(await rolesOf(ids.role5 ?? 0)).toEqual([5]);
  });
});
