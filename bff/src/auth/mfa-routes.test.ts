import {
  beginMfaEnrolment,
  type CallDef,
  checkSession,
  confirmMfaEnrolment,
  disableMfa,
  getIncompleteTaskCount,
  getMfaStatus,
  loginWithToken,
  MSG,
  resetUserMfa,
  temporaryLogin,
  verifyMfa,
} from '@rpm/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOTP_SECRET } from '../db/seed/demo-users.js';
import {
  attemptLogin,
  type CallRequestOf,
  DEMO_PASSWORD_FOR_TESTS,
  injectCall,
  signIn,
  startTestApp,
  type TestApp,
} from '../test-app.js';
import { rowCounts } from '../test-rows.js';
import { LIMITS } from './login-limits.js';
import { totpCode } from './mfa.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

type Headers = Record<string, string>;

/** The calls these tests make, on one test app. */
const callsOf = (a: () => TestApp) => ({
  login: (username: string, opts: { captchaToken?: string; remoteAddress?: string } = {}) =>
    attemptLogin(a().app, username, DEMO_PASSWORD_FOR_TESTS, opts),
  verify: (mfa_token: string, code: string, remoteAddress?: string) =>
    injectCall(a().app, verifyMfa, {
      ...(remoteAddress ? { remoteAddress } : {}),
      body: { mfa_token, code },
    }),
  /** A call of the contract with these session headers. */
  send: <C extends CallDef>(call: C, headers: Headers, input: CallRequestOf<C> = {}) =>
    injectCall(a().app, call, input, { headers }),
  /** Each accepted code must be of a newer 30-second step than the last (no replay), so tests move the clock on. */
  nextCode: (secret: string) => {
    a().clock.advance(30_000);
    return totpCode(secret, a().clock.now());
  },
});
const { login, verify, send, nextCode } = callsOf(() => t);
const headersOf = (res: LightMyRequestResponse): Headers => {
  const body = res.json();
  const cookie = res.cookies.find((c) => c.name === 'rpm_session');
  if (!body.user || !cookie) throw new Error(`no session: ${res.body}`);
  return { uid: String(body.user.user_id), token: body.user.token, cookie: `rpm_session=${cookie.value}` };
};
const count = async (table: 'sessions' | 'login_failures') => (await rowCounts(t.db, [table]))[table];
/** Enrols the signed-in user through the calls; answers the secret and the recovery codes. */
async function enrol(headers: Headers) {
  const begun = await send(beginMfaEnrolment, headers);
  expect(begun.statusCode).toBe(200);
  const { secret } = begun.json();
  const done = await send(confirmMfaEnrolment, headers, { body: { code: nextCode(secret) } });
  expect(done.statusCode).toBe(200);
  return { secret: secret as string, recovery: done.json().recovery_codes as string[] };
}

