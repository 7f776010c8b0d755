import {
  type CallBody,
  type FilterOption,
  lowestRoleId,
  organizationGroupsList,
  type updateOrganizationGroup,
} from '@rpm/shared';
import { type SqlBool, sql, type Transaction } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import type { AuthContext } from '../auth/guard.js';
import type { Database, Db } from '../db/schema.js';
import { timeText } from '../db/sql-day.js';
import { conflict, forbidden, invalid, notFound } from '../domain-errors.js';
import { listSource } from '../lists/declare.js';
import { organizationOptions } from '../lists/organization-scope.js';
import { and, by, inIds, options, userName } from '../lists/sql.js';
import { textSearchSql } from '../lists/text-search.js';
import { organizationVisible, userInOrganizations, visibleOrganizations } from '../scope.js';

/**
 * Organization Groups (decisions.md "Organization Groups"): the list, the form's choices and the writes. A group is
 * seen by those who administer one of its organisations; it is written only by administrators (lowest role 1 or 2),
 * members among the organisations they administer, administrators among those organisations' role-2 users.
 */

type Orgs = 'all' | readonly number[];
type GroupBody = Omit<CallBody<typeof updateOrganizationGroup>, 'group_id'>;

/** The role of an organisation's administrators (decisions.md "Staff table roles"): who may administer a group. */
const ORGANIZATION_ADMIN_ROLE = 2;

export const GROUP_NAME_TAKEN = 'Group name already exists';
export const GROUP_WRITERS_ONLY = 'Only administrators may add or change organization groups.';

/** Whether the user may add and change groups: lowest role 1 (every organisation) or 2 (their own). */
const writesGroups = (auth: Pick<AuthContext, 'roleid'>) => {
  const lowest = lowestRoleId(auth.roleid);
  return lowest === 1 || lowest === ORGANIZATION_ADMIN_ROLE;
};

const MEMBER_IDS = sql<number[]>`coalesce((select array_agg(m.organization_id order by m.organization_id)
  from organization_group_members m where m.group_id = g.group_id), '{}')`;
const ADMIN_IDS = sql<number[]>`coalesce((select array_agg(a.user_id order by a.user_id)
  from organization_group_admins a where a.group_id = g.group_id), '{}')`;
const MEMBER_NAMES = sql<string>`coalesce((select string_agg(o.organization_name, ', '
    order by lower(o.organization_name), o.organization_id)
  from organization_group_members m join organizations o on o.organization_id = m.organization_id
  where m.group_id = g.group_id), '')`;
const ADMIN_NAMES = sql<string>`coalesce((select string_agg(${userName('u')}, ', ' order by lower(${userName('u')}), u.user_id)
  from organization_group_admins a join users u on u.user_id = a.user_id where a.group_id = g.group_id), '')`;
const PRACTICES = sql<number>`(select count(*)::int from practices pr
  join organization_group_members m on m.organization_id = pr.organization_id where m.group_id = g.group_id)`;
const PATIENTS = sql<number>`(select count(*)::int from patients p
  join organization_group_members m on m.organization_id = p.organization_id
  where m.group_id = g.group_id and p.merged_into_id is null)`;
const HAS_ADMIN = sql<SqlBool>`exists (select 1 from organization_group_admins a where a.group_id = g.group_id)`;

export const organizationGroupSource = listSource(organizationGroupsList, {
  from: sql`organization_groups g`,
  // A group with an organisation the viewer administers (groups they administer among them: scope.ts).
  scope: ({ viewer }) =>
    sql<SqlBool>`exists (select 1 from organization_group_members vm where vm.group_id = g.group_id
      and ${organizationVisible(viewer.auth, 'vm.organization_id')})`,
  id: 'g.group_id',
  select: () => ({
    group_id: sql`g.group_id`,
    group_name: sql`g.group_name`,
    organization_ids: MEMBER_IDS,
    admin_ids: ADMIN_IDS,
    organizations: MEMBER_NAMES,
    administrators: ADMIN_NAMES,
    practices: PRACTICES,
    patients: PATIENTS,
    updated_at: timeText('g.updated_at'),
  }),
  sort: () => ({
    practices: by(PRACTICES),
    patients: by(PATIENTS),
    updated_at: by(sql`g.updated_at`),
  }),
  where: {
    organization: {
      shows: 'organizations',
      as: 'listed',
      when: (orgs) => sql<SqlBool>`exists (select 1 from organization_group_members fm
        where fm.group_id = g.group_id and ${inIds('fm.organization_id', orgs)})`,
    },
    // One value at most (not multi); both given means either, so no condition.
    admin_state: (values) =>
      values.length === 1 ? (values[0] === 'named' ? HAS_ADMIN : sql<SqlBool>`not ${HAS_ADMIN}`) : and([]),
  },
  search: (text) => textSearchSql(text, sql`g.group_name`),
  options: async (db, viewer) => ({ organization: await organizationOptions(db, viewer) }),
});

/** The organisation administrators (role 2, active) of the organisations, by name. */
async function adminChoices(db: Db, orgs: Orgs): Promise<FilterOption[]> {
  return options(
    db,
    sql`select u.user_id as value, ${userName('u')} as label from users u
      where u.active and exists (select 1 from user_roles ur where ur.user_id = u.user_id
        and ur.role_id = ${ORGANIZATION_ADMIN_ROLE})
      and ${orgs === 'all' ? sql<SqlBool>`true` : userInOrganizations(orgs, 'u')}
      order by lower(${userName('u')}) collate "C", u.user_id`,
  );
}

