import { signIn, startTestApp, type TestApp } from '../test-app.js';

export type Signed = Awaited<ReturnType<typeof signIn>>;

/** What the notification tests work on (one per test file). */
export interface NotificationsWorld {
  readonly t: TestApp;
  /** Role 1: every organisation. */
  readonly admin: Signed;
  /** Role 6, Northwind (first practice). */
  readonly physician: Signed;
  /** Role 5, Riverside. */
  readonly lead: Signed;
  /** Role 13, Riverside. */
  readonly assistant: Signed;
}

export const userId = (who: Signed) => who.user.user_id;

/** A test app with the four users and notifications of its own, not those the seed happened to generate. */
export async function startNotificationsWorld(): Promise<NotificationsWorld> {
  const t = await startTestApp({ seedPatients: 20 });
  const admin = await signIn(t.app, 'role1@demo.test');
  const physician = await signIn(t.app, 'role6@demo.test');
  const lead = await signIn(t.app, 'role5@demo.test');
  const assistant = await signIn(t.app, 'role13@demo.test');
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
  return { t, admin, physician, lead, assistant };
}

/** The id of a demo user. */
export async function userIdOf(t: TestApp, username: string): Promise<number> {
  const row = await t.db
    .selectFrom('users')
    .select('user_id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.user_id;
}

/** A state fingerprint of the notifications table: changes on any insert, read or clear. */
export async function notificationState(t: TestApp): Promise<string> {
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
