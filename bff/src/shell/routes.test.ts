import {
  callUrl,
  checkSession,
  getCaptcha,
  getIncompleteTaskCount,
  getRpmVersion,
  isAlive,
  loginWithCaptcha,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp } from '../test-app.js';

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let nurse: Signed;

beforeAll(async () => {
  t = await startTestApp();
  nurse = await signIn(t.app, 'role8@demo.test');
});
afterAll(async () => t.close());

const version = (body: unknown) => injectUnchecked(t.app, getRpmVersion, { body });
const taskCount = (who: Signed | null) => injectCall(t.app, getIncompleteTaskCount, {}, who);

describe('getRpmVersion (000 §7)', () => {
  it("answers app_config 'rpm_version', without a session", async () => {
    await t.db
      .updateTable('app_config')
      .set({ value: '2.3.4' })
      .where('config_key', '=', 'rpm_version')
      .execute();
    const res = await version({ config_key: 'rpm_version' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1, data: { value: '2.3.4' } });
  });

  it('answers 404 when the value is missing', async () => {
    await t.db.deleteFrom('app_config').where('config_key', '=', 'rpm_version').execute();
    const res = await version({ config_key: 'rpm_version' });
    expect(res.statusCode).toBe(404);
    expect(res.json().field).toBe('config_key');
    await t.db.insertInto('app_config').values({ config_key: 'rpm_version', value: '1.0.0' }).execute();
  });

  it.each([[{ config_key: 'db_password' }], [{}], [{ config_key: 1 }]])(
    'refuses other keys (%o)',
    async (body) => {
      const res = await version(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('config_key');
    },
  );
});

describe('getIncompleteTaskCount (000 §2.7, §7)', () => {
  it('counts open and in-progress tasks assigned to the caller', async () => {
    const uid = nurse.user.user_id;
    await t.db.deleteFrom('tasks').where('assigned_to', '=', uid).execute();
    const task = (status: 'open' | 'in_progress' | 'completed', assigned_to = uid) => ({
      assigned_to,
      title: `task ${status}`,
      status,
      created_by: uid,
      completed_at: status === 'completed' ? t.clock.now() : null,
    });
    await t.db
      .insertInto('tasks')
      .values([task('open'), task('open'), task('in_progress'), task('completed'), task('open', 1)])
      .execute();
    expect((await taskCount(nurse)).json()).toEqual({ status: 1, count: 3 });
  });

  it('needs a session', async () => {
    expect((await taskCount(null)).statusCode).toBe(401);
  });
});

describe('service calls', () => {
  it('answers isAlive and publishes the OpenAPI document of the contract', async () => {
    expect((await injectCall(t.app, isAlive)).json()).toEqual({ status: 1, message: 'alive' });
    // The OpenAPI document is served beside the contract, not as a call of it: its path stays literal.
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([loginWithCaptcha, checkSession, getCaptcha].map(callUrl)),
    );
  });

  it('sends security headers with a CSP', async () => {
    const res = await injectCall(t.app, isAlive);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the OpenAPI document in production (issue 44)', () => {
  it('is for signed-in callers only when OPENAPI_PUBLIC is 0, as production has it by default', async () => {
    const closed = await startTestApp({ env: { OPENAPI_PUBLIC: '0' } });
    try {
      const anonymous = await closed.app.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(anonymous.statusCode).toBe(401);
      const user = await signIn(closed.app, 'role8@demo.test');
      const signedIn = await closed.app.inject({
        method: 'GET',
        url: '/api/openapi.json',
        headers: user.headers,
      });
      expect(signedIn.statusCode).toBe(200);
      expect(Object.keys(signedIn.json().paths).length).toBeGreaterThan(100);
    } finally {
      await closed.close();
    }
  });
});
