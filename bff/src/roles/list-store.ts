import { PATIENT_ROLE_ID, rolesList } from '@rpm/shared';
import { type SqlBool, sql } from 'kysely';
import { listSource } from '../lists/declare.js';
import { and, by, likeWord, searchTerms } from '../lists/sql.js';
import { userInOrganizations, visibleOrganizations } from '../scope.js';

/**
 * The Roles table (shared/src/lists/roles.ts): every staff role with its access list; the user count covers the
 * viewer's organisations only (decisions.md "Role access lists").
 */

const PAGE_COUNT = sql`(select count(*)::int from role_pages rp where rp.role_id = r.role_id)`;

/** How many users of these organisations hold the role. */
const usersIn = (orgs: 'all' | readonly number[]) =>
  sql`(select count(*)::int from user_roles ur join users u on u.user_id = ur.user_id
    where ur.role_id = r.role_id and ${orgs === 'all' ? sql<SqlBool>`true` : userInOrganizations(orgs, 'u')})`;

export const roleSource = listSource(rolesList, {
  // The viewer's organisations, read once per request for the user count.
  prepare: (db, { viewer }) => visibleOrganizations(db, viewer.auth),
  from: sql`roles r`,
  // Patients are records, not users of the product (000 §1): their role has no access list to edit.
  scope: () => sql<SqlBool>`r.role_id <> ${PATIENT_ROLE_ID}`,
  id: 'r.role_id',
  select: ({ prepared }) => ({
    role_id: sql`r.role_id`,
    role: sql`r.role`,
    pages: PAGE_COUNT,
    users: usersIn(prepared),
    page_names: sql`coalesce((select array_agg(rp.page order by rp.page) from role_pages rp
      where rp.role_id = r.role_id), '{}')`,
  }),
  sort: ({ prepared }) => ({
    role_id: by(sql`r.role_id`),
    pages: by(PAGE_COUNT),
    users: by(usersIn(prepared)),
  }),
  where: {},
  search: (text) =>
    and(
      searchTerms(text).searchWords.map(
        (word) => sql<SqlBool>`lower(r.role) like ${likeWord(word)} escape '\\'`,
      ),
    ),
  options: async () => ({}),
});
