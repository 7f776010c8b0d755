import { clearAllNotificationsForUser, getAllForBellIcon, getUnreadCount, MSG, readAll } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCall, injectUnchecked, type TestApp } from '../test-app.js';
import { rowCounts } from '../test-rows.js';
import {
  notificationState,
  type Signed,
  startNotificationsWorld,
  userId,
} from './notifications-test-world.js';

let t: TestApp;
let admin: Signed; // role 1: every organisation
let physician: Signed; // role 6, Northwind (first practice)
let lead: Signed; // role 5, Riverside
let assistant: Signed; // role 13, Riverside

beforeAll(async () => {
  ({ t, admin, physician, lead, assistant } = await startNotificationsWorld());
});
afterAll(async () => t.close());

const bellOf = (who: Signed) => injectCall(t.app, getAllForBellIcon, {}, who);

describe('getAllForBellIcon (000 §2.8)', () => {
  it("lists the caller's uncleared notifications newest first with the device-type icon and ISO times", async () => {
    const res = await bellOf(physician);
    expect(res.statusCode).toBe(200);
    const { status, data } = res.json();
    expect(status).toBe(1);
    const expected = await t.db
      .selectFrom('notifications')
      .leftJoin('device_types', 'device_types.device_type_id', 'notifications.device_type_id')
      .select(['notification_id', 'device_types.icon'])
      .where('user_id', '=', userId(physician))
      .where('cleared_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('notification_id', 'desc')
      .execute();
    expect(expected.length).toBeGreaterThan(0);
    expect(data.map((n: { notification_id: number }) => n.notification_id)).toEqual(
      expected.map((e) => e.notification_id),
    );
    expect(data.map((n: { device_type_icon: string }) => n.device_type_icon)).toEqual(
      expected.map((e) => e.icon),
    );
    for (const n of data) expect(new Date(n.created_at).toISOString()).toBe(n.created_at);
    const times = data.map((n: { created_at: string }) => n.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('shows at most 100', async () => {
    const rows = Array.from({ length: 105 }, (_, n) => ({
      user_id: userId(assistant),
      notification_message: `bulk ${n}`,
      created_at: new Date(Date.UTC(2026, 0, 1, 0, n)),
    }));
    await t.db.insertInto('notifications').values(rows).execute();
    const { data } = (await bellOf(assistant)).json();
    expect(data).toHaveLength(100);
  });
});

describe('getUnreadCount (000 §4.6)', () => {
  it("counts the caller's unread, uncleared notifications", async () => {
    const res = await injectCall(t.app, getUnreadCount, { query: { user_id: userId(physician) } }, physician);
    const row = await t.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId(physician))
      .where('read_at', 'is', null)
      .where('cleared_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(row.n)).toBeGreaterThan(0);
    expect(res.json()).toEqual({ status: 1, data: [{ count: Number(row.n) }] });
  });

  it.each([
    ['another user', () => ({ user_id: userId(admin) }), 403],
    ['a word', () => ({ user_id: 'abc' }), 400],
    ['nothing', () => ({}), 400],
  ])('refuses %s as user_id, naming the field', async (_, query, status) => {
    const res = await injectUnchecked(t.app, getUnreadCount, { query: query() }, physician);
    expect(res.statusCode).toBe(status);
    expect(res.json().field).toBe('user_id');
  });
});

describe('readAll (000 §4.6)', () => {
  it("marks only the caller's notifications about that patient as read", async () => {
    const patient = await t.db
      .selectFrom('notifications')
      .select('patient_id')
      .where('user_id', '=', userId(physician))
      .where('read_at', 'is', null)
      .where('patient_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const patientId = patient.patient_id as number;
    // Someone else's unread notification about the same patient must stay unread.
    const other = await t.db
      .insertInto('notifications')
      .values({ user_id: userId(admin), patient_id: patientId, notification_message: 'for the admin' })
      .returning('notification_id')
      .executeTakeFirstOrThrow();
    const res = await injectCall(
      t.app,
      readAll,
      { query: { user_id: userId(physician), patient_id: patientId } },
      physician,
    );
    expect(res.json()).toEqual({ status: 1, message: MSG.updatedSuccessfully });
    const left = await t.db
      .selectFrom('notifications')
      .select('notification_id')
      .where('user_id', '=', userId(physician))
      .where('patient_id', '=', patientId)
      .where('read_at', 'is', null)
      .execute();
    expect(left).toEqual([]);
    const untouched = await t.db
      .selectFrom('notifications')
      .select('read_at')
      .where('notification_id', '=', other.notification_id)
      .executeTakeFirstOrThrow();
    expect(untouched.read_at).toBeNull();
    const audited = await t.db
      .selectFrom('audit_log')
      .select('entity_id')
      .where('action', '=', 'read_notifications')
      .where('user_id', '=', userId(physician))
      .execute();
    expect(audited.map((a) => a.entity_id)).toContain(String(patientId));
  });

  it.each([
    // As an unknown patient.
    ['a patient outside the caller’s practices', 'outside', 404, 'patient_id'],
    ['an unknown patient', 'unknown', 404, 'patient_id'],
    ['another user’s id', 'other-user', 403, 'user_id'],
    ['a patient id that is not a number', 'nan', 400, 'patient_id'],
  ])('refuses %s and writes nothing', async (_, kind, status, field) => {
    const outside = await t.db
      .selectFrom('patients')
      .select('patient_id')
      .where(
        'organization_id',
        '<>',
        (
          await t.db
            .selectFrom('users')
            .select('organization_id')
            .where('user_id', '=', userId(physician))
            .executeTakeFirstOrThrow()
        ).organization_id as number,
      )
      .executeTakeFirstOrThrow();
    const query = {
      outside: { user_id: userId(physician), patient_id: outside.patient_id },
      unknown: { user_id: userId(physician), patient_id: 999999 },
      'other-user': { user_id: userId(admin), patient_id: outside.patient_id },
      nan: { user_id: userId(physician), patient_id: 'x' },
    }[kind];
    const before = await notificationState(t);
    const audits = await rowCounts(t.db, ['audit_log']);
    const res = await injectUnchecked(t.app, readAll, { query }, physician);
    expect(res.statusCode).toBe(status);
    expect(res.json().field).toBe(field);
    if (status === 404) expect(res.json().message).toMatch(/^Patient \d+ does not exist\.$/);
    expect(await notificationState(t)).toBe(before);
    expect(await rowCounts(t.db, ['audit_log'])).toEqual(audits);
  });
});

describe('clearAllNotificationsForUser (000 §2.8, §4.6)', () => {
  it.each([
    ['another user’s id', () => ({ userid: userId(admin), roleid: 5 }), 403, 'userid'],
    ['a role the caller does not hold', () => ({ userid: userId(lead), roleid: 1 }), 403, 'roleid'],
    ['a missing roleid', () => ({ userid: userId(lead) }), 400, 'roleid'],
    ['a string userid', () => ({ userid: String(userId(lead)), roleid: 5 }), 400, 'userid'],
  ])('refuses %s and writes nothing', async (_, body, status, field) => {
    const before = await notificationState(t);
    const audits = await rowCounts(t.db, ['audit_log']);
    const res = await injectUnchecked(t.app, clearAllNotificationsForUser, { body: body() }, lead);
    expect(res.statusCode).toBe(status);
    expect(res.json().field).toBe(field);
    expect(await notificationState(t)).toBe(before);
    expect(await rowCounts(t.db, ['audit_log'])).toEqual(audits);
  });

  it('sets cleared_at on all of them (the rows stay) and the bell is empty', async () => {
    const before = await rowCounts(t.db, ['notifications']);
    const body = { userid: userId(lead), roleid: 5 };
    const res = await injectCall(t.app, clearAllNotificationsForUser, { body }, lead);
    expect(res.json()).toEqual({ status: 1, message: MSG.updatedSuccessfully });
    expect(await rowCounts(t.db, ['notifications'])).toEqual(before);
    expect((await bellOf(lead)).json().data).toEqual([]);
    const count = (
      await injectCall(t.app, getUnreadCount, { query: { user_id: userId(lead) } }, lead)
    ).json();
    expect(count.data[0].count).toBe(0);
    // Other users keep theirs.
    expect((await bellOf(physician)).json().data.length).toBeGreaterThan(0);
  });
});
