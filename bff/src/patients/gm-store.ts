import { type FilterOption, gmPatientsList, PATIENT_FILTERS } from '@rpm/shared';
import { type SqlBool, sql } from 'kysely';
import { dayText, timeText } from '../db/sql-day.js';
import { listSource } from '../lists/declare.js';
import { patientSearchSql } from '../lists/patient-search.js';
import { and, by, byPatientName, byText, fullName, inIds } from '../lists/sql.js';
import { patientFields } from './identity-sql.js';
import { PROGRAMS } from './list-sql.js';
import { patientFilterOptions } from './list-store.js';

/** GM Patients (decisions.md "GM Patients"): the patients the user may read, with their place and care team. */

const FROM = sql`patients p
  join organizations o on o.organization_id = p.organization_id
  join practices pr on pr.practice_id = p.practice_id
  join locations l on l.location_id = p.location_id
  left join users ph on ph.user_id = p.physician_id
  left join users cc on cc.user_id = p.care_coordinator_id
  join patient_status_options rs on rs.program = 'RPM' and rs.status_id = p.rpm_status`;

const DEVICES = sql<number>`(select count(*)::int from device_assignments a
  where a.patient_id = p.patient_id and a.unassigned_at is null)`;

/** 'RPM, CCM': the programs whose Program-filter rule the patient meets, in the filter's order. */
const PROGRAM_NAMES = sql<string>`concat_ws(', ', ${sql.join(
  PATIENT_FILTERS.program.options.map((o) => sql`case when ${PROGRAMS[o.value]} then ${o.label} end`),
)})`;

const ids = (column: string) => (values: readonly number[]) => inIds(column, values);

export const gmPatientsSource = listSource(gmPatientsList, {
  from: FROM,
  scope: ({ viewer }) => and([viewer.scope.visible('p'), sql<SqlBool>`p.merged_into_id is null`]),
  id: 'p.patient_id',
  select: () => ({
    ...patientFields(),
    dob: dayText('p.dob'),
    mrn: sql`p.mrn`,
    organization_name: sql`o.organization_name`,
    practice_name: sql`pr.practice_name`,
    location_name: sql`l.location_name`,
    phone: sql`coalesce(p.phone, p.mobile)`,
    physician: sql`case when ph.user_id is null then null else ${fullName('ph')} end`,
    care_coordinator: sql`case when cc.user_id is null then null else ${fullName('cc')} end`,
    programs: PROGRAM_NAMES,
    rpm_status: sql`rs.label`,
    devices: DEVICES,
    last_reading_at: timeText('p.last_reading_at'),
  }),
  sort: () => ({
    patient_name: byPatientName,
    dob: by(sql`p.dob`),
    patient_id: by(sql`p.patient_id`),
    physician: byText(fullName('ph')),
    care_coordinator: byText(fullName('cc')),
    devices: by(DEVICES),
    last_reading_at: by(sql`p.last_reading_at`),
  }),
  where: {
    organization: { shows: 'organization_name', when: ids('p.organization_id') },
    practice: { shows: 'practice_name', when: ids('p.practice_id') },
    care_coordinator: { shows: 'care_coordinator', when: ids('p.care_coordinator_id') },
    physician: { shows: 'physician', when: ids('p.physician_id') },
    rpm_status: { shows: 'rpm_status', when: ids('p.rpm_status') },
    program: (values) =>
      sql<SqlBool>`(${sql.join(
        values.flatMap((value) => PROGRAMS[value] ?? []),
        sql` or `,
      )})`,
  },
  search: (text) => patientSearchSql(text, undefined, sql<string>`coalesce(p.mrn, '')`),
  // The patient lists' own options (patientFilterOptions), for the filters this list has.
  options: (db, viewer, only) =>
    patientFilterOptions(
      db,
      'patients',
      viewer,
      new Set(
        gmPatientsList.filters.flatMap((f) => (!f.options && (!only || only.has(f.key)) ? [f.key] : [])),
      ),
    ) as Promise<
      Record<'organization' | 'practice' | 'care_coordinator' | 'physician' | 'rpm_status', FilterOption[]>
    >,
});
