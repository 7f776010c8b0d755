import { addUser, deactivateStaff, resetStaffPassword } from '@rpm/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTab } from '../hub/test-tab.js';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';

/**
 * Staff administration against live sessions and other roles: deactivation and a password reset
 * end the user's sockets at once (not at the hub's next sweep), and Add {role} follows Add Admin's rules.
 */

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let top: Signed; // role 1
let orgAdmin: Signed; // role 2, Northwind
const tabs: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp({ now: new Date('2026-03-10T12:00:00Z') });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  top = await signIn(t.app, 'role1@demo.test');
  orgAdmin = await signIn(t.app, 'role2@demo.test');
});
afterAll(async () => {
  for (const tab of tabs) tab.disconnect();
  await t.close();
});

const tabOf = async (who: Signed) => {
  const tab = await openTab(t.app, who);
  tabs.push(tab);
  return tab;
};
const disconnected = (tab: Socket) => new Promise<string>((resolve) => tab.once('disconnect', resolve));

describe('ending a staff member’s sockets (issue 16 part 1)', () => {
  it('deactivation disconnects the nurse’s connected socket at once', async () => {
    const nurse = await signIn(t.app, 'role8@demo.test');
    const tab = await tabOf(nurse);
    const gone = disconnected(tab);
    const res = await injectCall(t.app, deactivateStaff, { body: { userid: nurse.user.user_id } }, orgAdmin);
    expect(res.statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    await expect(tabOf(nurse)).rejects.toThrow();
  });

  it('a password reset disconnects the user’s socket too', async () => {
    const physician = await signIn(t.app, 'role6@demo.test');
    const tab = await tabOf(physician);
    const gone = disconnected(tab);
    const res = await injectCall(
      t.app,
      resetStaffPassword,
      { body: { userid: physician.user.user_id, password: 'Fresh-pass7' } },
      orgAdmin,
    );
    expect(res.statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
  });
});

describe('Add {role} on every staff table (issue 16 part 1)', () => {
  const place = async () => {
    const row = await t.db
      .selectFrom('locations as l')
      .innerJoin('practices as p', 'p.practice_id', 'l.practice_id')
      .innerJoin('location_programs as lp', 'lp.location_id', 'l.location_id')
      .select(['p.organization_id', 'p.practice_id', 'l.location_id', 'lp.program_id'])
      .where('l.location_name', '=', 'Northwind Heart Clinic - Downtown')
      .orderBy('lp.program_id')
      .executeTakeFirstOrThrow();
    return { ...row, programs: [row.program_id] };
  };
  /** rpm/users/add by `who` of a person with the role, placed at Northwind's Downtown location. */
  const add = async (who: Signed, username: string, roleid: number) =>
    injectUnchecked(
      t.app,
      addUser,
      {
        body: {
          firstname: 'Ada',
          lastname: 'Lane',
          dob: '1990-01-02',
          phone: '',
          mobile: '5559876543',
          fax: '',
          username,
          password: 'Secret-pass9',
          roleid,
          is_sleeplab_user: 0,
          ...(await place()),
        },
        headers: { 'idempotency-key': crypto.randomUUID() },
      },
      who,
    );

  it('adds a nurse, who must change the password at first sign-in', async () => {
    const res = await add(top, 'ada.nurse@example.com', 8);
    expect(res.statusCode).toBe(200);
    const user = await t.db
      .selectFrom('users as u')
      .innerJoin('user_roles as ur', 'ur.user_id', 'u.user_id')
      .select(['ur.role_id', 'u.change_password'])
      .where('u.user_id', '=', res.json().data.user_id)
      .execute();
    expect(user).toEqual([{ role_id: 8, change_password: true }]);
  });

  it('refuses roles whose pages the caller lacks (403 naming roleid) and the patient role (400)', async () => {
    // The seed's nurses hold 'Aws Call', which organisation administrators do not.
    const nurse = await add(orgAdmin, 'ada.nurse2@example.com', 8);
    expect([nurse.statusCode, nurse.json().field]).toEqual([403, 'roleid']);
    const topRole = await add(orgAdmin, 'ada.top@example.com', 1);
    expect([topRole.statusCode, topRole.json().field]).toEqual([403, 'roleid']);
    const patient = await add(orgAdmin, 'ada.patient@example.com', 7);
    expect([patient.statusCode, patient.json().field]).toEqual([400, 'roleid']);
  });
});
