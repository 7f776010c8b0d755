import { latestAssignedDevicesList } from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { dayText, timeText } from '../db/sql-day.js';
import { listSource } from '../lists/declare.js';
import { deviceTypeAndPracticeOptions } from '../lists/reference-options.js';
import { and, by, byPatientName, byText, fullName } from '../lists/sql.js';
import { patientFields } from '../patients/identity-sql.js';
import { ASSIGNMENT_WHERE, assignmentSearch } from './inventory-store.js';

/** Latest Assigned Devices (decisions.md "Latest Assigned Devices"): assignments in scope with their first reading. */

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

export const latestAssignedSource = listSource(latestAssignedDevicesList, {
  from: FROM,
  scope: ({ viewer }) => viewer.scope.visible('p'),
  id: 'a.device_assign_id',
  select: ({ viewer }) => ({
    device_assign_id: sql`a.device_assign_id`,
    inventory_id: sql`d.inventory_id`,
    device_name: sql`d.device_name`,
    imei: sql`d.imei`,
    device_type: sql`t.device_type`,
    ...patientFields(),
    dob: dayText('p.dob'),
    mrn: sql`p.mrn`,
    practice_name: sql`pr.practice_name`,
    assigned_at: timeText('a.assigned_at'),
    assigned_by: sql`case when ab.user_id is null then null else ${fullName('ab')} end`,
    first_reading_at: timeText(FIRST_READING),
    days_without_reading: daysWithoutReading(viewer.now),
    returned_at: timeText('a.unassigned_at'),
  }),
  sort: ({ viewer }) => ({
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
    days_without_reading: by(daysWithoutReading(viewer.now)),
    returned_at: by(sql`a.unassigned_at`),
  }),
  where: {
    ...ASSIGNMENT_WHERE,
    // One value each at most (the filters are not multi); both given means either, so no condition.
    first_reading: (values) =>
      values.length === 1
        ? values[0] === 'received'
          ? HAS_READING
          : sql<SqlBool>`not ${HAS_READING}`
        : and([]),
    returned: (values) =>
      values.length === 1
        ? sql<SqlBool>`a.unassigned_at is ${sql.raw(values[0] === 'open' ? 'null' : 'not null')}`
        : and([]),
  },
  search: assignmentSearch,
  options: deviceTypeAndPracticeOptions,
});
