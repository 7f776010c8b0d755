import { MSG, NOTIFICATION_MESSAGE_MAX } from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestApp, type TestApp } from '../test-app.js';
import { rowCounts } from '../test-rows.js';

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let admin: Signed; // role 1: every organisation
let physician: Signed; // role 6, Northwind (first practice)
let lead: Signed; // role 5, Riverside
let assistant: Signed; // role 13, Riverside

beforeAll(async () => {
  t = await startTestApp({ seedPatients: 20 });
  admin = await signIn(t.app, 'role1@demo.test');
  physician = await signIn(t.app, 'role6@demo.test');
  lead = await signIn(t.app, 'role5@demo.test');
  assistant = await signIn(t.app, 'role13@demo.test');
  // Fixtures of our own, so the tests do not hang on what the seed happened to generate for these users.
  const mine = await t.db
    .selectFrom('patients')
    .innerJoin('user_practices', 'user_practices.practice_id', 'patients.practice_id')
    .select('patients.patient_id')
    .where('user_practices.user_id', '=', userId(physician))
    .orderBy('patients.patient_id')
    .execute();
  const patientId = mine[0]?.patient_id;
  if (patientId === undefined) throw new Error('no patient in the physician’s practices');
  const at = (minutes: number) => new Date(t.clock.now().getTime() - minutes * 60_000);
  await t.db
    .insertInto('notifications')
    .values([
      {
        user_id: userId(physician),
        patient_id: patientId,
        device_type_id: 1,
        notification_message: 'a',
        created_at: at(30),
      },
      {
        user_id: userId(physician),
        patient_id: patientId,
        device_type_id: 2,
        notification_message: 'b',
        created_at: at(10),
      },
      { user_id: userId(physician), patient_id: null, notification_message: 'c', created_at: at(20) },
      {
        user_id: userId(physician),
        patient_id: patientId,
        notification_message: 'd',
        created_at: at(5),
        cleared_at: at(1),
      },
      { user_id: userId(lead), patient_id: null, notification_message: 'e', created_at: at(5) },
    ])
    .execute();
});
afterAll(async () => t.close());

const get = (url: string, who: Signed) =>
  t.app.inject({ method: 'GET', url: `/api/${url}`, headers: who.headers });
