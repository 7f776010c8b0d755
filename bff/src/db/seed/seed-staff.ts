import { sql } from 'kysely';
import { PROGRAM } from '../reference-ids.js';
import type { Db, NewUser, ProgramName } from '../schema.js';
import { chunks } from './bulk-insert.js';
import { addDays } from './dates.js';
import { DEMO_USERS, type DemoUser } from './demo-users.js';
import { FEMALE_FIRST_NAMES, LAST_NAMES, MALE_FIRST_NAMES } from './names.js';
import type { Random } from './prng.js';
import { ROLE_PAGES } from './role-pages.js';
import type { SeededOrganization, SeededPractice } from './seed-organizations.js';

/** A seeded staff member, as the patient and activity generators need it. */
export interface StaffMember {
  readonly userId: number;
  readonly username: string;
  readonly firstname: string;
  readonly lastname: string;
  readonly roles: readonly number[];
  readonly practiceIds: readonly number[];
  readonly isDentist: boolean;
}

/** Role ids whose users look after patients (get alerts, tasks, patients assigned). */
export const CLINICAL_ROLES: readonly number[] = [1, 2, 3, 5, 6, 8, 9, 13, 15];

/** Default age of seeded passwords, in days (below the 45-day notice). */
const PASSWORD_AGE_DAYS = 10;

/** Writes the access list of every role (seed/role-pages.ts). */
export async function seedRolePages(trx: Db): Promise<void> {
  const rows = Object.entries(ROLE_PAGES).flatMap(([roleId, pages]) =>
    pages.map((page) => ({ role_id: Number(roleId), page })),
  );
  for (const batch of chunks(rows, 1000)) {
    await trx
      .insertInto('role_pages')
      .values(batch)
      .onConflict((oc) => oc.columns(['role_id', 'page']).doNothing())
      .execute();
  }
}

/** Arbitrary constant naming "the role access lists" among PostgreSQL advisory locks. */
const ROLE_ACCESS_LOCK_KEY = 7_262_006;

/**
 * Gives the roles their default access lists when none exist yet, with or without demo data: a database started
 * in production must not leave every user without pages. Lists an administrator has edited are left alone.
 */
export async function ensureRoleAccess(db: Db): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Replicas starting together on an empty database: one fills the lists, the others then find them.
    await sql`select pg_advisory_xact_lock(${sql.lit(ROLE_ACCESS_LOCK_KEY)})`.execute(trx);
    const any = await trx.selectFrom('role_pages').select('role_id').limit(1).executeTakeFirst();
    if (any) return false;
    await seedRolePages(trx);
    return true;
  });
}

/** The demo users' rows; organisations do not exist yet, so organization_id is set later. */
function demoUserRow(user: DemoUser, passwordHash: string, today: Date, index: number): NewUser {
  const flags = user.flags;
  return {
    username: user.username,
    password_hash: passwordHash,
    firstname: user.firstname,
    lastname: user.lastname,
    mobile: `20255501${String(index).padStart(2, '0')}`,
    aws_link: flags.awsLink ?? null,
    is_dentist: flags.isDentist ?? false,
    is_sleeplab_user: flags.isSleeplabUser ?? false,
    is_onboarding: flags.isOnboarding ?? false,
    is_interpreting_prac: flags.isInterpretingPrac ?? false,
    only_co_read: flags.onlyCoRead ?? false,
    is_external_care_coord: flags.isExternalCareCoord ?? false,
    password_changed_at: addDays(today, -(user.passwordAgeDays ?? PASSWORD_AGE_DAYS)),
    created_at: addDays(today, -400),
  };
}

/** Inserts the demo sign-ins (DEMO_USERS, in order) with their roles; returns their ids in the same order. */
export async function insertDemoUsers(trx: Db, passwordHash: string, today: Date): Promise<number[]> {
  const rows = await trx
    .insertInto('users')
    .values(DEMO_USERS.map((user, index) => demoUserRow(user, passwordHash, today, index)))
    .returning('user_id')
    .execute();
  const ids = rows.map((row) => row.user_id);
  await trx
    .insertInto('user_roles')
    .values(
      DEMO_USERS.flatMap((user, index) =>
        user.roles.map((role_id) => ({ user_id: ids[index] ?? 0, role_id })),
      ),
    )
    .execute();
  return ids;
}

/** The practices a demo user belongs to: all of them for 'all', else the first one or two of the home organisation. */
function demoUserPractices(user: DemoUser, organizations: readonly SeededOrganization[]): SeededPractice[] {
  if (user.organization === 'all') return organizations.flatMap((organization) => organization.practices);
  const home = organizations.find((organization) => organization.key === user.organization);
  return home ? home.practices.slice(0, user.practices) : [];
}

