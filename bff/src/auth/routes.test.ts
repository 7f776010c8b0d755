import {
  changePasswordByUserId,
  checkSession as checkSessionCall,
  loginWithCaptcha,
  loginWithToken,
  MSG,
  PASSWORD_MAX_AGE_DAYS,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attemptLogin,
  DEMO_PASSWORD_FOR_TESTS,
  injectCall,
  injectUnchecked,
  signIn,
  solvedCaptcha,
  startTestApp,
  type TestApp,
} from '../test-app.js';
import { LIMITS, LOGIN_WINDOW_MS } from './login-limits.js';
import { SERVER_IDLE_MS } from './sessions.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const login = (username: string, password: string, captchaToken?: string) =>
  attemptLogin(t.app, username, password, captchaToken ? { captchaToken } : {});
const countRows = async (table: 'sessions' | 'login_failures' | 'audit_log') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const checkSession = (headers: Record<string, string>, status: unknown) =>
  injectUnchecked(t.app, checkSessionCall, { query: { status } }, { headers });

describe('loginWithCaptcha (000 §4.3, §7)', () => {
  it('signs in with status 1, the stored-user record and an HttpOnly SameSite cookie', async () => {
    const res = await login('ROLE5@demo.test', DEMO_PASSWORD_FOR_TESTS);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(1);
    expect(body.message).toBe(MSG.loginSuccessful);
    expect(body.user.username).toBe('role5@demo.test');
    expect(body.user.roleid).toEqual([5]);
    expect(body.user.pages).toContain('Dashboard');
    expect(body.user.token).toMatch(/^[\w-]{40,}$/);
    const cookie = res.cookies.find((c) => c.name === 'rpm_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Strict');
  });

  it.each([
    ['a wrong password', 'role5@demo.test', 'wrong-password'],
    ['an unknown user name', 'nobody@demo.test', DEMO_PASSWORD_FOR_TESTS],
  ])('answers status 0 for %s and opens no session', async (_, username, password) => {
    const sessions = await countRows('sessions');
    const res = await login(username, password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 0, message: 'Invalid Username or Password' });
    expect(await countRows('sessions')).toBe(sessions);
  });

  it('accepts a captcha solution once', async () => {
    const token = await solvedCaptcha(t.app);
    expect((await login('role8@demo.test', DEMO_PASSWORD_FOR_TESTS, token)).json().status).toBe(1);
    const again = await login('role8@demo.test', DEMO_PASSWORD_FOR_TESTS, token);
    expect(again.statusCode).toBe(400);
    expect(again.json().field).toBe('captchaToken');
  });

  it('flags a password older than 45 days', async () => {
    const { user } = await signIn(t.app, 'role3@demo.test');
    expect((user as unknown as { password_age_days: number }).password_age_days).toBeGreaterThan(
      PASSWORD_MAX_AGE_DAYS,
    );
  });
});

