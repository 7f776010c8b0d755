import { lowestRoleId } from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { AuthContext } from './auth/guard.js';
import type { Db } from './db/schema.js';
import { forbidden, notFound as notFoundError } from './domain-errors.js';

/**
 * Record-level access (000 §4.5, §6.2; decisions.md "Patient access scope"): lowest role 1 sees everything, everyone
 * else the patients of their practices (`user_practices`), narrowed to a membership's location if it names one, and
 * an administrator of an organisation group every organisation of the group with its practices and patients
 * (decisions.md "Organization Groups").
 */

/** The text of the 403 for a patient outside the user's practices. */
export const NO_PATIENT_ACCESS = 'You do not have access to this patient.';

/** Lowest role 1, the top administrator: every organisation, practice and patient. */
export function seesEverything(auth: Pick<AuthContext, 'roleid'>): boolean {
  return lowestRoleId(auth.roleid) === 1;
}

export interface PatientScope {
  readonly userId: number;
  /** Lowest role 1: no restriction. */
  readonly all: boolean;
  /** Practices the user belongs to (wholly or through one location, or through a group); empty when `all`. */
  readonly practiceIds: readonly number[];
  /**
   * A condition, true for rows of the patients table (or its alias) the user may read. Use it in `where` or as a
   * selected column; it is evaluated in the query, so it sees the memberships of the query's own transaction.
   */
  visible(patients?: string): RawBuilder<SqlBool>;
  /** Whether the user belongs to the practice (always for `all`). */
  hasPractice(practiceId: number): boolean;
}

export async function patientScope(
  db: Db,
  auth: Pick<AuthContext, 'userId' | 'roleid'> & Partial<Pick<AuthContext, 'practiceIds'>>,
): Promise<PatientScope> {
  const all = seesEverything(auth);
  // A call's auth carries the practices read with its session (the same rule): one query per call.
  const practiceIds = all
    ? []
    : auth.practiceIds
      ? [...auth.practiceIds]
      : (
          await db
            .selectFrom('user_practices')
            .select('practice_id')
            .where('user_id', '=', auth.userId)
            .union(
              db
                .selectFrom('practices')
                .select('practice_id')
                .where('organization_id', 'in', groupOrganizations(auth.userId)),
            )
            .orderBy('practice_id')
            .execute()
        ).map((row) => row.practice_id);
  const practices = new Set(practiceIds);
  return {
    userId: auth.userId,
    all,
    practiceIds,
    // The practice list first, as an indexable condition, so the planner starts from the user's practices rather
    // than testing the membership row by row over the network's patients (issue 45; a patient's organisation is
    // its practice's, so the list holds every practice the membership condition can admit).
    // One practice as an equality, which an index led by the practice walks in its order; `= any` of one element
    // is not one to PostgreSQL 15's planner (decisions.md "One practice in name order").
    visible: (patients = 'patients') => {
      if (all) return sql<SqlBool>`true`;
      const practice = sql.ref(`${patients}.practice_id`);
      const listed =
        practiceIds.length === 1
          ? sql`${practice} = ${practiceIds[0]}`
          : sql`${practice} = any(${practiceIds}::integer[])`;
      return sql<SqlBool>`(${listed} and ${patientVisible(auth, patients)})`;
    },
    hasPractice: (practiceId) => all || practices.has(practiceId),
  };
}

/**
 * {@link PatientScope.visible} without the scope's query of the user's practices: the condition reads the
 * memberships itself, so a one-statement store (the sleep lock) needs no round trip before it.
 */
export function patientVisible(
  auth: Pick<AuthContext, 'userId' | 'roleid'>,
  patients = 'patients',
): RawBuilder<SqlBool> {
  if (seesEverything(auth)) return sql<SqlBool>`true`;
  return practiceMember(sql`${auth.userId}`, patients);
}

/**
 * Whether a user (an id or a column) belongs to the patient's practice, wholly or through its location, or
 * administers a group holding the patient's organisation.
 */
export function practiceMember(user: RawBuilder<unknown>, patients = 'patients'): RawBuilder<SqlBool> {
  return sql<SqlBool>`(exists (select 1 from user_practices up where up.user_id = ${user}
    and up.practice_id = ${sql.ref(`${patients}.practice_id`)}
    and (up.location_id is null or up.location_id = ${sql.ref(`${patients}.location_id`)}))
    or ${sql.ref(`${patients}.organization_id`)} in ${groupOrganizations(user)})`;
}

/**
 * The organisations of the groups a user (an id or a column) administers, as a parenthesised subquery (decisions.md
 * "Organization Groups"); the session query's practices follow the same rule (auth/sessions.ts SESSION_SQL).
 */
export function groupOrganizations(user: number | RawBuilder<unknown>): RawBuilder<number> {
  const who = typeof user === 'number' ? sql`${user}` : user;
  return sql<number>`(select gm.organization_id from organization_group_admins ga
    join organization_group_members gm on gm.group_id = ga.group_id where ga.user_id = ${who})`;
}

/** Where a patient belongs, as {@link assertPatientAccess} returns it. */
export interface PatientPlace {
  readonly patientId: number;
  readonly organizationId: number;
  readonly practiceId: number;
  readonly locationId: number;
}

