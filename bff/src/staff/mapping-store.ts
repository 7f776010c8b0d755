import {
  ADMIN_CANDIDATE_ROLE_IDS,
  ADMIN_ROLE_ID,
  PATIENT_ROLE_ID,
  STAFF_ADMIN_PAGE,
  STAFF_MAP_TEXT,
  staffRoleName,
} from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql, type Transaction } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import type { Database, Db } from '../db/schema.js';
import { conflict, invalid, notFound } from '../domain-errors.js';
import { userInOrganizations } from '../scope.js';

/**
 * Select Admin's candidates and taking a role away (decisions.md "Select Admin eligibility and removal"): who may be
 * given a role at a practice location of an organisation, and the rules that keep every organisation administered.
 */

type Executor = Db | Transaction<Database>;

/** The role given at the place, by whom; without a practice, any membership of the organisation is a new place. */
export interface CandidatePlace {
  readonly callerId: number;
  readonly organizationId: number;
  readonly roleId: number;
  readonly practiceId?: number | undefined;
  readonly locationId?: number | undefined;
}

/** Whether the role opens the staff administration page: its holders administer their organisations. */
async function administers(db: Executor, roleIds: readonly number[]): Promise<boolean> {
  if (roleIds.length === 0) return false;
  const row = await db
    .selectFrom('role_pages')
    .select('role_id')
    .where('role_id', 'in', roleIds)
    .where('page', '=', STAFF_ADMIN_PAGE)
    .executeTakeFirst();
  return row !== undefined;
}

/** The user `u` holds a role matching the condition on `r.role_id`. */
const holdsRole = (condition: RawBuilder<SqlBool>) =>
  sql<SqlBool>`exists (select 1 from user_roles r where r.user_id = u.user_id and ${condition})`;

type Rule = 'self' | 'topAdmin' | 'staffRoles' | 'mapped';

/** Each rule of a candidate as a condition on users row `u` that holds when it is met, in the order refusals name them. */
function candidateRules(place: CandidatePlace, administering: boolean): [Rule, RawBuilder<SqlBool>][] {
  const rules: [Rule, RawBuilder<SqlBool>][] = [
    ['self', sql<SqlBool>`u.user_id <> ${place.callerId}`],
    // Role 1 administers every organisation already.
    ['topAdmin', sql<SqlBool>`not ${holdsRole(sql`r.role_id = ${ADMIN_ROLE_ID}`)}`],
    [
      'staffRoles',
      administering
        ? sql<SqlBool>`not ${holdsRole(sql`r.role_id <> all(${[...ADMIN_CANDIDATE_ROLE_IDS]}::integer[])`)}`
        : sql<SqlBool>`not ${holdsRole(sql`r.role_id = ${PATIENT_ROLE_ID}`)}`,
    ],
  ];
  if (place.practiceId !== undefined) {
    // A membership of the whole practice (no location) covers the location.
    const location =
      place.locationId === undefined
        ? sql`true`
        : sql`(up.location_id is null or up.location_id = ${place.locationId})`;
    rules.push([
      'mapped',
      sql<SqlBool>`not (${holdsRole(sql`r.role_id = ${place.roleId}`)} and exists (select 1 from user_practices up
        where up.user_id = u.user_id and up.practice_id = ${place.practiceId} and ${location}))`,
    ]);
  }
  return rules;
}

/** Active staff of the organisation: the rules apply to these, anyone else is unknown (404). */
const staffOf = (organizationId: number) =>
  sql<SqlBool>`u.active and ${userInOrganizations([organizationId], 'u')}`;

/** The users Select Admin offers for the role at the place, by name (getAllByOrgId). */
export async function organizationCandidates(db: Db, place: CandidatePlace) {
  const rules = candidateRules(place, await administers(db, [place.roleId]));
  return db
    .selectFrom('users as u')
    .select(['u.user_id', 'u.firstname', 'u.lastname'])
    .where(staffOf(place.organizationId))
    .where(
      sql<SqlBool>`${sql.join(
        rules.map(([, when]) => when),
        sql` and `,
      )}`,
    )
    .orderBy(sql`lower(u.lastname)`)
    .orderBy(sql`lower(u.firstname)`)
    .orderBy('u.user_id')
    .execute();
}

