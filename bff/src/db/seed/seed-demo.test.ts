import { verify } from '@node-rs/argon2';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../schema.js';
import { resetDatabase, TEST_TODAY, testDatabase } from '../test-database.js';
import { DEMO_AWS_LINK, DEMO_PASSWORD, DEMO_USERS, type DemoUser } from './demo-users.js';
import { ROLE_PAGES } from './role-pages.js';
import { isEmpty, type SeedSummary, seedDemo } from './seed-demo.js';

const PATIENTS = 20;
const DAY_MS = 86_400_000;

/** The access-list entry behind each start page of spec 000 §6.1 (undefined: a route open to everyone). */
function startPageEntry(user: DemoUser): string | undefined {
  const lowest = Math.min(...user.roles);
  const flags = user.flags as DemoUser['flags'];
  if (lowest === 10 || lowest === 11) return 'Billing Dashboard';
  if (lowest === 14) return 'Sales Rep Dashboard';
  if (lowest === 16 || lowest === 17) return flags.onlyCoRead ? 'Sleep Tests Co-Read' : 'Sleep Tests';
  if (lowest === 18) return 'Dental Dashboard';
  if (lowest === 20) return undefined; // /app/technician-calendar is open to any signed-in user (§2.2)
  if ((lowest === 3 || lowest === 5) && flags.isSleeplabUser) return 'Sleep Lab Table';
  if (lowest === 6 && flags.isInterpretingPrac) return 'Sleep Tests';
  if (lowest === 6 && flags.isDentist) return 'Dental Dashboard';
  return 'Dashboard';
}

describe('role pages', () => {
  it.each([
    [10, ['Billing Dashboard', 'Billing Report', 'Patient Chart']],
    [11, ['Billing Dashboard', 'Billing Report', 'Patient Chart']],
    [14, ['Sales Rep Dashboard', 'Sales Practice Dashboard', 'Leads']],
    [16, ['Sleep Tests', 'Sleep Tests Co-Read', 'Pulse Oximetry Tests']],
    [17, ['Sleep Tests', 'Sleep Tests Co-Read', 'Pulse Oximetry Tests']],
    [18, ['Dental Dashboard', 'Sleep Lab Table']],
    [20, ['Technician Table']],
    [3, ['Dashboard', 'Sleep Lab Table']],
    [5, ['Dashboard', 'Sleep Lab Table']],
    [6, ['Dashboard', 'Sleep Tests', 'Dental Dashboard', 'Spirometry Test']],
    [1, ['Dashboard', 'Organizations Table', 'Aws Call', 'HST RPM Order Billing']],
    [2, ['Dashboard', 'Patient Chart', 'Monitoring Table', 'My Tasks', 'Alert Rules']],
    [8, ['Dashboard', 'Patient Chart', 'Monitoring Table', 'My Tasks', 'Alert Rules']],
    [9, ['Dashboard', 'Patient Chart', 'Monitoring Table', 'My Tasks', 'Alert Rules']],
    [13, ['Dashboard', 'Patient Chart', 'Monitoring Table', 'My Tasks', 'Alert Rules']],
    [15, ['Dashboard', 'Patient Chart', 'Monitoring Table', 'My Tasks', 'Alert Rules']],
  ])('role %i holds %j', (role, pages) => {
    expect(ROLE_PAGES[role]).toEqual(expect.arrayContaining(pages));
  });

  it('has no duplicates', () => {
    for (const pages of Object.values(ROLE_PAGES)) expect(new Set(pages).size).toBe(pages.length);
  });
});

