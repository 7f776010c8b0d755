import type { LatestAssignedDeviceRow } from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { dayText } from '../db/sql-day.js';
import { deviceTypeAndPracticeOptions } from '../lists/reference-options.js';
import { sliceSource } from '../lists/slice-source.js';
import type { ListSource } from '../lists/source.js';
import { and, type Base, by, byPatientName, byText, countWhere, fullName, orderSql } from '../lists/sql.js';
import { optionValues } from '../lists/view-values.js';
import { listPatientSql } from '../patients/identity-sql.js';
import { assignmentFilters } from './inventory-store.js';

/**
 * Latest Assigned Devices (shared/src/lists/utilities.ts latestAssignedDevicesList): every assignment of the
 * patients in scope with its first reading, read from the readings' index on (assignment, time) (migration 0037;
 * decisions.md "Latest Assigned Devices").
 */

const FROM = sql`device_assignments a
  join devices d on d.inventory_id = a.inventory_id
  join device_types t on t.device_type_id = d.device_type_id
  join patients p on p.patient_id = a.patient_id
  join practices pr on pr.practice_id = p.practice_id
  left join users ab on ab.user_id = a.assigned_by`;

const FIRST_READING = sql<Date | null>`(select r.taken_at from readings r
  where r.device_assign_id = a.device_assign_id order by r.taken_at limit 1)`;
const HAS_READING = sql<SqlBool>`exists (select 1 from readings r where r.device_assign_id = a.device_assign_id)`;

/** Whole days since the assignment on `now`, while the device is with the patient and has sent nothing. */
const daysWithoutReading = (now: Date): RawBuilder<number | null> =>
  sql`(case when a.unassigned_at is null and not ${HAS_READING}
    then greatest(0, floor(extract(epoch from (${now}::timestamptz - a.assigned_at)) / 86400))::int end)`;

const orderBy = (now: Date) => ({
  assigned_at: by(sql`a.assigned_at`),
  device_name: byText(sql`d.device_name`),
  imei: byText(sql`d.imei`),
  device_type: byText(sql`t.device_type`),
  patient_name: byPatientName,
  dob: by(sql`p.dob`),
  mrn: byText(sql`p.mrn`),
  practice_name: byText(sql`pr.practice_name`),
  assigned_by: byText(fullName('ab')),
  first_reading_at: by(FIRST_READING),
  days_without_reading: by(daysWithoutReading(now)),
  returned_at: by(sql`a.unassigned_at`),
});

export const latestAssignedSource: ListSource<LatestAssignedDeviceRow> = sliceSource<
  LatestAssignedDeviceRow,
  Base
>({
  filtered(db, viewer, view) {
    const parts = assignmentFilters(viewer, view);
    // One value each at most (the filters are not multi); both given means either, so no condition.
    const first = optionValues(view, 'first_reading') ?? [];
    if (first.length === 1)
      parts.push(first[0] === 'received' ? HAS_READING : sql<SqlBool>`not ${HAS_READING}`);
    const returned = optionValues(view, 'returned') ?? [];
    if (returned.length === 1)
      parts.push(sql<SqlBool>`a.unassigned_at is ${sql.raw(returned[0] === 'open' ? 'null' : 'not null')}`);
    return { db, where: and(parts) };
  },
  count: (base) => countWhere(base, FROM),
  async slice({ db, where }, viewer, view, offset, limit) {
    const { rows } = await sql<
      Omit<LatestAssignedDeviceRow, 'assigned_at' | 'first_reading_at' | 'returned_at'> & {
        assigned_at: Date;
        first_reading_at: Date | null;
        returned_at: Date | null;
      }
    >`
      select a.device_assign_id, d.inventory_id, d.device_name, d.imei, t.device_type, p.patient_id,
        ${fullName('p')} as patient_name, ${dayText('p.dob')} as dob, p.mrn, ${listPatientSql('p')} as patient, pr.practice_name,
        a.assigned_at, case when ab.user_id is null then null else ${fullName('ab')} end as assigned_by,
        ${FIRST_READING} as first_reading_at, ${daysWithoutReading(viewer.now)} as days_without_reading,
        a.unassigned_at as returned_at
      from ${FROM}
      where ${where}
      order by ${orderSql(view, orderBy(viewer.now), 'a.device_assign_id')}
      limit ${limit} offset ${offset}`.execute(db);
    return rows.map((r) => ({
      ...r,
      assigned_at: r.assigned_at.toISOString(),
      first_reading_at: r.first_reading_at?.toISOString() ?? null,
      returned_at: r.returned_at?.toISOString() ?? null,
    }));
  },
  options: deviceTypeAndPracticeOptions,
});
