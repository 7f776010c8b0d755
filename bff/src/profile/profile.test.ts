import { changePasswordByUserId, getProfile, MSG, updateProfile } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attemptLogin,
  DEMO_PASSWORD_FOR_TESTS,
  injectCall,
  injectUnchecked,
  signIn,
  startTestApp,
  type TestApp,
} from '../test-app.js';

/** User Profile (000 §2.2): own record only, the staff form's rules, the voluntary password change. */

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let nurse: Signed; // role 8
let biller: Signed; // role 10

beforeAll(async () => {
  t = await startTestApp({ now: new Date('2026-03-10T12:00:00Z') });
  nurse = await signIn(t.app, 'role8@demo.test');
  biller = await signIn(t.app, 'role10@demo.test');
});
afterAll(async () => t.close());

const profile = (over: Record<string, unknown> = {}) => ({
  firstname: 'Nell',
  lastname: 'Hart-Moss',
  dob: '1984-07-01',
  phone: '',
  mobile: '5550001111',
  fax: '5550002222',
  profile_img: 'avatar-4.svg',
  ...over,
});

describe('rpm/users/updateProfile', () => {
  it("saves the caller's own record with its audit row, and leaves everyone else's alone", async () => {
    const before = await injectCall(t.app, getProfile, {}, biller);
    const res = await injectCall(t.app, updateProfile, { body: profile() }, nurse);
    expect(res.json()).toEqual({ status: 1, message: MSG.updatedSuccessfully });

    const mine = await injectCall(t.app, getProfile, {}, nurse);
    expect(mine.json().data).toEqual({
      ...profile(),
      username: 'role8@demo.test',
    });
    expect((await injectCall(t.app, getProfile, {}, biller)).json()).toEqual(before.json());
    const audits = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'update_profile')
      .where('entity_id', '=', String(nurse.user.user_id))
      .execute();
    expect(audits).toHaveLength(1);
    expect(audits[0]?.user_id).toBe(nurse.user.user_id);
  });

  it('names the next sign-in with the new name and avatar', async () => {
    await injectCall(t.app, updateProfile, { body: profile({ firstname: 'Nora' }) }, nurse);
    // A new sign-in ends the old session (one session per user), so the nurse goes on with the new one.
    nurse = await signIn(t.app, 'role8@demo.test');
    expect(nurse.user).toMatchObject({ name: 'Nora Hart-Moss', profile_img: 'avatar-4.svg' });
  });

  it.each([
    [{ firstname: 'Nell!' }, 'firstname', MSG.firstNameSpecialChars],
    [{ lastname: '' }, 'lastname', MSG.required],
    [{ mobile: '555' }, 'mobile', MSG.invalidMobile],
    [{ phone: '12' }, 'phone', MSG.invalidPhone],
    [{ fax: 'x' }, 'fax', MSG.invalidFax],
    [{ dob: '2026-03-11' }, 'dob', MSG.invalidDob],
    [{ profile_img: '../../etc/passwd' }, 'profile_img', 'Choose an avatar from the set'],
  ])('refuses %j naming the field, and writes nothing', async (over, field, message) => {
    const before = (await injectCall(t.app, getProfile, {}, nurse)).json();
    const res = await injectUnchecked(t.app, updateProfile, { body: profile(over) }, nurse);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    expect(res.json().message).toContain(message);
    expect((await injectCall(t.app, getProfile, {}, nurse)).json()).toEqual(before);
  });

  it('is closed to anonymous callers', async () => {
    const res = await injectUnchecked(t.app, updateProfile, { body: profile() }, null);
    expect(res.statusCode).toBe(401);
  });
});

describe('the voluntary password change from the profile (001 §2.7)', () => {
  it('refuses a wrong current password and another user id, then changes the own password', async () => {
    const change = (body: { userid: number; newPassword: string; superPassword: string }) =>
      injectUnchecked(t.app, changePasswordByUserId, { body }, biller);
    const id = biller.user.user_id;
    const wrong = await change({ userid: id, newPassword: 'New-pass-2026!', superPassword: 'Not-it-1' });
    expect(wrong.json()).toEqual({ status: false, message: MSG.passwordInvalid });
    const other = await change({
      userid: nurse.user.user_id,
      newPassword: 'New-pass-2026!',
      superPassword: DEMO_PASSWORD_FOR_TESTS,
    });
    expect([other.statusCode, other.json().field]).toEqual([403, 'userid']);
    nurse = await signIn(t.app, 'role8@demo.test'); // the nurse's password is unchanged

    const ok = await change({
      userid: id,
      newPassword: 'New-pass-2026!',
      superPassword: DEMO_PASSWORD_FOR_TESTS,
    });
    expect(ok.json()).toEqual({ status: true, message: MSG.passwordUpdated });
    expect((await attemptLogin(t.app, 'role10@demo.test', 'New-pass-2026!')).json().status).toBe(1);
  });
});
