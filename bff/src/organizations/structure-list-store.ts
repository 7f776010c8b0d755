import type { LocationRow, PracticeRow, ProgramRow } from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { sliceSource } from '../lists/slice-source.js';
import type { ListSource, ListView, ListViewer } from '../lists/source.js';
import {
  and,
  type Base,
  by,
  byText,
  countWhere,
  inIds,
  likeWord,
  options,
  orderSql,
  searchTerms,
} from '../lists/sql.js';
import { idValues } from '../lists/view-values.js';
import { visibleOrganizations } from '../scope.js';

/**
 * The stores of Practices, Locations and Programs (shared/src/lists/organization-structure.ts): the practices and
 * locations of the viewer's organisations (scope.ts visibleOrganizations; lowest role 1 every one).
 */

type Where = RawBuilder<SqlBool>;

async function orgScope(db: Db, viewer: ListViewer, column: string): Promise<Where> {
  const orgs = await visibleOrganizations(db, viewer.auth);
  return orgs === 'all' ? sql<SqlBool>`true` : inIds(column, orgs);
}

function nameSearch(view: ListView, column: string): Where[] {
  return searchTerms(view.search ?? '').searchWords.map(
    (word) => sql<SqlBool>`lower(${sql.ref(column)}) like ${likeWord(word)} escape '\\'`,
  );
}

async function organizationOptions(db: Db, viewer: ListViewer) {
  return options(
    db,
    sql`select organization_id as value, organization_name as label from organizations
      where ${await orgScope(db, viewer, 'organization_id')}
      order by lower(organization_name) collate "C", organization_id`,
  );
}

const PRACTICE_FROM = sql`practices pr join organizations o on o.organization_id = pr.organization_id`;
const PRACTICE_LOCATIONS = sql`(select count(*) from locations l where l.practice_id = pr.practice_id)`;
const PRACTICE_PATIENTS = sql`(select count(*) from patients p where p.practice_id = pr.practice_id)`;
const PRACTICE_ORDER = {
  practice_id: by(sql`pr.practice_id`),
  practice_name: byText(sql`pr.practice_name`),
  organization_name: byText(sql`o.organization_name`),
  locations: by(PRACTICE_LOCATIONS),
  patients: by(PRACTICE_PATIENTS),
};

export const practiceSource: ListSource<PracticeRow> = sliceSource<PracticeRow, Base>({
  async filtered(db, viewer, view) {
    const parts = [await orgScope(db, viewer, 'pr.organization_id'), ...nameSearch(view, 'pr.practice_name')];
    const orgs = idValues(view, 'organization');
    if (orgs) parts.push(inIds('pr.organization_id', orgs));
    return { db, where: and(parts) };
  },
  count: (base) => countWhere(base, PRACTICE_FROM),
  async slice({ db, where }, _viewer, view, offset, limit) {
    const { rows } = await sql<
      Omit<PracticeRow, 'locations' | 'patients'> & { locations: string; patients: string }
    >`
      select pr.practice_id, pr.practice_name, pr.organization_id, o.organization_name,
        ${PRACTICE_LOCATIONS} as locations, ${PRACTICE_PATIENTS} as patients
      from ${PRACTICE_FROM}
      where ${where}
      order by ${orderSql(view, PRACTICE_ORDER, 'pr.practice_id')}
      limit ${limit} offset ${offset}`.execute(db);
    return rows.map((r) => ({ ...r, locations: Number(r.locations), patients: Number(r.patients) }));
  },
  async options(db, viewer) {
    return { organization: await organizationOptions(db, viewer) };
  },
});

const LOCATION_FROM = sql`locations l
  join practices pr on pr.practice_id = l.practice_id
  join organizations o on o.organization_id = pr.organization_id`;
const LOCATION_ORDER = {
  location_id: by(sql`l.location_id`),
  location_name: byText(sql`l.location_name`),
  practice_name: byText(sql`pr.practice_name`),
  organization_name: byText(sql`o.organization_name`),
};

export const locationSource: ListSource<LocationRow> = sliceSource<LocationRow, Base>({
  async filtered(db, viewer, view) {
    const parts = [await orgScope(db, viewer, 'pr.organization_id'), ...nameSearch(view, 'l.location_name')];
    const orgs = idValues(view, 'organization');
    if (orgs) parts.push(inIds('pr.organization_id', orgs));
    const practices = idValues(view, 'practice');
    if (practices) parts.push(inIds('l.practice_id', practices));
    return { db, where: and(parts) };
  },
  count: (base) => countWhere(base, LOCATION_FROM),
  async slice({ db, where }, _viewer, view, offset, limit) {
    const { rows } = await sql<Omit<LocationRow, 'programs'> & { programs: string | null }>`
      select l.location_id, l.location_name, l.practice_id, pr.practice_name, o.organization_name,
        coalesce((select array_agg(lp.program_id order by lp.program_id) from location_programs lp
          where lp.location_id = l.location_id), '{}') as program_ids,
        (select string_agg(g.program_name, ', ' order by g.program_id) from location_programs lp
          join programs g on g.program_id = lp.program_id where lp.location_id = l.location_id) as programs
      from ${LOCATION_FROM}
      where ${where}
      order by ${orderSql(view, LOCATION_ORDER, 'l.location_id')}
      limit ${limit} offset ${offset}`.execute(db);
    return rows.map((r) => ({ ...r, program_ids: r.program_ids.map(Number), programs: r.programs ?? '' }));
  },
  async options(db, viewer) {
    return {
      organization: await organizationOptions(db, viewer),
      practice: await options(
        db,
        sql`select practice_id as value, practice_name as label from practices
          where ${await orgScope(db, viewer, 'organization_id')}
          order by lower(practice_name) collate "C", practice_id`,
      ),
    };
  },
});

export const programSource: ListSource<ProgramRow> = sliceSource<ProgramRow, Base & { scope: Where }>({
  async filtered(db, viewer, view) {
    return {
      db,
      where: and(nameSearch(view, 'g.program_name')),
      scope: await orgScope(db, viewer, 'pr.organization_id'),
    };
  },
  count: (base) => countWhere(base, sql`programs g`),
  async slice({ db, where, scope }, _viewer, view, offset, limit) {
    // Counted in the viewer's organisations only: another organisation's locations are not theirs to see.
    const offering = sql`(select count(*) from location_programs lp join locations l on l.location_id = lp.location_id
      join practices pr on pr.practice_id = l.practice_id where lp.program_id = g.program_id and ${scope})`;
    const order = {
      program_id: by(sql`g.program_id`),
      program_name: byText(sql`g.program_name`),
      locations: by(offering),
    };
    const { rows } = await sql<Omit<ProgramRow, 'locations'> & { locations: string }>`
      select g.program_id, g.program_name, ${offering} as locations
      from programs g
      where ${where}
      order by ${orderSql(view, order, 'g.program_id')}
      limit ${limit} offset ${offset}`.execute(db);
    return rows.map((r) => ({ ...r, locations: Number(r.locations) }));
  },
  async options() {
    return {};
  },
});
