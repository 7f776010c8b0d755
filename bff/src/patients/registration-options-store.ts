import { type EnrolmentProgram, REGISTRATION_STATUSES } from '@rpm/shared';
import { sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { fullName } from '../http/route-helpers.js';
import type { PatientScope } from '../scope.js';
import { COORDINATOR_ROLE, PHYSICIAN_ROLE } from './record-store.js';

/** Active staff of the practice with the role, by name. */
function practiceStaff(db: Db, practiceId: number, roleId: number) {
  return db
    .selectFrom('users as u')
    .innerJoin('user_roles as r', 'r.user_id', 'u.user_id')
    .select(['u.user_id as value', 'u.firstname', 'u.lastname'])
    .where('r.role_id', '=', roleId)
    .where('u.active', '=', true)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_practices as up')
          .select('up.user_id')
          .whereRef('up.user_id', '=', 'u.user_id')
          .where('up.practice_id', '=', practiceId),
      ),
    )
    .orderBy('u.lastname')
    .orderBy('u.firstname')
    .orderBy('u.user_id')
    .execute();
}

const labelled = (rows: { value: number; firstname: string | null; lastname: string | null }[]) =>
  rows.map((row) => ({ value: row.value, label: fullName(row.firstname, row.lastname) }));

/** The registration form's choices for the user (and the chosen practice, when given and theirs). */
export async function registrationOptions(db: Db, scope: PatientScope, practiceId: number | undefined) {
  let practices = db
    .selectFrom('practices')
    .select(['practice_id as value', 'practice_name as label'])
    .orderBy('practice_name')
    .orderBy('practice_id');
  if (!scope.all) practices = practices.where('practice_id', 'in', [...scope.practiceIds, 0]);
  const chosen = practiceId !== undefined && scope.hasPractice(practiceId) ? practiceId : null;
  const none = Promise.resolve([]);
  const [practiceRows, locations, physicians, coordinators, plans, languages, statuses] = await Promise.all([
    practices.execute(),
    chosen === null
      ? none
      : db
          .selectFrom('locations')
          .select(['location_id as value', 'location_name as label'])
          .where('practice_id', '=', chosen)
          .where(sql<boolean>`${scope.all} or exists (select 1 from user_practices up where up.user_id = ${scope.userId}
            and up.practice_id = locations.practice_id
            and (up.location_id is null or up.location_id = locations.location_id))`)
          .orderBy('location_name')
          .orderBy('location_id')
          .execute(),
    chosen === null ? none : practiceStaff(db, chosen, PHYSICIAN_ROLE).then(labelled),
    chosen === null ? none : practiceStaff(db, chosen, COORDINATOR_ROLE).then(labelled),
    db
      .selectFrom('insurance_plans')
      .select(['plan_id as value', sql<string>`payer || ' · ' || plan_name`.as('label')])
      .where('active', '=', true)
      .orderBy('payer')
      .orderBy('plan_name')
      .execute(),
    db
      .selectFrom('languages')
      .select(['language_id as value', 'language as label'])
      .orderBy('language_id')
      .execute(),
    db
      .selectFrom('patient_status_options')
      .select(['program', 'status_id as value', 'label'])
      .orderBy('program')
      .orderBy('sort_order')
      .execute(),
  ]);
  const statusOptions = Object.fromEntries(
    (Object.keys(REGISTRATION_STATUSES) as EnrolmentProgram[]).map((program) => [
      program,
      statuses
        .filter((s) => s.program === program && REGISTRATION_STATUSES[program].includes(s.value))
        .map(({ value, label }) => ({ value, label })),
    ]),
  ) as Record<EnrolmentProgram, { value: number; label: string }[]>;
  return {
    practices: practiceRows,
    locations,
    physicians,
    care_coordinators: coordinators,
    insurance_plans: plans,
    languages,
    statuses: statusOptions,
  };
}
