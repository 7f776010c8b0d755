import { auditList, type CallDef, callUrl } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '../audit.js';
import { TEST_TODAY } from '../db/test-database.js';
import { signIn, startTestApp, type TestApp } from '../test-app.js';

/** The audit report: role 1's only; both identities of a temporary login on a row. */

let t: TestApp;
let admin: { headers: Record<string, string>; user: { user_id: number } };
let nurse: { headers: Record<string, string>; user: { user_id: number } };

beforeAll(async () => {
  t = await startTestApp({ seedPatients: 5 });
  t.clock.advance(TEST_TODAY.getTime() - t.clock.now().getTime());
  admin = await signIn(t.app, 'role1@demo.test');
  nurse = await signIn(t.app, 'role8@demo.test');
  // What the nurse's session does while the administrator is logged in as her.
  await audit(t.db, {
    at: TEST_TODAY,
    userId: nurse.user.user_id,
    actingUserId: admin.user.user_id,
    action: 'complete_task',
    entity: 'task',
    entityId: 7,
    ip: '203.0.113.9',
  });
}, 120_000);
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

describe('Audit Report', () => {
  it.each(['role2@demo.test', 'role8@demo.test'])('refuses %s every call with 403', async (username) => {
    const { headers } = await signIn(t.app, username);
    const { calls } = auditList;
    for (const call of [calls.list, calls.filterOptions, calls.csv, calls.pdf])
      expect((await get(callUrl(call as CallDef), headers)).statusCode).toBe(403);
  });

  it('shows the actor and the administrator behind a temporary login, the record and the address', async () => {
    const res = await get(`${callUrl(auditList.calls.list)}?action=complete_task`, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      {
        audit_id: expect.any(Number),
        at: TEST_TODAY.toISOString(),
        actor: 'Grace Kim',
        on_behalf_of: 'Avery Collins',
        action: 'complete_task',
        record: 'task 7',
        ip: '203.0.113.9',
      },
    ]);
  });

  it('finds what the administrator did behind a temporary login by the actor filter', async () => {
    const url = `${callUrl(auditList.calls.list)}?actor=${admin.user.user_id}&entity=task`;
    const res = await get(url, admin.headers);
    expect(res.json().data.map((row: { record: string }) => row.record)).toEqual(['task 7']);
  });

  it('refuses an action no row has with 400 naming the field', async () => {
    const res = await get(`${callUrl(auditList.calls.list)}?action=no_such_action`, admin.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'action',
      message: "action has an unknown value 'no_such_action'",
    });
  });
});
