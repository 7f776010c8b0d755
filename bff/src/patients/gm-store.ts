import { type GmPatientRow, gmPatientsList, PATIENT_FILTERS } from '@rpm/shared';
import { type SqlBool, sql } from 'kysely';
import { dayText } from '../db/sql-day.js';
import { patientSearchSql } from '../lists/patient-search.js';
import { sliceSource } from '../lists/slice-source.js';
import type { ListSource } from '../lists/source.js';
import {
  and,
  type Base,
  by,
  byPatientName,
  byText,
  countWhere,
  fullName,
  inIds,
  orderSql,
} from '../lists/sql.js';
import { idValues, optionValues } from '../lists/view-values.js';
import { listPatientSql } from './identity-sql.js';
import { PROGRAMS } from './list-sql.js';
import { patientFilterOptions } from './list-store.js';

/**
 * GM Patients (shared/src/lists/utilities.ts gmPatientsList; decisions.md "GM Patients"): the patients the user may
 * read with their organisation, practice and location, the people and programs caring for them.
 */

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

const ORDER_BY = {
  organization_name: byText(sql`o.organization_name`),
  location_name: byText(sql`l.location_name`),
  patient_name: byPatientName,
  dob: by(sql`p.dob`),
  mrn: byText(sql`p.mrn`),
  patient_id: by(sql`p.patient_id`),
  physician: byText(fullName('ph')),
  care_coordinator: byText(fullName('cc')),
  rpm_status: byText(sql`rs.label`),
  devices: by(DEVICES),
  last_reading_at: by(sql`p.last_reading_at`),
};

export const gmPatientsSource: ListSource<GmPatientRow> = sliceSource<GmPatientRow, Base>({
  filtered(db, viewer, view) {
    const parts = [viewer.scope.visible('p'), sql<SqlBool>`p.merged_into_id is null`];
    for (const [key, column] of [
      ['organization', 'p.organization_id'],
      ['practice', 'p.practice_id'],
      ['care_coordinator', 'p.care_coordinator_id'],
      ['physician', 'p.physician_id'],
      ['rpm_status', 'p.rpm_status'],
    ] as const) {
      const values = idValues(view, key);
      if (values) parts.push(inIds(column, values));
    }
    const programs = (optionValues(view, 'program') ?? []).flatMap((value) => PROGRAMS[value] ?? []);
    if (programs.length) parts.push(sql<SqlBool>`(${sql.join(programs, sql` or `)})`);
    const search = patientSearchSql(view.search, undefined, sql<string>`coalesce(p.mrn, '')`);
    if (search) parts.push(search);
    return { db, where: and(parts) };
  },
  count: (base) => countWhere(base, FROM),
  async slice({ db, where }, _viewer, view, offset, limit) {
    // Practice, then the patient's name within it (the column's thenBy): the group read practice by practice.
    const dir = sql.raw(view.order);
    const order =
      view.orderby === 'practice_name'
        ? sql`lower(pr.practice_name) collate "C" ${dir}, billing_sort_name(p.lastname, p.firstname) collate "C" ${dir}, p.patient_id ${dir}`
        : orderSql(view, ORDER_BY, 'p.patient_id');
    const { rows } = await sql<Omit<GmPatientRow, 'last_reading_at'> & { last_reading_at: Date | null }>`
      select p.patient_id, ${fullName('p')} as patient_name, ${dayText('p.dob')} as dob, p.mrn, ${listPatientSql('p')} as patient,
        o.organization_name, pr.practice_name, l.location_name, coalesce(p.phone, p.mobile) as phone,
        case when ph.user_id is null then null else ${fullName('ph')} end as physician,
        case when cc.user_id is null then null else ${fullName('cc')} end as care_coordinator,
        ${PROGRAM_NAMES} as programs, rs.label as rpm_status, ${DEVICES} as devices, p.last_reading_at
      from ${FROM}
      where ${where}
      order by ${order}
      limit ${limit} offset ${offset}`.execute(db);
    return rows.map((r) => ({ ...r, last_reading_at: r.last_reading_at?.toISOString() ?? null }));
  },
  options: (db, viewer, only) =>
    patientFilterOptions(
      db,
      'patients',
      viewer,
      new Set(
        gmPatientsList.filters.flatMap((f) => (!f.options && (!only || only.has(f.key)) ? [f.key] : [])),
      ),
    ),
});