/** The user must be one {@link organizationCandidates} offers: 404, 400 or 409 naming userid otherwise. */
export async function assertCandidate(db: Db, place: CandidatePlace, userId: number): Promise<void> {
  const rules = candidateRules(place, await administers(db, [place.roleId]));
  const { rows } = await sql<Record<string, unknown> & { name: string }>`
    select trim(u.firstname || ' ' || u.lastname) as name,
      ${sql.join(rules.map(([rule, when]) => sql`(${when}) as ${sql.ref(rule)}`))}
    from users u where u.user_id = ${userId} and ${staffOf(place.organizationId)}`.execute(db);
  const user = rows[0];
  if (!user) throw notFound(`User ${userId} does not exist.`, 'userid');
  const failed = rules.find(([rule]) => user[rule] !== true)?.[0];
  const role = staffRoleName(place.roleId);
  if (failed === 'self') throw invalid(STAFF_MAP_TEXT.self, 'userid');
  if (failed === 'topAdmin') throw invalid(STAFF_MAP_TEXT.topAdmin(user.name), 'userid');
  if (failed === 'staffRoles') throw invalid(STAFF_MAP_TEXT.notStaffRole(user.name), 'userid');
  if (failed === 'mapped') throw conflict(STAFF_MAP_TEXT.mapped(user.name, role), 'userid');
}

/**
 * Takes a staff table's role from a user (rpm/users/removeFromMap), audited; memberships and programs stay. Refused
 * (409) when the user does not hold it, when the caller would lose their own last administering role, when an
 * organisation the user is staff of would be left without another active holder of the (administering) role, and
 * when it is their only role. One removal of a role at a time, so two administrators cannot remove each other.
 */
export async function removeRole(db: Db, by: AuditActor, userId: number, roleId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('staff_roles'), ${roleId})`.execute(trx);
    const user = await trx
      .selectFrom('users as u')
      .select(sql<string>`trim(u.firstname || ' ' || u.lastname)`.as('name'))
      .where('u.user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const held = (
      await trx.selectFrom('user_roles').select('role_id').where('user_id', '=', userId).execute()
    ).map((r) => r.role_id);
    const role = staffRoleName(roleId);
    if (!held.includes(roleId)) throw conflict(STAFF_MAP_TEXT.notHeld(user.name, role), 'roleid');
    const others = held.filter((id) => id !== roleId);
    if (userId === by.userId && !(await administers(trx, others)))
      throw conflict(STAFF_MAP_TEXT.ownLast, 'userid');
    if (await administers(trx, [roleId])) {
      const orphaned = await organizationLeftWithout(trx, userId, roleId);
      if (orphaned !== undefined)
        throw conflict(STAFF_MAP_TEXT.lastAdmin(user.name, role, orphaned), 'userid');
    }
    if (others.length === 0) throw conflict(STAFF_MAP_TEXT.onlyRole(user.name), 'userid');
    await trx.deleteFrom('user_roles').where('user_id', '=', userId).where('role_id', '=', roleId).execute();
    await audit(trx, {
      ...by,
      action: 'unmap_user',
      entity: 'user',
      entityId: userId,
      detail: { roleid: roleId },
    });
  });
}

/**
 * The first organisation, by name, the user is staff of (home organisation or a practice of it) where no other
 * active user of it holds the role.
 */
async function organizationLeftWithout(
  trx: Transaction<Database>,
  userId: number,
  roleId: number,
): Promise<string | undefined> {
  const { rows } = await sql<{ organization_name: string }>`
    select o.organization_name from organizations o
    where (o.organization_id = (select organization_id from users where user_id = ${userId})
        or o.organization_id in (select p.organization_id from user_practices up
          join practices p on p.practice_id = up.practice_id where up.user_id = ${userId}))
      and not exists (select 1 from users other join user_roles r on r.user_id = other.user_id
        where r.role_id = ${roleId} and other.user_id <> ${userId} and other.active
          and (other.organization_id = o.organization_id
            or exists (select 1 from user_practices oup join practices op on op.practice_id = oup.practice_id
              where oup.user_id = other.user_id and op.organization_id = o.organization_id)))
    order by lower(o.organization_name), o.organization_id
    limit 1`.execute(trx);
  return rows[0]?.organization_name;
}
