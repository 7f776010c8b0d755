import { PATIENT_ROLE_ID, type RoleRow } from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { sliceSource } from '../lists/slice-source.js';
import type { ListSource } from '../lists/source.js';
import { and, type Base, by, byText, countWhere, likeWord, orderSql, searchTerms } from '../lists/sql.js';
import { userInOrganizations, visibleOrganizations } from '../scope.js';

/**
 * The Roles table (shared/src/lists/roles.ts): every staff role with its access list; the user count covers the
 * viewer's organisations only (decisions.md "Role access lists").
 */

type Where = RawBuilder<SqlBool>;

const PAGE_COUNT = sql`(select count(*) from role_pages rp where rp.role_id = r.role_id)`;

export const roleSource: ListSource<RoleRow> = sliceSource<RoleRow, Base & { users: RawBuilder<unknown> }>({
  async filtered(db, viewer, view) {
    const orgs = await visibleOrganizations(db, viewer.auth);
    const inScope = orgs === 'all' ? sql<SqlBool>`true` : userInOrganizations(orgs, 'u');
    const words = searchTerms(view.search ?? '').searchWords.map(
      (word): Where => sql<SqlBool>`lower(r.role) like ${likeWord(word)} escape '\\'`,
    );
    return {
      db,
      // Patients are records, not users of the product (000 §1): their role has no access list to edit.
      where: and([sql<SqlBool>`r.role_id <> ${PATIENT_ROLE_ID}`, ...words]),
      users: sql`(select count(*) from user_roles ur join users u on u.user_id = ur.user_id
        where ur.role_id = r.role_id and ${inScope})`,
    };
  },
  count: (base) => countWhere(base, sql`roles r`),
  async slice({ db, where, users }, _viewer, view, offset, limit) {
    const order = {
      role_id: by(sql`r.role_id`),
      role: byText(sql`r.role`),
      pages: by(PAGE_COUNT),
      users: by(users),
    };
    const { rows } = await sql<Omit<RoleRow, 'pages' | 'users'> & { pages: string; users: string }>`
      select r.role_id, r.role, ${PAGE_COUNT} as pages, ${users} as users,
        coalesce((select array_agg(rp.page order by rp.page) from role_pages rp where rp.role_id = r.role_id),
          '{}') as page_names
      from roles r
      where ${where}
      order by ${orderSql(view, order, 'r.role_id')}
      limit ${limit} offset ${offset}`.execute(db);
    return rows.map((r) => ({ ...r, pages: Number(r.pages), users: Number(r.users) }));
  },
  async options() {
    return {};
  },
});
