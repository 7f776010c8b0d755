import {
  type CallInput,
  getAllForBellIcon,
  getUnreadCount,
  getUsers,
  getUserTypes,
  NOTIFICATION_MESSAGE_MAX,
  sendNotification,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCall, injectUnchecked, signIn, type TestApp } from '../test-app.js';
import { rowCounts } from '../test-rows.js';
import { type Signed, startNotificationsWorld, userId, userIdOf } from './notifications-test-world.js';

let t: TestApp;
let admin: Signed; // role 1: every organisation
let physician: Signed; // role 6, Northwind (first practice)

beforeAll(async () => {
  ({ t, admin, physician } = await startNotificationsWorld());
});
afterAll(async () => t.close());

const usersOf = (query: CallInput<typeof getUsers>['query'], who: Signed) =>
  injectCall(t.app, getUsers, { query }, who);

describe('getUserTypes (000 §2.9)', () => {
  it('lists the staff roles with their labels, not the patient role', async () => {
    const { status, data } = (await injectCall(t.app, getUserTypes, {}, physician)).json();
    expect(status).toBe(1);
    const ids = data.map((r: { role_id: number }) => r.role_id);
    expect(ids).toEqual([1, 2, 3, 5, 6, 8, 9, 10, 11, 13, 14, 15, 16, 17, 18, 20]);
    expect(data[1]).toEqual({ role_id: 2, role: 'Role 2' });
  });
});

describe('getUsers (000 §2.9)', () => {
  it("lists active users of the role in the sender's organisations as 'First Last', without the sender", async () => {
    const res = await usersOf({ role_id: 8, user_id: userId(physician) }, physician);
    const { status, data } = res.json();
    expect(status).toBe(1);
    const names = data.map((u: { name: string }) => u.name);
    expect(names).toContain('Grace Kim'); // role8@, Northwind
    expect(names).toContain('Andre Silva'); // agent@, Northwind, role 8
    const riverside = await userIdOf(t, 'role13@demo.test');
    expect(data.map((u: { user_id: number }) => u.user_id)).not.toContain(riverside);
    // Everyone listed is a Northwind member with role 8.
    const ids = data.map((u: { user_id: number }) => u.user_id);
    const roles = await t.db.selectFrom('user_roles').select('user_id').where('role_id', '=', 8).execute();
    for (const id of ids) expect(roles.map((r) => r.user_id)).toContain(id);
  });

  it('excludes the sender and inactive users', async () => {
    const grace = await userIdOf(t, 'role8@demo.test');
    await t.db.updateTable('users').set({ active: false }).where('user_id', '=', grace).execute();
    try {
      const { data } = (await usersOf({ role_id: 6, user_id: userId(physician) }, physician)).json();
      expect(data.map((u: { user_id: number }) => u.user_id)).not.toContain(userId(physician));
      const nurses = (await usersOf({ role_id: 8, user_id: userId(physician) }, physician)).json();
      expect(nurses.data.map((u: { user_id: number }) => u.user_id)).not.toContain(grace);
    } finally {
      await t.db.updateTable('users').set({ active: true }).where('user_id', '=', grace).execute();
    }
  });

  it('gives role 1 the users of every organisation, and narrows to org_id when given', async () => {
    const all = (await usersOf({ role_id: 13, user_id: userId(admin) }, admin)).json().data;
    expect(all.map((u: { name: string }) => u.name)).toContain('Sofia Rossi'); // Riverside
    const northwind = (await usersOf({ role_id: 13, org_id: 1, user_id: userId(admin) }, admin)).json().data;
    expect(northwind.map((u: { name: string }) => u.name)).not.toContain('Sofia Rossi');
  });

  it.each([
    ['another user’s id', () => ({ role_id: 8, user_id: userId(admin) }), 403, 'user_id'],
    ['the patient role', () => ({ role_id: 7, user_id: userId(physician) }), 400, 'role_id'],
    ['an unknown role', () => ({ role_id: 4, user_id: userId(physician) }), 400, 'role_id'],
    ['a role that is not a number', () => ({ role_id: 'nurse', user_id: userId(physician) }), 400, 'role_id'],
    [
      'an organisation the sender is outside',
      () => ({ role_id: 8, org_id: 2, user_id: userId(physician) }),
      403,
      'org_id',
    ],
    [
      'an org_id beyond the integer keys',
      () => ({ role_id: 8, org_id: 3000000000, user_id: userId(physician) }),
      400,
      'org_id',
    ],
  ])('refuses %s', async (_, query, status, field) => {
    const res = await injectUnchecked(t.app, getUsers, { query: query() }, physician);
    expect(res.statusCode).toBe(status);
    expect(res.json().field).toBe(field);
  });
});