describe('the second sign-in step (issue 11 "Add")', () => {
  it('asks an enrolled user for the code before opening a session, then signs in as before', async () => {
    const sessions = await count('sessions');
    const first = await login('MFA@demo.test');
    expect(first.statusCode).toBe(200);
    const step = first.json();
    expect(step).toMatchObject({ status: 0, mfa_required: 1, mfa_token: expect.any(String) });
    expect(step.user).toBeUndefined();
    expect(first.cookies).toHaveLength(0);
    expect(await count('sessions')).toBe(sessions);

    const failures = await count('login_failures');
    const wrong = await verify(step.mfa_token, '000000');
    expect(wrong.json()).toEqual({ status: 0, message: 'Invalid authentication code' });
    expect(await count('login_failures')).toBe(failures + 1);
    expect(await count('sessions')).toBe(sessions);

    const code = nextCode(DEMO_TOTP_SECRET);
    const ok = await verify(step.mfa_token, code);
    expect(ok.json()).toMatchObject({
      status: 1,
      message: MSG.loginSuccessful,
      user: { username: 'mfa@demo.test' },
    });
    const check = await send(checkSession, headersOf(ok), { query: { status: 1 } });
    expect(check.json().status).toBe(1);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('user_id', '=', ok.json().user.user_id)
      .orderBy('audit_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('login_mfa');

    // The challenge is spent, and the same code cannot open another sign-in.
    const again = await verify(step.mfa_token, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().field).toBe('mfa_token');
    const second = (await login('mfa@demo.test')).json();
    expect((await verify(second.mfa_token, code)).json().status).toBe(0);
  });

  it('binds the challenge to the client address and lets it expire', async () => {
    const step = (await login('mfa@demo.test', { remoteAddress: '10.1.1.1' })).json();
    const elsewhere = await verify(step.mfa_token, nextCode(DEMO_TOTP_SECRET), '10.1.1.2');
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().field).toBe('mfa_token');
    t.clock.advance(5 * 60_000);
    const late = await verify(step.mfa_token, totpCode(DEMO_TOTP_SECRET, t.clock.now()), '10.1.1.1');
    expect(late.statusCode).toBe(400);
  });

  it('keeps the captcha: no challenge without a solved one', async () => {
    const res = await login('mfa@demo.test', { captchaToken: 'bm90LWpzb24=' });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('captchaToken');
    expect(res.json().mfa_token).toBeUndefined();
  });

  it('counts wrong codes with the sign-in limits: after 5 the name is locked for this client, right code or not', async () => {
    const client = '10.2.2.2';
    const step = (await login('mfa@demo.test', { remoteAddress: client })).json();
    for (let n = 0; n < LIMITS.perNameAndClient; n++)
      expect((await verify(step.mfa_token, '123456', client)).json().status).toBe(0);
    const locked = await verify(step.mfa_token, nextCode(DEMO_TOTP_SECRET), client);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login('mfa@demo.test', { remoteAddress: client })).statusCode).toBe(429);
  });
});