/** What the group form offers the caller (getOrganizationGroupChoices). */
export async function groupChoices(db: Db, auth: AuthContext) {
  const orgs = await visibleOrganizations(db, auth);
  const toChoice = (o: FilterOption) => ({ value: Number(o.value), label: o.label });
  const organizations = await options(
    db,
    sql`select organization_id as value, organization_name as label from organizations
      where ${orgs === 'all' ? sql<SqlBool>`true` : inIds('organization_id', orgs)}
      order by lower(organization_name) collate "C", organization_id`,
  );
  return {
    can_edit: writesGroups(auth),
    organizations: organizations.map(toChoice),
    admins: (await adminChoices(db, orgs)).map(toChoice),
  };
}

const inOrgs = (orgs: Orgs, id: number) => orgs === 'all' || orgs.includes(id);

/**
 * Refuses what the caller may not save: 403 for a non-administrator, 400 naming organization_ids or admin_ids for a
 * choice outside their organisations.
 */
async function assertSavable(db: Db, auth: AuthContext, orgs: Orgs, body: GroupBody) {
  if (!writesGroups(auth)) throw forbidden(GROUP_WRITERS_ONLY);
  const known = await db
    .selectFrom('organizations')
    .select('organization_id')
    .where('organization_id', 'in', [0, ...body.organization_ids])
    .execute();
  if (known.length !== body.organization_ids.length || body.organization_ids.some((id) => !inOrgs(orgs, id)))
    throw invalid('Choose organizations you administer.', 'organization_ids');
  if (body.admin_ids.length > 0) {
    const allowed = new Set((await adminChoices(db, orgs)).map((o) => Number(o.value)));
    if (body.admin_ids.some((id) => !allowed.has(id)))
      throw invalid('Choose administrators of your organizations.', 'admin_ids');
  }
}

/** 409 naming group_name when another group has the name, ignoring case (read in the write's transaction). */
async function assertNameFree(db: Db | Transaction<Database>, name: string, groupId?: number) {
  const taken = await db
    .selectFrom('organization_groups')
    .select('group_id')
    .where(sql<SqlBool>`lower(group_name) = lower(${name})`)
    .$if(groupId !== undefined, (q) => q.where('group_id', '<>', groupId as number))
    .executeTakeFirst();
  if (taken) throw conflict(GROUP_NAME_TAKEN, 'group_name');
}

async function linkMembers(trx: Transaction<Database>, groupId: number, body: GroupBody) {
  await trx.deleteFrom('organization_group_members').where('group_id', '=', groupId).execute();
  await trx.deleteFrom('organization_group_admins').where('group_id', '=', groupId).execute();
  await trx
    .insertInto('organization_group_members')
    .values(body.organization_ids.map((organization_id) => ({ group_id: groupId, organization_id })))
    .execute();
  if (body.admin_ids.length > 0)
    await trx
      .insertInto('organization_group_admins')
      .values(body.admin_ids.map((user_id) => ({ group_id: groupId, user_id })))
      .execute();
}

/** Checks a new group (before the caller's Idempotency-Key transaction); see {@link assertSavable}. */
export async function assertNewGroup(db: Db, auth: AuthContext, body: GroupBody): Promise<void> {
  await assertSavable(db, auth, await visibleOrganizations(db, auth), body);
}

/** Creates a group with its members, administrators and audit row (in the caller's transaction). */
export async function createGroup(
  trx: Transaction<Database>,
  by: AuditActor,
  body: GroupBody,
): Promise<{ group_id: number }> {
  await assertNameFree(trx, body.group_name);
  const row = await trx
    .insertInto('organization_groups')
    .values({ group_name: body.group_name, created_by: by.userId, created_at: by.at, updated_at: by.at })
    .returning('group_id')
    .executeTakeFirstOrThrow();
  await linkMembers(trx, row.group_id, body);
  await audit(trx, {
    ...by,
    action: 'add_organization_group',
    entity: 'organization_group',
    entityId: row.group_id,
    detail: body,
  });
  return row;
}

/**
 * Renames a group and replaces its members and administrators, with the audit row, in one transaction. A group
 * outside the caller's organisations answers 404 as unknown; one with an organisation they do not administer 403.
 */
export async function saveGroup(
  db: Db,
  auth: AuthContext,
  by: AuditActor,
  { group_id: groupId, ...body }: CallBody<typeof updateOrganizationGroup>,
): Promise<void> {
  if (!writesGroups(auth)) throw forbidden(GROUP_WRITERS_ONLY);
  const orgs = await visibleOrganizations(db, auth);
  const members = (
    await db
      .selectFrom('organization_group_members')
      .select('organization_id')
      .where('group_id', '=', groupId)
      .execute()
  ).map((m) => m.organization_id);
  if (members.length === 0 || !members.some((id) => inOrgs(orgs, id)))
    throw notFound(`Organization group ${groupId} does not exist.`, 'group_id');
  if (!members.every((id) => inOrgs(orgs, id)))
    throw forbidden('You do not administer every organization of this group.', 'group_id');
  await assertSavable(db, auth, orgs, body);
  await db.transaction().execute(async (trx) => {
    await assertNameFree(trx, body.group_name, groupId);
    await trx
      .updateTable('organization_groups')
      .set({ group_name: body.group_name, updated_at: by.at })
      .where('group_id', '=', groupId)
      .execute();
    await linkMembers(trx, groupId, body);
    await audit(trx, {
      ...by,
      action: 'update_organization_group',
      entity: 'organization_group',
      entityId: groupId,
      detail: body,
    });
  });
}
