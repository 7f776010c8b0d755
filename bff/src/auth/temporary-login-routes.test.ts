import {
  checkSession as checkSessionCall,
  clearAllNotificationsForUser,
  loginWithToken,
  MSG,
  temporaryLogin,
} from '@rpm/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';
import { rowCounts } from '../test-rows.js';
import { SERVER_IDLE_MS } from './sessions.js';

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let nurseId: number;

beforeAll(async () => {
  t = await startTestApp();
  nurseId = (
    await t.db
      .selectFrom('users')
      .select('user_id')
      .where('username', '=', 'role8@demo.test')
      .executeTakeFirstOrThrow()
  ).user_id;
});
afterAll(async () => t.close());

const tempLogin = (who: Signed, body: Record<string, unknown> = {}) =>
  injectUnchecked(
    t.app,
    temporaryLogin,
    {
      body: {
        username: 'role8@demo.test',
        password: '',
        is_dummy: 1,
        user_id: who.user.user_id,
        user_token: who.user.token,
        ...body,
      },
    },
    who,
  );
const sessionCookie = (res: LightMyRequestResponse) => {
  const cookie = res.cookies.find((c) => c.name === 'rpm_session');
  if (!cookie) throw new Error('no session cookie');
  return cookie;
};
const checkSession = (headers: Record<string, string>) =>
  injectCall(t.app, checkSessionCall, { query: { status: 1 } }, { headers });
/** The Home button (000 §4.4): loginWithToken with the main user's token and the browser's cookie. */
const returnHome = (cookie: string, token: string) =>
  injectCall(t.app, loginWithToken, {
    body: { username: 'role1@demo.test', token },
    headers: { cookie },
  });

