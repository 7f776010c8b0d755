import { getSignInLocks, loginWithCaptcha } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD_FOR_TESTS,
  injectCall,
  signIn,
  solvedCaptcha,
  startTestApp,
  type TestApp,
} from '../test-app.js';
import { DEVICE_COOKIE } from './device-cookie.js';
import { LIMITS, LOGIN_WINDOW_MS } from './login-limits.js';

/**
 * Issue 44's lock-out finding: 55 wrong passwords for one user name from 11 addresses, each with a solved captcha,
 * locked the owner out from anywhere for 15 minutes. The name's lock now lets through a browser that signed in as
 * the user before (its device cookie); the per-address limits still hold for everyone.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const NAME = 'role13@demo.test';

async function attempt(password: string, remoteAddress: string, device?: string) {
  return injectCall(t.app, loginWithCaptcha, {
    remoteAddress,
    ...(device ? { headers: { cookie: `${DEVICE_COOKIE}=${device}` } } : {}),
    body: { username: NAME, password, captchaToken: await solvedCaptcha(t.app) },
  });
}

describe('sign-in lock-out is no denial-of-service tool', () => {
  it("lets the owner's own browser through a lock of their user name, and no other browser", async () => {
    const first = await attempt(DEMO_PASSWORD_FOR_TESTS, '10.9.0.1');
    expect(first.json().status).toBe(1);
    const device = first.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(device?.httpOnly).toBe(true);
    expect(device?.sameSite).toBe('Strict');

    // A stranger: 55 wrong passwords from 11 addresses, 5 each (under each address's own limit).
    // The name's lock starts after LIMITS.perName of them.
    const statuses = new Set<number>();
    for (let a = 0; a < 11; a++)
      for (let i = 0; i < 5; i++) statuses.add((await attempt('wrong', `10.66.0.${a}`)).statusCode);
    expect([...statuses].sort()).toEqual([200, 429]);

    // The owner from a new address in a fresh browser: the name's lock holds (as before).
    const fresh = await attempt(DEMO_PASSWORD_FOR_TESTS, '10.9.0.2');
    expect(fresh.statusCode).toBe(429);
    // The owner's own browser, from a new address: through.
    const own = await attempt(DEMO_PASSWORD_FOR_TESTS, '10.9.0.3', device?.value);
    expect(own.json().status).toBe(1);

    // The top administrator sees the lock and why; Northwind's administrator does not see Riverside's staff.
    const locks = (await injectCall(t.app, getSignInLocks, {}, await signIn(t.app, 'role1@demo.test'))).json()
      .data;
    const mine = locks.filter((l: { username: string }) => l.username === NAME);
    // Each of the ten addresses that reached its own limit is a lock of its own.
    expect(mine.filter((l: { kind: string }) => l.kind === 'address')).toHaveLength(10);
    expect(mine.filter((l: { kind: string }) => l.kind === 'name')).toEqual([
      expect.objectContaining({
        kind: 'name',
        address: null,
        failures: LIMITS.perName,
        addresses: 10,
        reason: expect.stringMatching(
          /^50 failed sign-ins from 10 addresses in 15 minutes: locked except in browsers/,
        ),
      }),
    ]);
    const northwind = (
      await injectCall(t.app, getSignInLocks, {}, await signIn(t.app, 'role2@demo.test'))
    ).json();
    expect(northwind.data.filter((l: { username: string }) => l.username === NAME)).toEqual([]);
  });

  it('refuses a forged or altered device cookie, and still limits the known browser per address', async () => {
    t.clock.advance(LOGIN_WINDOW_MS + 1000);
    const first = await attempt(DEMO_PASSWORD_FOR_TESTS, '10.9.1.1');
    const device = first.cookies.find((c) => c.name === DEVICE_COOKIE)?.value ?? '';
    for (let a = 0; a < 11; a++) for (let i = 0; i < 5; i++) await attempt('wrong', `10.67.0.${a}`);
    const altered = `${device.slice(0, -2)}xx`;
    expect((await attempt(DEMO_PASSWORD_FOR_TESTS, '10.9.1.2', altered)).statusCode).toBe(429);
    // A known browser's own address keeps its limit of 5 failures.
    for (let i = 0; i < LIMITS.perNameAndClient; i++) await attempt('wrong', '10.9.1.3', device);
    expect((await attempt(DEMO_PASSWORD_FOR_TESTS, '10.9.1.3', device)).statusCode).toBe(429);
  });
});