describe('bad input gets a clear 4xx and writes nothing', () => {
  const cases: [string, { headers?: Record<string, string>; body: unknown }, number, string | undefined][] = [
    [
      'a missing field',
      { headers: { 'content-type': 'application/json' }, body: { username: 'a@b.co', password: 'x' } },
      400,
      'captchaToken',
    ],
    ['a wrong type', { body: { username: 5, password: 'x', captchaToken: 'y' } }, 400, 'username'],
    [
      'malformed JSON',
      { headers: { 'content-type': 'application/json' }, body: '{"username":' },
      400,
      undefined,
    ],
    [
      'an oversized body',
      { body: { username: 'a@b.co', password: 'x'.repeat(70_000), captchaToken: 'y' } },
      413,
      undefined,
    ],
    [
      'a forged captcha',
      { body: { username: 'a@b.co', password: 'x', captchaToken: 'bm90LWpzb24=' } },
      400,
      'captchaToken',
    ],
  ];
  it.each(cases)('%s', async (_, req, status, field) => {
    const before = [await countRows('sessions'), await countRows('audit_log')];
    const res = await injectUnchecked(t.app, loginWithCaptcha, req);
    expect(res.statusCode).toBe(status);
    const body = res.json();
    expect(body.status).toBe(status);
    expect(body.message).toEqual(expect.any(String));
    expect(body.message).not.toMatch(/at .*\.ts:\d+/);
    if (field) expect(body.field).toBe(field);
    expect([await countRows('sessions'), await countRows('audit_log')]).toEqual(before);
  });

  it('checks the session before the input: an anonymous bad call gets 401', async () => {
    const res = await injectUnchecked(t.app, checkSessionCall, { query: { status: 7 } });
    expect(res.statusCode).toBe(401);
  });

  it('answers 400, not 500, for text the database cannot store', async () => {
    const res = await login('nul\u0000@demo.test', 'x');
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(400);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    // A path outside the contract, on purpose: it stays literal.
    const res = await t.app.inject({ method: 'GET', url: '/api/rpm/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().status).toBe(404);
  });
});

describe('sign-in rate limits', () => {
  it(`answers 429 with Retry-After after ${LIMITS.perNameAndClient} failures, and lets the user in after the window`, async () => {
    const name = 'role13@demo.test';
    for (let i = 0; i < LIMITS.perNameAndClient; i++)
      expect((await login(name, 'bad')).json().status).toBe(0);
    const limited = await login(name, DEMO_PASSWORD_FOR_TESTS);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(LOGIN_WINDOW_MS / 1000);
    expect(limited.json().message).toMatch(/Too many sign-in attempts/);
    t.clock.advance(LOGIN_WINDOW_MS + 1000);
    expect((await login(name, DEMO_PASSWORD_FOR_TESTS)).json().status).toBe(1);
  });

  it('does not count attempts with an unsolved captcha against the name: junk tokens lock nobody out (issue 11 #1)', async () => {
    const name = 'role14@demo.test';
    for (let i = 0; i < LIMITS.perName + 5; i++) {
      const junk = await login(name, 'bad', 'junk-token');
      expect(junk.statusCode).toBe(400);
      expect(junk.json().field).toBe('captchaToken');
    }
    expect((await login(name, DEMO_PASSWORD_FOR_TESTS)).json().status).toBe(1);
  });

  it('limits unverified attempts per address apart, without blocking correct sign-ins behind it', async () => {
    t.clock.advance(LOGIN_WINDOW_MS + 1000);
    for (let i = 0; i < LIMITS.unverifiedPerClient; i++)
      expect((await login(`x${i}@demo.test`, 'bad', 'junk')).statusCode).toBe(400);
    const limited = await login('anyone@demo.test', 'bad', 'junk');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Colleagues behind the same clinic address still sign in with a solved captcha.
    expect((await login('role15@demo.test', DEMO_PASSWORD_FOR_TESTS)).json().status).toBe(1);
    t.clock.advance(LOGIN_WINDOW_MS + 1000);
    expect((await login('anyone@demo.test', 'bad', 'junk')).statusCode).toBe(400);
  });
});

describe('sessions (000 §4.1, §4.2, §8)', () => {
  it('refuses protected calls without headers, without the cookie, or with a forged token', async () => {
    const { headers } = await signIn(t.app, 'role2@demo.test');
    const { cookie, ...noCookie } = headers;
    const variants = [{}, noCookie, { ...headers, token: 'forged' }, { ...headers, uid: '999999' }];
    for (const h of variants) {
      const res = await checkSession(h as Record<string, string>, 1);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await checkSession(headers, 1)).statusCode).toBe(200);
    expect(cookie).toBeTruthy();
  });

  it("ends the older session on a new sign-in, with the spec's text", async () => {
    const first = await signIn(t.app, 'role9@demo.test');
    await signIn(t.app, 'role9@demo.test');
    const res = await checkSession(first.headers, 1);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.loggedInElsewhere);
  });

  it('expires an idle session on the server even if the client skips its timer; status 1 extends it', async () => {
    const { headers } = await signIn(t.app, 'role15@demo.test');
    t.clock.advance(SERVER_IDLE_MS - 60_000);
    expect((await checkSession(headers, 1)).statusCode).toBe(200);
    t.clock.advance(SERVER_IDLE_MS - 60_000);
    expect((await checkSession(headers, 1)).statusCode).toBe(200);
    t.clock.advance(SERVER_IDLE_MS + 1);
    const res = await checkSession(headers, 1);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.pastSessionExpired);
  });

  it('logs out with status 0: the session ends and the cookie is cleared', async () => {
    const { headers } = await signIn(t.app, 'role6@demo.test');
    const res = await checkSession(headers, 0);
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'rpm_session')?.value).toBe('');
    expect((await checkSession(headers, 1)).statusCode).toBe(401);
  });

  it.each(['7', '', ' 1', 'true'])(
    'rejects status=%j naming the field, and the session lives on (issue 11 #8)',
    async (value) => {
      const { headers } = await signIn(t.app, 'role6@demo.test');
      const res = await checkSession(headers, value);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('status');
      expect((await checkSession(headers, 1)).json().status).toBe(1);
    },
  );
});

describe('loginWithToken (000 §4.4)', () => {
  it('signs in again with a live token from the same browser, and not without its cookie', async () => {
    const { headers, user } = await signIn(t.app, 'role1@demo.test');
    const body = { username: 'ROLE1@demo.test', token: user.token };
    const noCookie = await injectCall(t.app, loginWithToken, { body });
    expect(noCookie.json().status).toBe(0);
    const ok = await injectCall(t.app, loginWithToken, { body, headers: { cookie: headers.cookie ?? '' } });
    expect(ok.json().status).toBe(1);
    expect(ok.json().user.user_id).toBe(user.user_id);
  });
});

describe('change_password (001 §4, §2.7)', () => {
  it('answers change_password, allows only the password change, then signs in normally', async () => {
    await t.db
      .updateTable('users')
      .set({ change_password: true })
      .where('username', '=', 'role11@demo.test')
      .execute();
    const res = await login('role11@demo.test', DEMO_PASSWORD_FOR_TESTS);
    const body = res.json();
    expect(body).toMatchObject({ status: 0, change_password: 1 });
    const cookie = res.cookies.find((c) => c.name === 'rpm_session')?.value;
    const headers = {
      uid: String(body.user.user_id),
      token: body.user.token,
      cookie: `rpm_session=${cookie}`,
    };
    expect((await checkSession(headers, 1)).statusCode).toBe(403);
    const change = (changeBody: { userid: number; newPassword: string; superPassword: string }) =>
      injectCall(t.app, changePasswordByUserId, { body: changeBody }, { headers });
    const wrongCurrent = await change({
      userid: body.user.user_id,
      newPassword: 'New-pass-2026!',
      superPassword: 'nope',
    });
    expect(wrongCurrent.json()).toEqual({ status: false, message: MSG.passwordInvalid });
    const ok = await change({
      userid: body.user.user_id,
      newPassword: 'New-pass-2026!',
      superPassword: DEMO_PASSWORD_FOR_TESTS,
    });
    expect(ok.json()).toEqual({ status: true, message: MSG.passwordUpdated });
    expect((await login('role11@demo.test', 'New-pass-2026!')).json().status).toBe(1);
  });
});