describe('temporary login (000 §4.4; 001 §6)', () => {
  it('runs the round trip: admin → temporary login → works as the user → Home back to the admin', async () => {
    const admin = await signIn(t.app, 'role1@demo.test');
    const res = await tempLogin(admin, { username: '  ROLE8@demo.test ' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(1);
    expect(body.message).toBe(MSG.loginSuccessful);
    expect(body.user).toMatchObject({ user_id: nurseId, username: 'role8@demo.test', roleid: [8] });
    const cookie = sessionCookie(res);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });

    // The session and its audit row name both identities.
    const session = await t.db
      .selectFrom('sessions')
      .select(['session_id', 'user_id', 'acting_user_id'])
      .where('user_id', '=', nurseId)
      .where('acting_user_id', '=', admin.user.user_id)
      .where('ended_at', 'is', null)
      .executeTakeFirstOrThrow();
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['user_id', 'acting_user_id'])
      .where('action', '=', 'temporary_login')
      .where('entity_id', '=', String(session.session_id))
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ user_id: nurseId, acting_user_id: admin.user.user_id });

    // Working as the nurse, well past the admin's own idle limit: each check extends the admin's session too.
    const asNurse = { uid: String(nurseId), token: body.user.token, cookie: `rpm_session=${cookie.value}` };
    for (let n = 0; n < 3; n++) {
      t.clock.advance(SERVER_IDLE_MS - 60_000);
      const check = await checkSession(asNurse);
      expect(check.statusCode).toBe(200);
      expect(check.json().status).toBe(1);
    }
    // Writes made as the nurse name the admin too.
    await injectCall(
      t.app,
      clearAllNotificationsForUser,
      { body: { userid: nurseId, roleid: 8 } },
      { headers: asNurse },
    );
    const cleared = await t.db
      .selectFrom('audit_log')
      .select(['user_id', 'acting_user_id'])
      .where('action', '=', 'clear_notifications')
      .orderBy('audit_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(cleared).toEqual({ user_id: nurseId, acting_user_id: admin.user.user_id });

    // The Home button: loginWithToken with the stored main user and the temporary session's cookie.
    const back = await returnHome(`rpm_session=${cookie.value}`, admin.user.token);
    expect(back.json()).toMatchObject({ status: 1, user: { user_id: admin.user.user_id, roleid: [1] } });
    const adminAgain = {
      uid: String(admin.user.user_id),
      token: back.json().user.token,
      cookie: `rpm_session=${sessionCookie(back).value}`,
    };
    expect((await checkSession(adminAgain)).statusCode).toBe(200);
    // The temporary session ended with the return.
    expect((await checkSession(asNurse)).statusCode).toBe(401);
  });

  it('does not revive an admin session that has already expired', async () => {
    const admin = await signIn(t.app, 'role1@demo.test');
    const res = await tempLogin(admin);
    const asNurse = {
      uid: String(nurseId),
      token: res.json().user.token,
      cookie: `rpm_session=${sessionCookie(res).value}`,
    };
    // The temporary session is used, but the admin's is past its expiry before the first check.
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(t.clock.now().getTime() - 1) })
      .where('user_id', '=', admin.user.user_id)
      .where('acting_user_id', 'is', null)
      .where('ended_at', 'is', null)
      .execute();
    expect((await checkSession(asNurse)).statusCode).toBe(200);
    const back = await returnHome(asNurse.cookie, admin.user.token);
    expect(back.json().status).toBe(0);
  });

  it.each([
    ['a caller whose lowest role is not 1', 'role2@demo.test', {}, 403, undefined],
    ['a clinical user (role 8)', 'agent@demo.test', {}, 403, undefined],
    [
      'a user_token that is not the caller’s',
      'role1@demo.test',
      { user_token: 'someone-elses-token' },
      403,
      'user_token',
    ],
    ['a user_id that is not the caller’s', 'role1@demo.test', { user_id: 2 }, 403, 'user_id'],
    ['an unknown user name', 'role1@demo.test', { username: 'nobody@demo.test' }, 404, 'username'],
    ['the caller’s own user name', 'role1@demo.test', { username: 'role1@demo.test' }, 400, 'username'],
    ['no is_dummy flag', 'role1@demo.test', { is_dummy: undefined }, 400, 'is_dummy'],
    ['a string user_id', 'role1@demo.test', { user_id: '1' }, 400, 'user_id'],
    [
      'a NUL character in the user name',
      'role1@demo.test',
      { username: 'a\u0000b@demo.test' },
      400,
      'username',
    ],
  ])('refuses %s and opens no session', async (_, caller, body, status, field) => {
    const who = await signIn(t.app, caller);
    const before = await rowCounts(t.db, ['sessions', 'audit_log']);
    const res = await tempLogin(who, body);
    expect(res.statusCode).toBe(status);
    expect(res.json().field).toBe(field);
    expect(res.cookies.find((c) => c.name === 'rpm_session')).toBeUndefined();
    expect(await rowCounts(t.db, ['sessions', 'audit_log'])).toEqual(before);
  });

  it('refuses a disabled target, and a second temporary login from inside one', async () => {
    const admin = await signIn(t.app, 'role1@demo.test');
    await t.db
      .updateTable('users')
      .set({ active: false })
      .where('username', '=', 'role9@demo.test')
      .execute();
    try {
      const res = await tempLogin(admin, { username: 'role9@demo.test' });
      expect(res.statusCode).toBe(403);
      expect(res.json().field).toBe('username');
    } finally {
      await t.db
        .updateTable('users')
        .set({ active: true })
        .where('username', '=', 'role9@demo.test')
        .execute();
    }
    // Temporarily logged in as another administrator-level user, the chain stops there.
    await t.db.insertInto('user_roles').values({ user_id: nurseId, role_id: 1 }).execute();
    try {
      const first = await tempLogin(admin);
      const asNurse: Signed = {
        user: { user_id: nurseId, token: first.json().user.token },
        headers: {
          uid: String(nurseId),
          token: first.json().user.token,
          cookie: `rpm_session=${sessionCookie(first).value}`,
        },
      };
      const second = await tempLogin(asNurse, { username: 'role9@demo.test' });
      expect(second.statusCode).toBe(403);
      expect(second.json().message).toBe(
        'Return to your own account before starting another temporary login.',
      );
    } finally {
      await t.db.deleteFrom('user_roles').where('user_id', '=', nurseId).where('role_id', '=', 1).execute();
    }
  });
});
