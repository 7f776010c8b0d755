// Over 300 lines: the scope, escalation and write rules of staff administration read best together.
import { ADMIN_ROLE_ID, type LocationOption, MSG, PATIENT_ROLE_ID } from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql, type Transaction } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import type { Database, Db } from '../db/schema.js';
import { conflict, forbidden, invalid, notFound } from '../domain-errors.js';
import { userInOrganizations } from '../scope.js';

/** Staff administration (001 §2.8; decisions.md "Staff administration"): placement, roles, and audited writes. */

type Orgs = 'all' | readonly number[];
type Executor = Db | Transaction<Database>;

/** The 403 of an organisation outside the caller's (the organisations routes' text). */
const NOT_YOUR_ORGANIZATION = 'You do not belong to this organization.';

const inOrgs = (orgs: Orgs, organizationId: number) => orgs === 'all' || orgs.includes(organizationId);

/** A users-table condition: the user belongs to one of the organisations (all for 'all'). */
const userVisible = (orgs: Orgs, users = 'u'): RawBuilder<SqlBool> =>
  orgs === 'all' ? sql<SqlBool>`true` : userInOrganizations(orgs, users);

/** The organisation of a practice in scope; 404 naming practice_id for an unknown or foreign practice. */
export async function practiceOrganization(db: Db, orgs: Orgs, practiceId: number) {
  const row = await db
    .selectFrom('practices as p')
    .innerJoin('organizations as o', 'o.organization_id', 'p.organization_id')
    .select(['o.organization_id', 'o.organization_name'])
    .where('p.practice_id', '=', practiceId)
    .executeTakeFirst();
  if (!row || !inOrgs(orgs, row.organization_id))
    throw notFound(`Practice ${practiceId} does not exist.`, 'practice_id');
  return row;
}

/** The organisation must be the caller's: 403 naming organization_id otherwise. */
export function assertOrganization(orgs: Orgs, organizationId: number): void {
  if (!inOrgs(orgs, organizationId)) throw forbidden(NOT_YOUR_ORGANIZATION, 'organization_id');
}

/** The practice's locations with their programs, by name (the practice must be of the organisation). */
export async function practiceLocations(
  db: Db,
  orgs: Orgs,
  organizationId: number,
  practiceId: number,
): Promise<LocationOption[]> {
  assertOrganization(orgs, organizationId);
  const practice = await practiceOrganization(db, orgs, practiceId);
  if (practice.organization_id !== organizationId)
    throw invalid(`Practice ${practiceId} is not in organization ${organizationId}.`, 'practice_id');
  const rows = await db
    .selectFrom('locations as l')
    .leftJoin('location_programs as lp', 'lp.location_id', 'l.location_id')
    .leftJoin('programs as pr', 'pr.program_id', 'lp.program_id')
    .select(['l.location_id', 'l.location_name', 'pr.program_id', 'pr.program_name'])
    .where('l.practice_id', '=', practiceId)
    .orderBy(sql`lower(l.location_name)`)
    .orderBy('l.location_id')
    .orderBy('pr.program_id')
    .execute();
  const out = new Map<number, LocationOption>();
  for (const r of rows) {
    const location = out.get(r.location_id) ?? {
      location_id: r.location_id,
      location_name: r.location_name,
      programs: [],
    };
    if (r.program_id !== null && r.program_name !== null)
      location.programs.push({ program_id: r.program_id, program_name: r.program_name });
    out.set(r.location_id, location);
  }
  return [...out.values()];
}

