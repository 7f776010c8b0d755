import { callUrl, getAllForBellIcon, getBillingDetails, getUnreadCount, isAlive } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestApp, type TestApp } from '../test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('Cache-Control: no-store on every answer of a call with a session (issue 11 #3)', () => {
  it('on answers, refusals and input errors of session and page calls; not on public calls', async () => {
    const nurse = (await signIn(t.app, 'role8@demo.test')).headers;
    const get = (url: string, headers: Record<string, string> = nurse) =>
      t.app.inject({ method: 'GET', url, headers });
    const answers = [
      await get(callUrl(getAllForBellIcon)),
      await get(`${callUrl(getUnreadCount)}?user_id=${nurse.uid}`),
      // 403: a nurse has no 'Billing Report' page; 400: a bad input; 401: anonymous.
      await get(`${callUrl(getBillingDetails)}?page=0`, { ...nurse, month: '11', year: '2026' }),
      await get(`${callUrl(getUnreadCount)}?user_id=abc`),
      await get(callUrl(getAllForBellIcon), {}),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 403, 400, 401]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
    expect((await get(callUrl(isAlive), {})).headers['cache-control']).toBeUndefined();
  });
});