describe('seedDemo', () => {
  let db: Db;
  let close: () => Promise<void>;
  let summary: SeedSummary;

  beforeAll(async () => {
    ({ db, close } = await testDatabase());
    expect(await isEmpty(db)).toBe(true);
    summary = await seedDemo(db, { patients: PATIENTS, today: TEST_TODAY });
  });

  afterAll(async () => {
    await close();
  });

  it('fills every table the demo needs', async () => {
    expect(await isEmpty(db)).toBe(false);
    const { counts } = summary;
    expect(counts.patients).toBe(PATIENTS);
    expect(counts.organizations).toBeGreaterThanOrEqual(2);
    expect(counts.practices).toBeGreaterThanOrEqual(3);
    expect(counts.locations).toBeGreaterThanOrEqual(5);
    expect(counts.users).toBeGreaterThanOrEqual(DEMO_USERS.length);
    for (const table of [
      'role_pages',
      'location_programs',
      'user_practices',
      'user_programs',
      'devices',
      'device_assignments',
      'readings',
      'time_logs',
      'notifications',
      'tasks',
      'check_ins',
    ] as const) {
      expect(counts[table], table).toBeGreaterThan(0);
    }
    expect(summary.signIns).toHaveLength(DEMO_USERS.length);
    expect(summary.signIns[0]).toEqual({
      username: 'role1@demo.test',
      roleid: [1],
      note: DEMO_USERS[0].description,
    });
  });

  it('creates every demo user with its roles and flags', async () => {
    for (const demo of DEMO_USERS) {
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where('username', '=', demo.username)
        .executeTakeFirstOrThrow();
      const roles = await db
        .selectFrom('user_roles')
        .select('role_id')
        .where('user_id', '=', user.user_id)
        .execute();
      expect(
        roles.map((row) => row.role_id),
        demo.username,
      ).toEqual([...demo.roles]);
      const flags = demo.flags as DemoUser['flags'];
      expect(
        {
          is_dentist: user.is_dentist,
          is_sleeplab_user: user.is_sleeplab_user,
          is_interpreting_prac: user.is_interpreting_prac,
          only_co_read: user.only_co_read,
          is_external_care_coord: user.is_external_care_coord,
          aws_link: user.aws_link,
        },
        demo.username,
      ).toEqual({
        is_dentist: flags.isDentist ?? false,
        is_sleeplab_user: flags.isSleeplabUser ?? false,
        is_interpreting_prac: flags.isInterpretingPrac ?? false,
        only_co_read: flags.onlyCoRead ?? false,
        is_external_care_coord: flags.isExternalCareCoord ?? false,
        aws_link: flags.awsLink ?? null,
      });
      expect(user.organization_id, demo.username).not.toBeNull();
    }
    const agent = await db
      .selectFrom('users')
      .select('aws_link')
      .where('username', '=', 'agent@demo.test')
      .executeTakeFirst();
    expect(agent?.aws_link).toBe(DEMO_AWS_LINK);
  });

  it('gives each demo user the access-list entry of its start page', async () => {
    for (const demo of DEMO_USERS) {
      const entry = startPageEntry(demo);
      if (!entry) continue;
      const pages = await db
        .selectFrom('role_pages')
        .select('page')
        .where('role_id', 'in', [...demo.roles])
        .execute();
      expect(
        pages.map((row) => row.page),
        demo.username,
      ).toContain(entry);
    }
  });

  it('stores the access lists of seed/role-pages.ts', async () => {
    const rows = await db.selectFrom('role_pages').select(['role_id', 'page']).execute();
    for (const [role, pages] of Object.entries(ROLE_PAGES)) {
      const stored = rows.filter((row) => row.role_id === Number(role)).map((row) => row.page);
      expect(stored.sort(), `role ${role}`).toEqual([...pages].sort());
    }
  });

  it('puts the top administrator in every practice and others in one or two', async () => {
    const practices = await db.selectFrom('practices').select('practice_id').execute();
    const memberships = await db
      .selectFrom('user_practices')
      .innerJoin('users', 'users.user_id', 'user_practices.user_id')
      .select(['users.username', 'user_practices.practice_id'])
      .execute();
    const of = (username: string) => memberships.filter((row) => row.username === username).length;
    expect(of('role1@demo.test')).toBe(practices.length);
    for (const demo of DEMO_USERS.slice(1)) expect([1, 2], demo.username).toContain(of(demo.username));
  });

  it('hashes the demo password with argon2id', async () => {
    const user = await db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', 'role2@demo.test')
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verify(user.password_hash, DEMO_PASSWORD)).toBe(true);
    expect(await verify(user.password_hash, 'wrong')).toBe(false);
  });

  it("ages role3's password past the 45-day notice and the others' not", async () => {
    const users = await db.selectFrom('users').select(['username', 'password_changed_at']).execute();
    for (const { username, password_changed_at } of users) {
      const days = Math.round((TEST_TODAY.getTime() - password_changed_at.getTime()) / DAY_MS);
      if (username === 'role3@demo.test') expect(days).toBe(60);
      else expect(days, username).toBeLessThan(45);
    }
  });

  it('writes readings only before today, within six months', async () => {
    const range = await db
      .selectFrom('readings')
      .select((eb) => [eb.fn.min('taken_at').as('first'), eb.fn.max('taken_at').as('last')])
      .executeTakeFirstOrThrow();
    expect(new Date(range.last).getTime()).toBeLessThan(Date.UTC(2026, 10, 15));
    expect(new Date(range.first).getTime()).toBeGreaterThanOrEqual(Date.UTC(2026, 5, 1));
  });

  it('varies compliance: some patients reach 16 reading days in a month, others do not', async () => {
    const { rows } = await sql<{ days: number }>`
      select count(distinct (taken_at::date)) as days
      from readings
      where taken_at >= '2026-10-01' and taken_at < '2026-11-01'
      group by patient_id
    `.execute(db);
    expect(rows.some((row) => row.days >= 16)).toBe(true);
    expect(rows.some((row) => row.days < 16)).toBe(true);
  });

  it('logs RPM minutes under 20, over 20 and over 40 in a month, and some CCM minutes', async () => {
    const { rows } = await sql<{ program: string; seconds: number }>`
      select program, sum(seconds) as seconds
      from time_logs
      where logged_at >= '2026-10-01' and logged_at < '2026-11-01'
      group by patient_id, program
    `.execute(db);
    const rpm = rows.filter((row) => row.program === 'RPM').map((row) => row.seconds);
    expect(rpm.some((seconds) => seconds < 20 * 60)).toBe(true);
    expect(rpm.some((seconds) => seconds >= 20 * 60 && seconds < 40 * 60)).toBe(true);
    expect(rpm.some((seconds) => seconds >= 40 * 60)).toBe(true);
    expect(rows.some((row) => row.program === 'CCM')).toBe(true);
  });

  it('leaves unread alerts for every clinical demo user with patients', async () => {
    const unread = await db
      .selectFrom('notifications')
      .innerJoin('users', 'users.user_id', 'notifications.user_id')
      .select(['users.username', (eb) => eb.fn.countAll<number>().as('count')])
      .where('notifications.read_at', 'is', null)
      .where('notifications.cleared_at', 'is', null)
      .groupBy('users.username')
      .execute();
    const counts = new Map(unread.map((row) => [row.username, row.count]));
    for (const username of [
      'role1@demo.test',
      'role2@demo.test',
      'role6@demo.test',
      'role8@demo.test',
      'role9@demo.test',
    ]) {
      expect(counts.get(username) ?? 0, username).toBeGreaterThanOrEqual(2);
    }
  });

  it('writes HTML alert messages naming the patient', async () => {
    const notification = await db
      .selectFrom('notifications')
      .innerJoin('patients', 'patients.patient_id', 'notifications.patient_id')
      .select(['notification_message', 'patients.firstname', 'patients.lastname'])
      .executeTakeFirstOrThrow();
    expect(
      notification.notification_message.startsWith(
        `<b>${notification.firstname} ${notification.lastname}</b> `,
      ),
    ).toBe(true);
  });

  it('is deterministic: the same seed gives the same data', async () => {
    const firstPatient = () =>
      db
        .selectFrom('patients')
        .select(['firstname', 'lastname', 'dob'])
        .orderBy('patient_id')
        .executeTakeFirstOrThrow();
    const before = await firstPatient();
    await resetDatabase(db);
    const again = await seedDemo(db, { patients: PATIENTS, today: TEST_TODAY });
    expect(again.counts).toEqual(summary.counts);
    expect(await firstPatient()).toEqual(before);

    await resetDatabase(db);
    const other = await seedDemo(db, { patients: PATIENTS, today: TEST_TODAY, seed: 99 });
    expect(other.counts.patients).toBe(PATIENTS);
    expect(other.counts.readings).not.toBe(summary.counts.readings);
  });
});
