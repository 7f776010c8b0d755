import { STAFF_LISTS, STAFF_TABLES, type StaffRow, type StaffTable } from '@rpm/shared';
import { type SqlBool, sql } from 'kysely';
import { dayText, timeText } from '../db/sql-day.js';
import { listSource } from '../lists/declare.js';
import { organizationScope } from '../lists/organization-scope.js';
import type { ListSource } from '../lists/source.js';
import { and, by, byText, inIds, options } from '../lists/sql.js';
import { textSearchSql } from '../lists/text-search.js';
import { userInOrganizations, visibleOrganizations } from '../scope.js';

/** The staff tables' rows: users holding the table's role, in the viewer's organisations (all for role 1). */

/** The list of one staff table (decisions.md "Staff table roles"): the same declaration for each role. */
function staffSource(table: StaffTable) {
  return listSource(STAFF_LISTS[table.name], {
    from: sql`users u left join organizations o on o.organization_id = u.organization_id`,
    async scope({ viewer }, db) {
      const orgs = await visibleOrganizations(db, viewer.auth);
      return and([
        sql`exists (select 1 from user_roles ur where ur.user_id = u.user_id and ur.role_id = ${table.roleId})`,
        orgs === 'all' ? sql`true` : userInOrganizations(orgs, 'u'),
      ]);
    },
    id: 'u.user_id',
    select: () => ({
      user_id: sql`u.user_id`,
      name: sql`trim(u.firstname || ' ' || u.lastname)`,
      username: sql`u.username`,
      mobile: sql`u.mobile`,
      organization_name: sql`o.organization_name`,
      practices: sql`coalesce((select string_agg(distinct p.practice_name, ', ' order by p.practice_name)
        from user_practices up join practices p on p.practice_id = up.practice_id
        where up.user_id = u.user_id), '')`,
      status: sql`case when u.active then 'Active' else 'Inactive' end`,
      created_at: timeText('u.created_at'),
      firstname: sql`u.firstname`,
      lastname: sql`u.lastname`,
      dob: sql`coalesce(${dayText('u.dob')}, '')`,
      phone: sql`coalesce(u.phone, '')`,
      fax: sql`coalesce(u.fax, '')`,
    }),
    sort: () => ({
      name: byText(sql`u.firstname || ' ' || u.lastname`),
      // Usernames are lower case (a CHECK of the users table).
      username: by(sql`u.username collate "C"`),
      // 'Active' before 'Inactive' ascending.
      status: by(sql`not u.active`),
      created_at: by(sql`u.created_at`),
    }),
    where: {
      status: {
        shows: 'status',
        as: 'value',
        when: (statuses) => sql<SqlBool>`u.active = any(${statuses.map((s) => s === 'Active')}::boolean[])`,
      },
      organization: { shows: 'organization_name', when: (orgs) => inIds('u.organization_id', orgs) },
    },
    // Every word typed occurs in the name or the user name.
    search: (text) => textSearchSql(text, sql`u.firstname || ' ' || u.lastname || ' ' || u.username`),
    options: async (db, viewer) => ({
      organization: await options(
        db,
        sql`select organization_id as value, organization_name as label from organizations
          where ${await organizationScope(db, viewer.auth, 'organization_id')}
          order by lower(organization_name), organization_id`,
      ),
    }),
  });
}

/** The sources of the twelve staff lists, by list name. */
export function staffListSources(): Record<StaffTable['name'], ListSource<StaffRow>> {
  return Object.fromEntries(STAFF_TABLES.map((table) => [table.name, staffSource(table)])) as Record<
    StaffTable['name'],
    ListSource<StaffRow>
  >;
}
