import { isoDay, STAFF_TABLES, type StaffRow, type StaffTable } from '@rpm/shared';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { fullName } from '../http/route-helpers.js';
import { countOf, sliceSource } from '../lists/slice-source.js';
import type { ListSource, ListView, ListViewer } from '../lists/source.js';
import { likeWord, searchTerms } from '../lists/sql.js';
import { idValues, optionValues } from '../lists/view-values.js';
import { userInOrganizations, visibleOrganizations } from '../scope.js';

/**
 * The staff tables' rows (shared/src/lists/staff.ts): users holding the table's role, in the organisations the
 * viewer belongs to (every one for lowest role 1).
 */

const staffRows = (db: Db) =>
  db.selectFrom('users as u').leftJoin('organizations as o', 'o.organization_id', 'u.organization_id');
type Base = ReturnType<typeof staffRows>;

const nameSql = sql<string>`lower(u.firstname || ' ' || u.lastname)`;

async function inScope(db: Db, viewer: ListViewer) {
  const orgs = await visibleOrganizations(db, viewer.auth);
  return orgs === 'all' ? sql<SqlBool>`true` : userInOrganizations(orgs, 'u');
}

function filtered(table: StaffTable) {
  return async (db: Db, viewer: ListViewer, view: ListView): Promise<Base> => {
    let q = staffRows(db)
      .where(sql<SqlBool>`exists (select 1 from user_roles ur where ur.user_id = u.user_id
        and ur.role_id = ${table.roleId})`)
      .where(await inScope(db, viewer));
    const status = optionValues(view, 'status');
    if (status && status.length > 0)
      q = q.where(
        'u.active',
        'in',
        status.map((s) => s === 'Active'),
      );
    const organizations = idValues(view, 'organization');
    if (organizations) q = q.where('u.organization_id', 'in', organizations);
    // Every word typed occurs in the name or the user name.
    for (const word of searchTerms(view.search ?? '').searchWords)
      q = q.where(sql<SqlBool>`(${nameSql} || ' ' || u.username) like ${likeWord(word)} escape '\\'`);
    return q;
  };
}

function orderOf(orderby: string, order: 'asc' | 'desc'): Expression<unknown>[] {
  const dir = sql.raw(order);
  const tie = sql`u.user_id ${dir}`;
  switch (orderby) {
    case 'username':
      return [sql`u.username collate "C" ${dir}`, tie];
    case 'organization_name':
      return [sql`lower(o.organization_name) collate "C" ${dir} nulls last`, tie];
    case 'status':
      // 'Active' before 'Inactive' ascending.
      return [sql`u.active ${sql.raw(order === 'asc' ? 'desc' : 'asc')}`, tie];
    case 'created_at':
      return [sql`u.created_at ${dir}`, tie];
    default:
      return [sql`${nameSql} collate "C" ${dir}`, tie];
  }
}

async function slice(base: Base, _viewer: ListViewer, view: ListView, offset: number, limit: number) {
  let q = base.select([
    'u.user_id',
    'u.firstname',
    'u.lastname',
    'u.username',
    'u.mobile',
    'u.dob',
    'u.phone',
    'u.fax',
    'u.active',
    'u.created_at',
    'o.organization_name',
    sql<string>`coalesce((select string_agg(distinct p.practice_name, ', ' order by p.practice_name)
      from user_practices up join practices p on p.practice_id = up.practice_id
      where up.user_id = u.user_id), '')`.as('practices'),
  ]);
  for (const part of orderOf(view.orderby, view.order)) q = q.orderBy(part);
  const rows = await q.limit(limit).offset(offset).execute();
  return rows.map(
    (r): StaffRow => ({
      user_id: r.user_id,
      name: fullName(r.firstname, r.lastname),
      username: r.username,
      mobile: r.mobile,
      organization_name: r.organization_name,
      practices: r.practices,
      status: r.active ? 'Active' : 'Inactive',
      created_at: r.created_at.toISOString(),
      firstname: r.firstname,
      lastname: r.lastname,
      dob: r.dob === null ? '' : isoDay(r.dob),
      phone: r.phone ?? '',
      fax: r.fax ?? '',
    }),
  );
}

function staffSource(table: StaffTable): ListSource<StaffRow> {
  return sliceSource({
    filtered: filtered(table),
    slice,
    count: countOf,
    async options(db, viewer) {
      const orgs = await visibleOrganizations(db, viewer.auth);
      let q = db.selectFrom('organizations').select(['organization_id', 'organization_name']);
      if (orgs !== 'all') q = q.where('organization_id', 'in', orgs.length > 0 ? orgs : [0]);
      const rows = await q.orderBy(sql`lower(organization_name)`).orderBy('organization_id').execute();
      return {
        organization: rows.map((o) => ({ value: String(o.organization_id), label: o.organization_name })),
      };
    },
  });
}

/** The sources of the twelve staff lists, by list name. */
export function staffListSources(): Record<StaffTable['name'], ListSource<StaffRow>> {
  return Object.fromEntries(STAFF_TABLES.map((table) => [table.name, staffSource(table)])) as Record<
    StaffTable['name'],
    ListSource<StaffRow>
  >;
}