/** The patient's place and whether the user may read it; null when there is no such patient. */
async function placeInScope(
  db: Db,
  auth: Pick<AuthContext, 'userId' | 'roleid'>,
  patientId: number,
): Promise<{ place: PatientPlace; inScope: boolean } | null> {
  const scope = await patientScope(db, auth);
  const row = await db
    .selectFrom('patients')
    .select(['patient_id', 'organization_id', 'practice_id', 'location_id'])
    .select(scope.visible().as('in_scope'))
    .where('patient_id', '=', patientId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    place: {
      patientId: row.patient_id,
      organizationId: row.organization_id,
      practiceId: row.practice_id,
      locationId: row.location_id,
    },
    inScope: Boolean(row.in_scope),
  };
}

/**
 * Where a patient the user may read belongs. A patient outside the user's scope gets the same 404 as one that does
 * not exist (no oracle of which ids exist elsewhere), naming `field`; `notFound` is the text, so a
 * record reached through its patient (a rule, a note, a task) answers as for an unknown record of its own kind.
 */
export async function assertPatientAccess(
  db: Db,
  auth: Pick<AuthContext, 'userId' | 'roleid'>,
  patientId: number,
  field = 'patient_id',
  notFound = `Patient ${patientId} does not exist.`,
): Promise<PatientPlace> {
  const found = await placeInScope(db, auth, patientId);
  if (!found?.inScope) throw notFoundError(notFound, field);
  return found.place;
}

/**
 * The patient page-access check (001 §7 checkPageAccess): 404 for no such patient, and for a patient outside the
 * user's scope the spec's 403 'You do not have access to this patient.', whose dialog offers 'Map Patient'
 * (000 §8) — the one place that keeps 403.
 */
export async function assertPageAccess(
  db: Db,
  auth: Pick<AuthContext, 'userId' | 'roleid'>,
  patientId: number,
): Promise<PatientPlace> {
  const found = await placeInScope(db, auth, patientId);
  if (!found) throw notFoundError(`Patient ${patientId} does not exist.`, 'patient_id');
  if (!found.inScope) throw forbidden(NO_PATIENT_ACCESS, 'patient_id');
  return found.place;
}

/**
 * The organisations a user belongs to or administers through a group, sorted.
 * decisions.md "Organisation management", "Organization Groups".
 */
export async function userOrganizations(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('organization_id')
    .where('user_id', '=', userId)
    .where('organization_id', 'is not', null)
    .union(
      db
        .selectFrom('user_practices')
        .innerJoin('practices', 'practices.practice_id', 'user_practices.practice_id')
        .select('practices.organization_id')
        .where('user_practices.user_id', '=', userId),
    )
    .union(db.selectFrom('organizations').select('organization_id').where('created_by', '=', userId))
    .union(
      db
        .selectFrom('organization_group_members as gm')
        .innerJoin('organization_group_admins as ga', 'ga.group_id', 'gm.group_id')
        .select('gm.organization_id')
        .where('ga.user_id', '=', userId),
    )
    .execute();
  return rows
    .map((row) => row.organization_id)
    .filter((id): id is number => id !== null)
    .sort((a, b) => a - b);
}

/** The organisations the user may see and act in: 'all' for lowest role 1, else {@link userOrganizations}. */
export async function visibleOrganizations(
  db: Db,
  auth: Pick<AuthContext, 'userId' | 'roleid'>,
): Promise<'all' | number[]> {
  return seesEverything(auth) ? 'all' : userOrganizations(db, auth.userId);
}

/** {@link visibleOrganizations} as a condition on `column`, read in the query itself (no round trip before it). */
export function organizationVisible(
  auth: Pick<AuthContext, 'userId' | 'roleid'>,
  column: string,
): RawBuilder<SqlBool> {
  if (seesEverything(auth)) return sql<SqlBool>`true`;
  const userId = auth.userId;
  return sql<SqlBool>`${sql.ref(column)} in (
    select own_u.organization_id from users own_u where own_u.user_id = ${userId}
    union select own_pr.organization_id from user_practices own_up
      join practices own_pr on own_pr.practice_id = own_up.practice_id where own_up.user_id = ${userId}
    union select own_o.organization_id from organizations own_o where own_o.created_by = ${userId}
    union ${groupOrganizations(userId)})`;
}

/**
 * A condition on users rows (or their alias) in one of the organisations, by {@link userOrganizations}'s rule but
 * for groups: a group's administrator does not become a member of its organisations' staff.
 */
export function userInOrganizations(
  organizationIds: readonly number[],
  users = 'users',
): RawBuilder<SqlBool> {
  if (organizationIds.length === 0) return sql<SqlBool>`false`;
  const ids = sql.join(organizationIds.map((id) => sql`${id}`));
  const userId = sql.ref(`${users}.user_id`);
  return sql<SqlBool>`(${sql.ref(`${users}.organization_id`)} in (${ids})
    or exists (select 1 from user_practices up join practices p on p.practice_id = up.practice_id
      where up.user_id = ${userId} and p.organization_id in (${ids}))
    or exists (select 1 from organizations o where o.created_by = ${userId} and o.organization_id in (${ids})))`;
}