export async function usernameTaken(db: Executor, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('user_id')
    .where('username', '=', username)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * No one grants more than they hold: every page the roles open must be in the caller's own access list,
 * and only a top administrator (lowest role 1) gives role 1. 403 naming `field` otherwise.
 */
export async function assertHoldsRoles(
  db: Executor,
  callerId: number,
  roleIds: readonly number[],
  field: string,
): Promise<void> {
  if (roleIds.length === 0) return;
  const { rows } = await sql<{ page: string }>`
    select rp.page from role_pages rp
    where rp.role_id in (${sql.join(roleIds)})
      and not exists (select 1 from role_pages mine join user_roles ur on ur.role_id = mine.role_id
        where ur.user_id = ${callerId} and mine.page = rp.page)
    limit 1`.execute(db);
  const callerRoles = await db
    .selectFrom('user_roles')
    .select('role_id')
    .where('user_id', '=', callerId)
    .execute();
  const callerIsTop = callerRoles.some((r) => r.role_id === ADMIN_ROLE_ID);
  if (rows.length > 0 || (roleIds.includes(ADMIN_ROLE_ID) && !callerIsTop))
    throw forbidden('You cannot grant or change access you do not hold yourself.', field);
}

/** The role must be a staff role: 400 naming roleid for an unknown one or the patients' role. */
export async function assertStaffRole(db: Executor, roleId: number): Promise<void> {
  const role = await db
    .selectFrom('roles')
    .select('role_id')
    .where('role_id', '=', roleId)
    .executeTakeFirst();
  // Patients are records, not users of the product (000 §1, §6).
  if (!role || roleId === PATIENT_ROLE_ID)
    throw invalid(`Role ${roleId} cannot be given to staff.`, 'roleid');
}

/** Where a user is placed (001 §3 new and existing admin payloads). */
export interface Placement {
  readonly roleid: number;
  readonly organization_id: number;
  readonly practice_id: number;
  readonly location_id: number;
  readonly program_id: number;
  readonly programs: readonly number[];
}

/** Checks a placement against the caller's scope and holdings; 400/403/404 naming the field. */
export async function assertPlacement(db: Db, callerId: number, orgs: Orgs, p: Placement): Promise<void> {
  await assertStaffRole(db, p.roleid);
  await assertHoldsRoles(db, callerId, [p.roleid], 'roleid');
  const locations = await practiceLocations(db, orgs, p.organization_id, p.practice_id);
  const location = locations.find((l) => l.location_id === p.location_id);
  if (!location)
    throw invalid(`Location ${p.location_id} is not in practice ${p.practice_id}.`, 'location_id');
  const offered = new Set(location.programs.map((program) => program.program_id));
  if (!offered.has(p.program_id))
    throw invalid(`Program ${p.program_id} is not offered at location ${p.location_id}.`, 'program_id');
  if (p.programs.some((id) => !offered.has(id)))
    throw invalid(`programs must be offered at location ${p.location_id}.`, 'programs');
}

/** The role, membership and programs of a placement (repeats are kept once). */
async function place(trx: Transaction<Database>, userId: number, p: Placement): Promise<void> {
  await trx
    .insertInto('user_roles')
    .values({ user_id: userId, role_id: p.roleid })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await trx
    .insertInto('user_practices')
    .values({ user_id: userId, practice_id: p.practice_id, location_id: p.location_id })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const programs = [...new Set([p.program_id, ...p.programs])];
  await trx
    .insertInto('user_programs')
    .values(programs.map((program_id) => ({ user_id: userId, program_id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** A person's fields as the forms send them (numbers as ten digits, empty when optional). */
export interface PersonInput {
  readonly firstname: string;
  readonly lastname: string;
  readonly dob: string;
  readonly phone: string;
  readonly mobile: string;
  readonly fax: string;
}

export const personColumns = (p: PersonInput) => ({
  firstname: p.firstname,
  lastname: p.lastname,
  dob: p.dob,
  phone: p.phone || null,
  mobile: p.mobile,
  fax: p.fax || null,
});

/** Creates a staff user (rpm/users/add), who must change the password at first sign-in (000 §4.3). */
export async function createStaffUser(
  trx: Transaction<Database>,
  by: AuditActor,
  input: PersonInput & Placement & { username: string; passwordHash: string; is_sleeplab_user: 0 | 1 },
): Promise<{ user_id: number }> {
  if (await usernameTaken(trx, input.username)) throw conflict(MSG.usernameExists, 'username');
  const row = await trx
    .insertInto('users')
    .values({
      ...personColumns(input),
      username: input.username,
      password_hash: input.passwordHash,
      organization_id: input.organization_id,
      is_sleeplab_user: input.is_sleeplab_user === 1,
      change_password: true,
      password_changed_at: by.at,
      created_at: by.at,
    })
    .returning('user_id')
    .executeTakeFirstOrThrow()
    .catch((err: { code?: unknown }) => {
      // A concurrent add of the same name.
      if (err.code === '23505') throw conflict(MSG.usernameExists, 'username');
      throw err;
    });
  await place(trx, row.user_id, input);
  await audit(trx, {
    ...by,
    action: 'add_user',
    entity: 'user',
    entityId: row.user_id,
    detail: { roleid: input.roleid, organization_id: input.organization_id, practice_id: input.practice_id },
  });
  return { user_id: row.user_id };
}

/** Gives an existing user of the organisation the placement (rpm/users/addExistingToMap). */
export async function mapExistingUser(
  db: Db,
  by: AuditActor,
  orgs: Orgs,
  userId: number,
  p: Placement,
): Promise<void> {
  const user = await db
    .selectFrom('users as u')
    .select('u.user_id')
    .where('u.user_id', '=', userId)
    .where('u.active', '=', true)
    .where(userInOrganizations([p.organization_id], 'u'))
    .executeTakeFirst();
  if (!user || !inOrgs(orgs, p.organization_id)) throw notFound(`User ${userId} does not exist.`, 'userid');
  await db.transaction().execute(async (trx) => {
    await place(trx, userId, p);
    await audit(trx, {
      ...by,
      action: 'map_user',
      entity: 'user',
      entityId: userId,
      detail: { roleid: p.roleid, organization_id: p.organization_id, practice_id: p.practice_id },
    });
  });
}

/**
 * A staff member the caller may change: in one of their organisations (404 naming userid otherwise, like an
 * unknown one), not the caller (400), and no top administrator unless the caller is one (403).
 */
export async function staffMemberInScope(
  db: Db,
  callerId: number,
  orgs: Orgs,
  userId: number,
): Promise<void> {
  const row = await db
    .selectFrom('users as u')
    .select('u.user_id')
    .where('u.user_id', '=', userId)
    .where(userVisible(orgs))
    .executeTakeFirst();
  if (!row) throw notFound(`User ${userId} does not exist.`, 'userid');
  if (userId === callerId) throw invalid('Use your profile to change your own account.', 'userid');
  const top = await db
    .selectFrom('user_roles')
    .select('role_id')
    .where('user_id', '=', userId)
    .where('role_id', '=', ADMIN_ROLE_ID)
    .execute();
  await assertHoldsRoles(
    db,
    callerId,
    top.map((r) => r.role_id),
    'userid',
  );
}

export async function updateStaffMember(
  db: Db,
  by: AuditActor,
  userId: number,
  p: PersonInput,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set(personColumns(p)).where('user_id', '=', userId).execute();
    await audit(trx, { ...by, action: 'update_user', entity: 'user', entityId: userId });
  });
}

/** Ends the user's live sessions, their own and their temporary logins; answers the ended ids. */
async function endUserSessions(trx: Transaction<Database>, userId: number, at: Date): Promise<number[]> {
  const ended = await trx
    .updateTable('sessions')
    .set({ ended_at: at, end_reason: 'logout' })
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('acting_user_id', '=', userId)]))
    .where('ended_at', 'is', null)
    .returning('session_id')
    .execute();
  return ended.map((s) => Number(s.session_id));
}

/** Deactivates a staff member and ends their sessions; answers the ended session ids (their sockets to close). */
export async function deactivateStaffMember(db: Db, by: AuditActor, userId: number): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ active: false }).where('user_id', '=', userId).execute();
    const ended = await endUserSessions(trx, userId, by.at);
    await audit(trx, {
      ...by,
      action: 'deactivate_user',
      entity: 'user',
      entityId: userId,
      detail: { sessions_ended: ended.length },
    });
    return ended;
  });
}

/** Sets another user's password (000 §4.3): changed at their next sign-in, their sessions ended; answers those. */
export async function resetPasswordOf(
  db: Db,
  by: AuditActor,
  userId: number,
  passwordHash: string,
): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, change_password: true, password_changed_at: by.at })
      .where('user_id', '=', userId)
      .execute();
    const ended = await endUserSessions(trx, userId, by.at);
    await audit(trx, { ...by, action: 'reset_password', entity: 'user', entityId: userId });
    return ended;
  });
}
