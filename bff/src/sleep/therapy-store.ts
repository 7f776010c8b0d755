import {
  BOUND_FLAGS,
  cpapPatientsList,
  PAP_COMPLIANCE,
  PAP_COMPLIANCE_LABELS,
  shiftDay,
  therapyPatientsList,
} from '@rpm/shared';
import { type SqlBool, sql } from 'kysely';
import { DEVICE_TYPE, VITAL } from '../db/reference-ids.js';
import type { Db } from '../db/schema.js';
import { dayText } from '../db/sql-day.js';
import { type ListContext, listSource } from '../lists/declare.js';
import { patientSearchSql } from '../lists/patient-search.js';
import type { ListViewer } from '../lists/source.js';
import {
  and,
  by,
  byPatientName,
  byText,
  fullName,
  inIds,
  options,
  PRACTICE_FILTER,
  practiceOptions,
} from '../lists/sql.js';
import { patientFields } from '../patients/identity-sql.js';

/**
 * CPAP Patients and Therapy Patients (decisions.md "PAP compliance"): patients in scope with a PAP device now and
 * their last 30 nights (a UTC day of readings: the night's largest usage, its mean AHI and leaks).
 */

const THERAPY_VITALS = [VITAL.usage, VITAL.ahi, VITAL.leaks];
/** Nights of ≥ 4 h needed in the window (70 % of 30 = 21). */
const NIGHTS_NEEDED = Math.ceil((PAP_COMPLIANCE.windowNights * PAP_COMPLIANCE.minPercent) / 100);

/** Each patient's PAP device assigned now (the first, when several): the start of therapy. */
const PAP_DEVICES = sql`(select da.patient_id, min(da.assigned_at) as started_at, min(d.device_name) as device_name,
    min(da.device_assign_id) as device_assign_id
  from device_assignments da join devices d on d.inventory_id = da.inventory_id
  where d.device_type_id = ${sql.lit(DEVICE_TYPE.cpap)} and da.unassigned_at is null
  group by da.patient_id) cp`;

const NIGHT = sql`(r.taken_at at time zone 'UTC')::date`;

/** Each patient's nights with data in the window ending `today`, summed up. */
const windowOf = (today: string) => {
  const from = new Date(`${shiftDay(today, 1 - PAP_COMPLIANCE.windowNights)}T00:00:00Z`);
  const before = new Date(`${shiftDay(today, 1)}T00:00:00Z`);
  return sql`(select n.patient_id, count(*)::int as nights,
      (count(*) filter (where n.usage >= ${PAP_COMPLIANCE.minHours}))::int as nights_4h,
      round(avg(n.usage), 1)::float8 as usage_avg, round(avg(n.ahi), 1)::float8 as ahi_avg,
      round(avg(n.leaks), 1)::float8 as leaks_avg, max(n.night)::text as last_night
    from (select r.patient_id, ${NIGHT} as night,
        max(r.value) filter (where r.vital_id = ${VITAL.usage}) as usage,
        avg(r.value) filter (where r.vital_id = ${VITAL.ahi}) as ahi,
        avg(r.value) filter (where r.vital_id = ${VITAL.leaks}) as leaks
      from readings r
      where r.vital_id in (${sql.join(THERAPY_VITALS)}) and r.taken_at >= ${from} and r.taken_at < ${before}
      group by r.patient_id, ${NIGHT}) n
    group by n.patient_id) w`;
};

const nights4 = sql<number>`coalesce(w.nights_4h, 0)`;
const COMPLIANT = sql<SqlBool>`${nights4} >= ${NIGHTS_NEEDED}`;
const PHYSICIAN = sql<string | null>`case when ph.user_id is not null then ${fullName('ph')} end`;
const daysOnTherapy = (today: string) =>
  sql<number>`(${today}::date - (cp.started_at at time zone 'UTC')::date)`;

/**
 * The flag of a vital's average against the patient's bounds (thresholds.ts readingLevel): those of the PAP
 * device's active alert rule, else the patient's vital configuration (001 §2.6); '' within them or without bounds.
 */
