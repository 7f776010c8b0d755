import { locationsList, practicesList, programsList } from '@rpm/shared';
import { type SqlBool, sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { listSource } from '../lists/declare.js';
import { organizationOptions, organizationScope } from '../lists/organization-scope.js';
import type { ListViewer } from '../lists/source.js';
import { by, inIds, options } from '../lists/sql.js';
import { textSearchSql } from '../lists/text-search.js';
import { organizationVisible } from '../scope.js';

/** The stores of Practices, Locations and Programs, in the viewer's organisations (scope.ts visibleOrganizations). */

const PRACTICE_LOCATIONS = sql<number>`(select count(*) from locations l where l.practice_id = pr.practice_id)`;
const PRACTICE_PATIENTS = sql<number>`(select count(*) from patients p where p.practice_id = pr.practice_id)`;

/** The practices' organisation `pr` in the viewer's scope. */
const practiceScope = ({ viewer }: { viewer: ListViewer }, db: Db) =>
  organizationScope(db, viewer.auth, 'pr.organization_id');

const practices = listSource(practicesList, {
  from: sql`practices pr join organizations o on o.organization_id = pr.organization_id`,
  scope: practiceScope,
  id: 'pr.practice_id',
  select: () => ({
    practice_id: sql`pr.practice_id`,
    practice_name: sql`pr.practice_name`,
    organization_id: sql`pr.organization_id`,
    organization_name: sql`o.organization_name`,
    locations: PRACTICE_LOCATIONS,
    patients: PRACTICE_PATIENTS,
    escalation_critical_minutes: sql`pr.escalation_critical_minutes`,
    escalation_abnormal_minutes: sql`pr.escalation_abnormal_minutes`,
  }),
  sort: () => ({
    practice_id: by(sql`pr.practice_id`),
    locations: by(PRACTICE_LOCATIONS),
    patients: by(PRACTICE_PATIENTS),
  }),
  where: {
    organization: { shows: 'organization_name', when: (orgs) => inIds('pr.organization_id', orgs) },
  },
  search: (text) => textSearchSql(text, sql`pr.practice_name`),
  options: async (db, viewer) => ({ organization: await organizationOptions(db, viewer) }),
});

const locations = listSource(locationsList, {
  from: sql`locations l
    join practices pr on pr.practice_id = l.practice_id
    join organizations o on o.organization_id = pr.organization_id`,
  scope: practiceScope,
  id: 'l.location_id',
  select: () => ({
    location_id: sql`l.location_id`,
    location_name: sql`l.location_name`,
    practice_id: sql`l.practice_id`,
    program_ids: sql`coalesce((select array_agg(lp.program_id order by lp.program_id) from location_programs lp
      where lp.location_id = l.location_id), '{}')`,
    practice_name: sql`pr.practice_name`,
    organization_name: sql`o.organization_name`,
    programs: sql`coalesce((select string_agg(g.program_name, ', ' order by g.program_id) from location_programs lp
      join programs g on g.program_id = lp.program_id where lp.location_id = l.location_id), '')`,
  }),
  sort: () => ({
    location_id: by(sql`l.location_id`),
  }),
  where: {
    organization: { shows: 'organization_name', when: (orgs) => inIds('pr.organization_id', orgs) },
    practice: { shows: 'practice_name', when: (ids) => inIds('l.practice_id', ids) },
  },
  search: (text) => textSearchSql(text, sql`l.location_name`),
  async options(db, viewer) {
    return {
      organization: await organizationOptions(db, viewer),
      practice: await options(
        db,
        sql`select practice_id as value, practice_name as label from practices
          where ${await organizationScope(db, viewer.auth, 'organization_id')}
          order by lower(practice_name) collate "C", practice_id`,
      ),
    };
  },
});

/** How many locations of the viewer's organisations offer the program: another organisation's are not theirs. */
const offering = (viewer: ListViewer) => sql<number>`(select count(*) from location_programs lp
  join locations l on l.location_id = lp.location_id
  join practices pr on pr.practice_id = l.practice_id
  where lp.program_id = g.program_id and ${organizationVisible(viewer.auth, 'pr.organization_id')})`;

// Every program, whoever asks (decisions.md "Programs table").
const programs = listSource(programsList, {
  from: sql`programs g`,
  scope: () => sql<SqlBool>`true`,
  id: 'g.program_id',
  select: ({ viewer }) => ({
    program_id: sql`g.program_id`,
    program_name: sql`g.program_name`,
    locations: offering(viewer),
  }),
  sort: ({ viewer }) => ({
    program_id: by(sql`g.program_id`),
    locations: by(offering(viewer)),
  }),
  where: {},
  search: (text) => textSearchSql(text, sql`g.program_name`),
  options: async () => ({}),
});

/** The structure lists' stores by list name (embedded.ts LIST_SOURCES). */
export const structureListSources = () => ({ practices, locations, programs });
