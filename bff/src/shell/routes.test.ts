import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestApp, type TestApp } from '../test-app.js';

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let nurse: Signed;

beforeAll(async () => {
  t = await startTestApp();
  nurse = await signIn(t.app, 'role8@demo.test');
});
afterAll(async () => t.close());

const version = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/getRpmVersion', payload: payload as object });
const taskCount = (headers?: Record<string, string>) =>
  t.app.inject({
    method: 'GET',
    url: '/api/rpm/monitor/getIncompleteTaskCount',
    ...(headers ? { headers } : {}),
  });

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
    expect((await taskCount(nurse.headers)).json()).toEqual({ status: 1, count: 3 });
  });

  it('needs a session', async () => {
    expect((await taskCount()).statusCode).toBe(401);
  });
});
