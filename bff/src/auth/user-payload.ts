import type { StoredUser } from '@rpm/shared';
import { elapsedDays } from '@rpm/shared';
import type { Clock } from '../clock.js';
import type { Db } from '../db/schema.js';
import { groupOrganizations } from '../scope.js';

const bit = (b: boolean): 0 | 1 => (b ? 1 : 0);

/** The user record the sign-in answer carries and the browser stores as 'user' (000 §3). */
export async function loadStoredUser(
  db: Db,
  clock: Clock,
  userId: number,
  token: string,
  /** Users the machine devtools are on for in production builds (config MACHINE_DEVTOOLS_USERS). */
  devtoolsUsers: readonly string[] = [],
  /** The demo contact centre is on (config CALL_SIMULATOR). */
  callSimulator = false,
): Promise<StoredUser> {
  const u = await db
    .selectFrom('users')
    .leftJoin('organizations', 'organizations.organization_id', 'users.organization_id')
    .selectAll('users')
    .select('organizations.organization_name')
    .where('users.user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const [roles, pages, practices, locations] = await Promise.all([
    db.selectFrom('user_roles').select('role_id').where('user_id', '=', userId).orderBy('role_id').execute(),
    db
      .selectFrom('role_pages')
      .innerJoin('user_roles', 'user_roles.role_id', 'role_pages.role_id')
      .select('role_pages.page')
      .distinct()
      .where('user_roles.user_id', '=', userId)
      .orderBy('role_pages.page')
      .execute(),
    // Their practices and those of the organisations of groups they administer (scope.ts).
    db
      .selectFrom('practices')
      .select(['practices.practice_id as value', 'practices.practice_name as label'])
      .where((eb) =>
        eb.or([
          eb(
            'practices.practice_id',
            'in',
            eb.selectFrom('user_practices').select('practice_id').where('user_id', '=', userId),
          ),
          eb('practices.organization_id', 'in', groupOrganizations(userId)),
        ]),
      )
      .orderBy('practices.practice_name')
      .execute(),
    db
      .selectFrom('user_practices')
      .innerJoin('locations', 'locations.practice_id', 'user_practices.practice_id')
      .select(['locations.location_id as value', 'locations.location_name as label'])
      .distinct()
      .where('user_practices.user_id', '=', userId)
      .where((eb) =>
        eb.or([
          eb('user_practices.location_id', 'is', null),
          eb('user_practices.location_id', '=', eb.ref('locations.location_id')),
        ]),
      )
      .union(
        db
          .selectFrom('locations')
          .innerJoin('practices', 'practices.practice_id', 'locations.practice_id')
          .select(['locations.location_id as value', 'locations.location_name as label'])
          .where('practices.organization_id', 'in', groupOrganizations(userId)),
      )
      .orderBy('label')
      .execute(),
  ]);
  const ageDays = elapsedDays(u.password_changed_at, clock.now());
  return {
    user_id: u.user_id,
    token,
    name: `${u.firstname} ${u.lastname}`.trim(),
    username: u.username,
    roleid: roles.map((r) => r.role_id),
    pages: pages.map((p) => p.page),
    profile_img: u.profile_img,
    aws_link: u.aws_link,
    is_dentist: bit(u.is_dentist),
    is_sleeplab_user: bit(u.is_sleeplab_user),
    is_onboarding: bit(u.is_onboarding),
    is_interpreting_prac: bit(u.is_interpreting_prac),
    onlyCoRead: bit(u.only_co_read),
    is_external_care_coord: bit(u.is_external_care_coord),
    is_external_sleep_coord: bit(u.is_external_sleep_coord),
    dme_id: u.dme_id,
    interpretingPhysician: u.interpreting_physician_id,
    companyId: u.company_id,
    change_password: bit(u.change_password),
    password_age_days: Math.max(0, ageDays),
    ...(devtoolsUsers.includes(u.username) ? { devtools: 1 as const } : {}),
    ...(callSimulator ? { call_simulator: 1 as const } : {}),
    data: {
      organization_id: u.organization_id,
      organization_name: u.organization_name,
      practices: practices.map((p) => ({ value: p.value, label: p.label })),
      locations: locations.map((l) => ({ value: l.value, label: l.label })),
    },
  };
}