describe('enrolment, recovery codes, turning off and the administrator reset', () => {
  it('enrols from the profile with a QR code, then the sign-in needs a code; a recovery code works once', async () => {
    const nurse = await signIn(t.app, 'role9@demo.test');
    const status = await send(getMfaStatus, nurse.headers);
    expect(status.json()).toEqual({ enrolled: false, required: false, recovery_codes_left: 0 });
    const begun = (await send(beginMfaEnrolment, nurse.headers)).json();
    expect(begun.uri).toMatch(/^otpauth:\/\/totp\/RPM:role9%40demo\.test\?.*secret=[A-Z2-7]+/);
    expect(begun.qr).toMatch(/^data:image\/png;base64,/);
    const wrong = await send(confirmMfaEnrolment, nurse.headers, { body: { code: '000000' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().field).toBe('code');
    const done = await send(confirmMfaEnrolment, nurse.headers, { body: { code: nextCode(begun.secret) } });
    const recovery: string[] = done.json().recovery_codes;
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);

    // At rest: the secret encrypted, the recovery codes hashed.
    const userId = nurse.user.user_id;
    const stored = await t.db
      .selectFrom('user_mfa')
      .select('secret_enc')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(stored.secret_enc).not.toContain(begun.secret);
    const hashes = await t.db
      .selectFrom('mfa_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', userId)
      .execute();
    expect(hashes.map((h) => h.code_hash.slice(0, 10))).toEqual(Array(10).fill('$argon2id$'));

    const step = (await login('role9@demo.test')).json();
    expect(step.mfa_required).toBe(1);
    const byRecovery = await verify(step.mfa_token, (recovery[0] ?? '').toUpperCase());
    expect(byRecovery.json().status).toBe(1);
    const again = (await login('role9@demo.test')).json();
    expect((await verify(again.mfa_token, recovery[0] ?? '')).json().status).toBe(0);
    const signedIn = await verify(again.mfa_token, recovery[1] ?? '');
    expect(signedIn.json().status).toBe(1);
    const left = await send(getMfaStatus, headersOf(signedIn));
    expect(left.json()).toEqual({ enrolled: true, required: false, recovery_codes_left: 8 });
  });

  it('turns off only with a valid code', async () => {
    const user = await signIn(t.app, 'role13@demo.test');
    const { secret } = await enrol(user.headers);
    const step = (await login('role13@demo.test')).json();
    const headers = headersOf(await verify(step.mfa_token, nextCode(secret)));
    expect((await send(disableMfa, headers, { body: { code: '999999' } })).statusCode).toBe(400);
    expect((await send(disableMfa, headers, { body: { code: nextCode(secret) } })).json().status).toBe(1);
    expect((await login('role13@demo.test')).json().status).toBe(1);
  });

  it('lets only role 1 reset a factor, audited; the user then signs in with the password alone', async () => {
    const user = await signIn(t.app, 'role15@demo.test');
    await enrol(user.headers);
    const userid = user.user.user_id;
    const orgAdmin = await signIn(t.app, 'role2@demo.test');
    expect((await send(resetUserMfa, orgAdmin.headers, { body: { userid } })).statusCode).toBe(403);
    expect((await login('role15@demo.test')).json().mfa_required).toBe(1);

    const admin = await signIn(t.app, 'role1@demo.test');
    const reset = await send(resetUserMfa, admin.headers, { body: { userid } });
    expect(reset.json()).toEqual({ status: 1, message: 'Multi-factor sign-in was reset.' });
    const row = await t.db
      .selectFrom('audit_log')
      .select(['user_id', 'entity', 'entity_id'])
      .where('action', '=', 'mfa_reset')
      .orderBy('audit_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: admin.user.user_id, entity: 'user', entity_id: String(userid) });
    expect((await login('role15@demo.test')).json().status).toBe(1);
    expect((await send(resetUserMfa, admin.headers, { body: { userid: 999_999 } })).statusCode).toBe(404);
  });
});

describe('MFA_REQUIRED_ROLES', () => {
  let r: TestApp;
  beforeAll(async () => {
    r = await startTestApp({ env: { MFA_REQUIRED_ROLES: '1' } });
  });
  afterAll(async () => r.close());

  const on = callsOf(() => r);

  it('lets a required role only enrol until it has a factor; temporary login and its return keep working', async () => {
    const first = await on.login('role1@demo.test');
    expect(first.json()).toMatchObject({ status: 0, mfa_enrol: 1, user: { username: 'role1@demo.test' } });
    const headers = headersOf(first);
    const blocked = await on.send(getIncompleteTaskCount, headers);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe('Please set up multi-factor sign-in before you continue.');
    const status = await on.send(getMfaStatus, headers);
    expect(status.json()).toMatchObject({ enrolled: false, required: true });

    const { secret } = (await on.send(beginMfaEnrolment, headers)).json();
    expect(
      (await on.send(confirmMfaEnrolment, headers, { body: { code: on.nextCode(secret) } })).statusCode,
    ).toBe(200);
    // A required role cannot turn it off.
    expect((await on.send(disableMfa, headers, { body: { code: on.nextCode(secret) } })).statusCode).toBe(
      403,
    );

    // Signing in again takes the code; the new session works.
    const step = (await on.login('role1@demo.test')).json();
    const signed = await on.verify(step.mfa_token, on.nextCode(secret));
    expect(signed.json().status).toBe(1);
    const admin = headersOf(signed);
    expect((await on.send(getIncompleteTaskCount, admin)).statusCode).toBe(200);

    // 000 §4.4: temporary login as a user, then Home back with the administrator's token.
    const temp = await on.send(temporaryLogin, admin, {
      body: {
        username: 'role8@demo.test',
        password: '',
        is_dummy: 1,
        user_id: signed.json().user.user_id,
        user_token: signed.json().user.token,
      },
    });
    expect(temp.json().status).toBe(1);
    const tempCookie = temp.cookies.find((c) => c.name === 'rpm_session')?.value ?? '';
    const back = await on.send(
      loginWithToken,
      { cookie: `rpm_session=${tempCookie}` },
      { body: { username: 'role1@demo.test', token: signed.json().user.token } },
    );
    expect(back.json()).toMatchObject({ status: 1, user: { username: 'role1@demo.test' } });
  });

  it('leaves roles that are not listed with a password alone', async () => {
    expect((await on.login('role8@demo.test')).json().status).toBe(1);
  });
});