const post = (url: string, who: Signed, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/${url}`, headers: who.headers, payload: payload as object });
const userId = (who: Signed) => who.user.user_id;

async function userIdOf(username: string): Promise<number> {
  const row = await t.db
    .selectFrom('users')
    .select('user_id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.user_id;
}

/** A state fingerprint of the notifications table: changes on any insert, read or clear. */
async function notificationState(): Promise<string> {
  const row = await t.db
    .selectFrom('notifications')
    .select([
      (eb) => eb.fn.countAll<number>().as('rows'),
      (eb) => eb.fn.count<number>('read_at').as('read'),
      (eb) => eb.fn.count<number>('cleared_at').as('cleared'),
    ])
    .executeTakeFirstOrThrow();
  return `${row.rows}/${row.read}/${row.cleared}`;
}

describe('getAllForBellIcon (000 §2.8)', () => {
  it("lists the caller's uncleared notifications newest first with the device-type icon and ISO times", async () => {
    const res = await get('rpm/notification/getAllForBellIcon', physician);
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
    const { data } = (await get('rpm/notification/getAllForBellIcon', assistant)).json();
    expect(data).toHaveLength(100);
  });
});

describe('getUnreadCount (000 §4.6)', () => {
  it("counts the caller's unread, uncleared notifications", async () => {
    const res = await get(`rpm/notification/getUnreadCount?user_id=${userId(physician)}`, physician);
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
    ['another user', () => `user_id=${userId(admin)}`, 403],
    ['a word', () => 'user_id=abc', 400],
    ['nothing', () => '', 400],
  ])('refuses %s as user_id, naming the field', async (_, query, status) => {
    const res = await get(`rpm/notification/getUnreadCount?${query()}`, physician);
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
    const res = await get(
      `rpm/notification/readAll?user_id=${userId(physician)}&patient_id=${patientId}`,
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
    // Issue 11 #6: as an unknown patient.
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
      outside: `user_id=${userId(physician)}&patient_id=${outside.patient_id}`,
      unknown: `user_id=${userId(physician)}&patient_id=999999`,
      'other-user': `user_id=${userId(admin)}&patient_id=${outside.patient_id}`,
      nan: `user_id=${userId(physician)}&patient_id=x`,
    }[kind];
    const before = await notificationState();
    const audits = await rowCounts(t.db, ['audit_log']);
    const res = await get(`rpm/notification/readAll?${query}`, physician);
    expect(res.statusCode).toBe(status);
    expect(res.json().field).toBe(field);
    if (status === 404) expect(res.json().message).toMatch(/^Patient \d+ does not exist\.$/);
    expect(await notificationState()).toBe(before);
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
    const before = await notificationState();
    const audits = await rowCounts(t.db, ['audit_log']);
    const res = await post('rpm/notification/clearAllNotificationsForUser', lead, body());
    expect(res.statusCode).toBe(status);
    expect(res.json().field).toBe(field);
    expect(await notificationState()).toBe(before);
    expect(await rowCounts(t.db, ['audit_log'])).toEqual(audits);
  });

  it('sets cleared_at on all of them (the rows stay) and the bell is empty', async () => {
    const before = await rowCounts(t.db, ['notifications']);
    const res = await post('rpm/notification/clearAllNotificationsForUser', lead, {
      userid: userId(lead),
      roleid: 5,
    });
    expect(res.json()).toEqual({ status: 1, message: MSG.updatedSuccessfully });
    expect(await rowCounts(t.db, ['notifications'])).toEqual(before);
    expect((await get('rpm/notification/getAllForBellIcon', lead)).json().data).toEqual([]);
    const count = (await get(`rpm/notification/getUnreadCount?user_id=${userId(lead)}`, lead)).json();
    expect(count.data[0].count).toBe(0);
    // Other users keep theirs.
    expect((await get('rpm/notification/getAllForBellIcon', physician)).json().data.length).toBeGreaterThan(
      0,
    );
  });
});

describe('getUserTypes (000 §2.9)', () => {
  it('lists the staff roles with their labels, not the patient role', async () => {
    const { status, data } = (await get('rpm/notification/getUserTypes', physician)).json();
    expect(status).toBe(1);
    const ids = data.map((r: { role_id: number }) => r.role_id);
    expect(ids).toEqual([1, 2, 3, 5, 6, 8, 9, 10, 11, 13, 14, 15, 16, 17, 18, 20]);
    expect(data[1]).toEqual({ role_id: 2, role: 'Role 2' });
  });
});

describe('getUsers (000 §2.9)', () => {
  it("lists active users of the role in the sender's organisations as 'First Last', without the sender", async () => {
    const res = await get(`rpm/notification/getUsers?role_id=8&user_id=${userId(physician)}`, physician);
    const { status, data } = res.json();
    expect(status).toBe(1);
    const names = data.map((u: { name: string }) => u.name);
    expect(names).toContain('Grace Kim'); // role8@, Northwind
    expect(names).toContain('Andre Silva'); // agent@, Northwind, role 8
    const riverside = await userIdOf('role13@demo.test');
    expect(data.map((u: { user_id: number }) => u.user_id)).not.toContain(riverside);
    // Everyone listed is a Northwind member with role 8.
    const ids = data.map((u: { user_id: number }) => u.user_id);
    const roles = await t.db.selectFrom('user_roles').select('user_id').where('role_id', '=', 8).execute();
    for (const id of ids) expect(roles.map((r) => r.user_id)).toContain(id);
  });

  it('excludes the sender and inactive users', async () => {
    const grace = await userIdOf('role8@demo.test');
    await t.db.updateTable('users').set({ active: false }).where('user_id', '=', grace).execute();
    try {
      const { data } = (
        await get(`rpm/notification/getUsers?role_id=6&user_id=${userId(physician)}`, physician)
      ).json();
      expect(data.map((u: { user_id: number }) => u.user_id)).not.toContain(userId(physician));
      const nurses = (
        await get(`rpm/notification/getUsers?role_id=8&user_id=${userId(physician)}`, physician)
      ).json();
      expect(nurses.data.map((u: { user_id: number }) => u.user_id)).not.toContain(grace);
    } finally {
      await t.db.updateTable('users').set({ active: true }).where('user_id', '=', grace).execute();
    }
  });

  it('gives role 1 the users of every organisation, and narrows to org_id when given', async () => {
    const all = (await get(`rpm/notification/getUsers?role_id=13&user_id=${userId(admin)}`, admin)).json()
      .data;
    expect(all.map((u: { name: string }) => u.name)).toContain('Sofia Rossi'); // Riverside
    const northwind = (
      await get(`rpm/notification/getUsers?role_id=13&org_id=1&user_id=${userId(admin)}`, admin)
    ).json().data;
    expect(northwind.map((u: { name: string }) => u.name)).not.toContain('Sofia Rossi');
  });

  it.each([
    ['another user’s id', () => `role_id=8&user_id=${userId(admin)}`, 403, 'user_id'],
    ['the patient role', () => `role_id=7&user_id=${userId(physician)}`, 400, 'role_id'],
    ['an unknown role', () => `role_id=4&user_id=${userId(physician)}`, 400, 'role_id'],
    ['a role that is not a number', () => `role_id=nurse&user_id=${userId(physician)}`, 400, 'role_id'],
    [
      'an organisation the sender is outside',
      () => `role_id=8&org_id=2&user_id=${userId(physician)}`,
      403,
      'org_id',
    ],
    [
      'an org_id beyond the integer keys',
      () => `role_id=8&org_id=3000000000&user_id=${userId(physician)}`,
      400,
      'org_id',
    ],
  ])('refuses %s', async (_, query, status, field) => {
    const res = await get(`rpm/notification/getUsers?${query()}`, physician);
    expect(res.statusCode).toBe(status);
    expect(res.json().field).toBe(field);
  });
});

describe('sendNotification (000 §2.9, §4.8, §5)', () => {
  it('stores the notification for the recipient with its audit row and answers status true', async () => {
    const grace = await userIdOf('role8@demo.test');
    const before = await rowCounts(t.db, ['notifications', 'audit_log']);
    const res = await post('rpm/notification/sendNotification', physician, {
      user_id_from: userId(physician),
      user_id_to: grace,
      message: 'Please call room_4 back',
    });
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
      await t.app.inject({
        method: 'GET',
        url: '/api/rpm/notification/getAllForBellIcon',
        headers: (await signIn(t.app, 'role8@demo.test')).headers,
      })
    ).json();
    expect(bell.data[0].notification_id).toBe(row.notification_id);
  });

  it('lets role 1 send to any organisation', async () => {
    const sofia = await userIdOf('role13@demo.test');
    const res = await post('rpm/notification/sendNotification', admin, {
      user_id_from: userId(admin),
      user_id_to: sofia,
      message: 'Hello',
    });
    expect(res.json().status).toBe(true);
  });

  it.each([
    ['a recipient outside the sender’s organisations', { to: 'role13@demo.test' }, 403, 'user_id_to'],
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
    const grace = await userIdOf('role8@demo.test');
    const to =
      'to' in c
        ? await userIdOf(c.to as string)
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
    const res = await post('rpm/notification/sendNotification', physician, body);
    expect(res.statusCode).toBe(status);
    expect(res.json().field).toBe(field);
    // Issue 11 #8: a disallowed character gets the character message, not the length message.
    if (typeof c.message === 'string')
      expect(res.json().message).toContain(
        /[^A-Za-z0-9_ ]/.test(c.message)
          ? 'Message cannot contain special characters'
          : 'Message max character exceeded',
      );
    expect(await rowCounts(t.db, ['notifications', 'audit_log'])).toEqual(before);
  });
});

describe('every notification call needs a session', () => {
  it.each([
    ['GET', 'rpm/notification/getAllForBellIcon'],
    ['GET', 'rpm/notification/getUserTypes'],
    ['GET', 'rpm/notification/getUnreadCount?user_id=1'],
  ] as const)('%s %s answers 401 without one', async (method, url) => {
    const res = await t.app.inject({ method, url: `/api/${url}` });
    expect(res.statusCode).toBe(401);
  });
});