const flagOf = (vital: number, average: string) => {
  const value = sql.ref(average);
  const flag = (n: number) => sql.lit(BOUND_FLAGS[n] as string);
  return sql<string>`coalesce((select case when ${value} < b.critical_low then ${flag(0)}
      when b.critical_high is not null and ${value} > b.critical_high then ${flag(3)}
      when ${value} < b.abnormal_low then ${flag(1)}
      when b.abnormal_high is not null and ${value} > b.abnormal_high then ${flag(2)}
      else '' end
    from (select rv.critical_low, rv.abnormal_low, rv.abnormal_high, rv.critical_high, 0 as pick,
        r.notification_rule_id as rule_id
      from notification_rules r join notification_rule_vitals rv on rv.notification_rule_id = r.notification_rule_id
      where r.device_assign_id = cp.device_assign_id and r.patient_id = p.patient_id and r.status = 1
        and rv.vital_id = ${vital}
      union all
      select t.critical_low, t.abnormal_low, t.abnormal_high, t.critical_high, 1, 0 from patient_vital_thresholds t
      where t.patient_id = p.patient_id and t.vital_id = ${vital}) b
    order by b.pick, b.rule_id desc limit 1), '')`;
};

/** What both lists declare alike: the same rows, each definition chooses its columns. */
const therapyList = () => ({
  from: ({ today }: ListContext) => sql`patients p
    join practices pr on pr.practice_id = p.practice_id
    left join users ph on ph.user_id = p.physician_id
    join ${PAP_DEVICES} on cp.patient_id = p.patient_id
    left join ${windowOf(today)} on w.patient_id = p.patient_id`,
  scope: ({ viewer }: ListContext) => viewer.scope.visible('p'),
  id: 'p.patient_id',
  select: ({ today }: ListContext) => ({
    ...patientFields(),
    dob: dayText('p.dob'),
    practice_name: sql`pr.practice_name`,
    physician: PHYSICIAN,
    device_name: sql`cp.device_name`,
    therapy_start: sql`to_char(cp.started_at at time zone 'UTC', 'YYYY-MM-DD')`,
    days_on_therapy: daysOnTherapy(today),
    last_night: sql`w.last_night`,
    nights: sql`coalesce(w.nights, 0)`,
    nights_4h: nights4,
    compliance_pct: sql`(round(${nights4} * 1000.0 / ${sql.lit(PAP_COMPLIANCE.windowNights)}) / 10)::float8`,
    compliance: sql`case when ${COMPLIANT} then ${PAP_COMPLIANCE_LABELS.yes} else ${PAP_COMPLIANCE_LABELS.no} end`,
    usage_avg: sql`w.usage_avg`,
    ahi_avg: sql`w.ahi_avg`,
    leaks_avg: sql`w.leaks_avg`,
    usage_flag: flagOf(VITAL.usage, 'w.usage_avg'),
    ahi_flag: flagOf(VITAL.ahi, 'w.ahi_avg'),
    leaks_flag: flagOf(VITAL.leaks, 'w.leaks_avg'),
  }),
  sort: ({ today }: ListContext) => ({
    patient_id: by(sql`p.patient_id`),
    patient_name: byPatientName,
    dob: by(sql`p.dob`),
    physician: byText(fullName('ph')),
    therapy_start: by(sql`cp.started_at`),
    days_on_therapy: by(daysOnTherapy(today)),
    compliance: by(sql`(${COMPLIANT})::int`),
    nights: by(sql`coalesce(w.nights, 0)`),
    nights_4h: by(nights4),
    compliance_pct: by(nights4),
    last_night: by(sql`w.last_night`),
    usage_avg: by(sql`w.usage_avg`),
    ahi_avg: by(sql`w.ahi_avg`),
    leaks_avg: by(sql`w.leaks_avg`),
  }),
  where: {
    // Both values chosen mean either: no condition.
    compliance: {
      shows: 'compliance',
      when: (values: readonly string[]) =>
        values.length === 1 ? (values[0] === 'yes' ? COMPLIANT : sql<SqlBool>`not (${COMPLIANT})`) : and([]),
    },
    practice: PRACTICE_FILTER,
    physician: { shows: 'physician', when: (ids: readonly number[]) => inIds('p.physician_id', ids) },
  } as const,
  search: (text: string) => patientSearchSql(text),
  options: async (db: Db, viewer: ListViewer) => ({
    practice: await practiceOptions(db, viewer),
    // The physicians of the patients on therapy the viewer sees.
    physician: await options(
      db,
      sql`select u.user_id as value, ${fullName('u')} as label from users u
        where exists (select 1 from patients p join ${PAP_DEVICES} on cp.patient_id = p.patient_id
          where p.physician_id = u.user_id and ${viewer.scope.visible('p')})
        order by lower(${fullName('u')}) collate "C", u.user_id`,
    ),
  }),
});

/** The sources of both lists (bff/src/embedded.ts LIST_SOURCES). */
export const therapyListSources = () => ({
  'cpap-patients': listSource(cpapPatientsList, therapyList()),
  'therapy-patients': listSource(therapyPatientsList, therapyList()),
});
