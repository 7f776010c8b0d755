import { loginWithCaptcha } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { SimulatedClock } from '../clock.js';
import { testDatabase } from '../db/test-database.js';
import { DEMO_PASSWORD_FOR_TESTS, injectCall, solvedCaptcha, testConfig } from '../test-app.js';

let database: Awaited<ReturnType<typeof testDatabase>>;
beforeAll(async () => {
  database = await testDatabase({ seedPatients: 1 });
});
afterAll(async () => database.close());

/** Signs role5 in through an app with this TRUST_PROXY, as a request whose X-Forwarded-For is `forwarded`. */
async function signInBehind(trustProxy: string, forwarded: string) {
  const app = await createApp({
    config: testConfig({ TRUST_PROXY: trustProxy }),
    db: database.db,
    clock: new SimulatedClock(new Date()),
    missedReadingsIntervalMs: 0,
  });
  await app.ready();
  try {
    const res = await injectCall(app, loginWithCaptcha, {
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': forwarded },
      body: {
        username: 'role5@demo.test',
        password: DEMO_PASSWORD_FOR_TESTS,
        captchaToken: await solvedCaptcha(app),
      },
    });
    expect(res.json().status).toBe(1);
    const session = await database.db
      .selectFrom('sessions')
      .select(['session_id', 'ip'])
      .orderBy('session_id', 'desc')
      .executeTakeFirstOrThrow();
    const audit = await database.db
      .selectFrom('audit_log')
      .select('ip')
      .where('action', '=', 'login')
      .orderBy('audit_id', 'desc')
      .executeTakeFirstOrThrow();
    return { session: session.ip, audit: audit.ip };
  } finally {
    await app.close();
  }
}

describe('client address behind the load balancer (issue 11 #2)', () => {
  it('with one trusted hop, takes the entry the proxy appended, not the one the client wrote', async () => {
    // The client sent 'X-Forwarded-For: 6.6.6.6'; nginx appended the address it saw, 203.0.113.7.
    expect(await signInBehind('1', '6.6.6.6, 203.0.113.7')).toEqual({
      session: '203.0.113.7',
      audit: '203.0.113.7',
    });
  });
  it("with the proxy's address, the same", async () => {
    expect(await signInBehind('10.0.0.0/8', '6.6.6.6, 203.0.113.7')).toEqual({
      session: '203.0.113.7',
      audit: '203.0.113.7',
    });
  });
  it('off: X-Forwarded-For is ignored and the socket address counts', async () => {
    expect(await signInBehind('0', '6.6.6.6')).toEqual({ session: '10.0.0.2', audit: '10.0.0.2' });
  });
});