describe('sendNotification (000 §2.9, §4.8, §5)', () => {
  it('stores the notification for the recipient with its audit row and answers status true', async () => {
    const grace = await userIdOf(t, 'role8@demo.test');
    const before = await rowCounts(t.db, ['notifications', 'audit_log']);
    const body = { user_id_from: userId(physician), user_id_to: grace, message: 'Please call room_4 back' };
    const res = await injectCall(t.app, sendNotification, { body }, physician);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: 'Notification sent' });
    expect(await rowCounts(t.db, ['notifications', 'audit_log'])).toEqual({
      notifications: before.notifications + 1,
      audit_log: before.audit_log + 1,
    });
    const row = await t.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', grace)
      .orderBy('notification_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      created_by: userId(physician),
      patient_id: null,
      notification_message: '<b>Elena Vasquez</b> Please call room_4 back',
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'send_notification')
      .orderBy('audit_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ user_id: userId(physician), entity_id: String(row.notification_id) });
    const bell = (
      await injectCall(t.app, getAllForBellIcon, {}, await signIn(t.app, 'role8@demo.test'))
    ).json();
    expect(bell.data[0].notification_id).toBe(row.notification_id);
  });

  it('lets role 1 send to any organisation', async () => {
    const sofia = await userIdOf(t, 'role13@demo.test');
    const body = { user_id_from: userId(admin), user_id_to: sofia, message: 'Hello' };
    const res = await injectCall(t.app, sendNotification, { body }, admin);
    expect(res.json().status).toBe(true);
  });

  it.each([
    [
      'a recipient outside the sender’s organisations, as one that does not exist',
      { to: 'role13@demo.test' },
      404,
      'user_id_to',
    ],
    ['an unknown recipient', { toId: 999999 }, 404, 'user_id_to'],
    ['the sender as recipient', { toSelf: true }, 400, 'user_id_to'],
    ['another user as sender', { fromId: 1 }, 403, 'user_id_from'],
    ['special characters', { message: 'Call me <now>!' }, 400, 'message'],
    ['an empty message', { message: '' }, 400, 'message'],
    ['a message of only spaces', { message: '    ' }, 400, 'message'],
    ['301 characters', { message: 'a'.repeat(NOTIFICATION_MESSAGE_MAX + 1) }, 400, 'message'],
    ['a missing message', { message: undefined }, 400, 'message'],
    ['a string recipient id', { toId: '6' }, 400, 'user_id_to'],
    ['a recipient id beyond the integer keys', { toId: 3_000_000_000 }, 400, 'user_id_to'],
  ])('refuses %s and writes nothing', async (_, c: Record<string, unknown>, status, field) => {
    const grace = await userIdOf(t, 'role8@demo.test');
    const to =
      'to' in c
        ? await userIdOf(t, c.to as string)
        : 'toId' in c
          ? c.toId
          : c.toSelf
            ? userId(physician)
            : grace;
    const body = {
      user_id_from: 'fromId' in c ? c.fromId : userId(physician),
      user_id_to: to,
      message: 'message' in c ? c.message : 'Hello there',
    };
    const before = await rowCounts(t.db, ['notifications', 'audit_log']);
    const res = await injectUnchecked(t.app, sendNotification, { body }, physician);
    expect(res.statusCode).toBe(status);
    expect(res.json().field).toBe(field);
    // A disallowed character gets the character message, not the length message.
    if (typeof c.message === 'string')
      expect(res.json().message).toContain(
        c.message.trim() === ''
          ? 'Required'
          : /[^A-Za-z0-9_ ]/.test(c.message)
            ? 'Message cannot contain special characters'
            : 'Message max character exceeded',
      );
    expect(await rowCounts(t.db, ['notifications', 'audit_log'])).toEqual(before);
  });
});

describe('every notification call needs a session', () => {
  it.each([
    [getAllForBellIcon.method, getAllForBellIcon.path, () => injectCall(t.app, getAllForBellIcon)],
    [getUserTypes.method, getUserTypes.path, () => injectCall(t.app, getUserTypes)],
    [
      getUnreadCount.method,
      `${getUnreadCount.path}?user_id=1`,
      () => injectCall(t.app, getUnreadCount, { query: { user_id: 1 } }),
    ],
  ])('%s %s answers 401 without one', async (_method, _path, anonymous) => {
    const res = await anonymous();
    expect(res.statusCode).toBe(401);
  });
});