/** Links users to practices (whole practices) and to the programs run at those practices' locations. */
async function insertMemberships(
  trx: Db,
  memberships: readonly { userId: number; practices: readonly SeededPractice[] }[],
) {
  const practiceRows = memberships.flatMap(({ userId, practices }) =>
    practices.map((practice) => ({ user_id: userId, practice_id: practice.practiceId, location_id: null })),
  );
  const programRows = memberships.flatMap(({ userId, practices }) => {
    const programs = new Set<ProgramName>(practices.flatMap((p) => p.locations.flatMap((l) => l.programs)));
    return [...programs].map((program) => ({ user_id: userId, program_id: PROGRAM[program] }));
  });
  for (const batch of chunks(practiceRows, 1000))
    await trx.insertInto('user_practices').values(batch).execute();
  for (const batch of chunks(programRows, 1000))
    await trx.insertInto('user_programs').values(batch).execute();
}

/** Sets the demo users' home organisations and memberships once the organisations exist. */
export async function assignDemoUsers(
  trx: Db,
  userIds: readonly number[],
  organizations: readonly SeededOrganization[],
): Promise<StaffMember[]> {
  const staff: StaffMember[] = [];
  const memberships: { userId: number; practices: SeededPractice[] }[] = [];
  for (const [index, user] of DEMO_USERS.entries()) {
    const userId = userIds[index];
    if (userId === undefined) throw new Error(`demo user ${user.username} was not inserted`);
    const practices = demoUserPractices(user, organizations);
    // The top administrator's home is the first organisation; it belongs to all of them.
    const home = practices[0]?.organizationId ?? null;
    await trx.updateTable('users').set({ organization_id: home }).where('user_id', '=', userId).execute();
    memberships.push({ userId, practices });
    staff.push({
      userId,
      username: user.username,
      firstname: user.firstname,
      lastname: user.lastname,
      roles: user.roles,
      practiceIds: practices.map((practice) => practice.practiceId),
      isDentist: 'isDentist' in user.flags,
    });
  }
  await insertMemberships(trx, memberships);
  return staff;
}

/** Roles of the generated care team of each practice: a physician, a nurse and a care coordinator. */
const PRACTICE_TEAM_ROLES = [6, 8, 9] as const;

/** Generates each practice's care team beyond the demo sign-ins, sharing the demo password. */
export async function insertPracticeTeams(
  trx: Db,
  random: Random,
  organizations: readonly SeededOrganization[],
  passwordHash: string,
  today: Date,
): Promise<StaffMember[]> {
  const taken = new Set<string>(DEMO_USERS.map((user) => user.username));
  const planned: { row: NewUser; role: number; practice: SeededPractice }[] = [];
  for (const practice of organizations.flatMap((organization) => organization.practices)) {
    for (const role of PRACTICE_TEAM_ROLES) {
      const female = random.chance(0.6);
      const firstname = random.pick(female ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
      const lastname = random.pick(LAST_NAMES);
      const base = `${firstname}.${lastname}`.toLowerCase();
      let username = `${base}@demo.test`;
      for (let n = 2; taken.has(username); n++) username = `${base}${n}@demo.test`;
      taken.add(username);
      planned.push({
        role,
        practice,
        row: {
          username,
          password_hash: passwordHash,
          firstname,
          lastname,
          mobile: `3125550${String(random.int(100, 999))}`,
          organization_id: practice.organizationId,
          password_changed_at: addDays(today, -PASSWORD_AGE_DAYS),
          created_at: addDays(today, -random.int(200, 700)),
        },
      });
    }
  }
  const ids = (
    await trx
      .insertInto('users')
      .values(planned.map((p) => p.row))
      .returning('user_id')
      .execute()
  ).map((row) => row.user_id);
  const staff = planned.map(({ row, role, practice }, index): StaffMember => {
    const userId = ids[index];
    if (userId === undefined) throw new Error('generated staff insert returned too few rows');
    return {
      userId,
      username: row.username,
      firstname: row.firstname,
      lastname: row.lastname,
      roles: [role],
      practiceIds: [practice.practiceId],
      isDentist: false,
    };
  });
  await trx
    .insertInto('user_roles')
    .values(staff.map((member) => ({ user_id: member.userId, role_id: member.roles[0] ?? 0 })))
    .execute();
  await insertMemberships(
    trx,
    planned.map(({ practice }, index) => ({ userId: staff[index]?.userId ?? 0, practices: [practice] })),
  );
  return staff;
}
