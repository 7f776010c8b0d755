import { type FilterOption, monthsBefore, readingReportList, readingsReportList } from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { listSource } from '../lists/declare.js';
import { patientSearchSql } from '../lists/patient-search.js';
import type { ListView, ListViewer } from '../lists/source.js';
import { and, by, byPatientName, inIds, options, practiceOptions, type Where } from '../lists/sql.js';
import { dayRange, idValues, optionValues } from '../lists/view-values.js';
import { patientFields } from '../patients/identity-sql.js';
import { recentMonths } from '../patients/list-store.js';

/**
 * Reading Report and Reports (shared/src/lists/reading-reports.ts; decisions.md "Reports and Reading Report"): the
 * readings of the patients the viewer may read, aggregated in the FROM clause. The readings the aggregate reads are
 * chosen there too (scope, period, practices, vitals: `prepare`), so a month reads one month of readings through
 * `readings (patient_id, taken_at)` and never the whole table; the filters' own conditions below are then true.
 */

/** The UTC day of a reading, as billing counts reading days. */
const DAY = sql`(r.taken_at at time zone 'UTC')::date`;

/** A reading beyond a bound of the rule in force: it raised an alert, or an acknowledged alert or a snooze held it. */
const OUT = sql<SqlBool>`(a.reading_id is not null or s.reading_id is not null)`;

/** The readings with their patient and whether each was out of range (each reading has one alert or hold at most). */
const READINGS = sql`readings r
  join patients p on p.patient_id = r.patient_id
  left join alerts a on a.reading_id = r.reading_id
  left join suppressed_readings s on s.reading_id = r.reading_id`;

/** A group's figures, as both reports' rows carry them. */
const FIGURES = sql`count(*)::int as readings, min(r.value) as min_value, max(r.value) as max_value,
  round(avg(r.value), 1) as mean_value, (count(*) filter (where ${OUT}))::int as out_of_range,
  min(r.reading_id) as row_id`;

/** The first instant of a month 'YYYY-MM'. */
const monthStart = (month: string) => new Date(`${month}-01T00:00:00Z`);

/**
 * Which readings the view aggregates: the viewer's patients', in the period (the months and the reading dates),
 * of the practices and vitals named.
 */
function readingsWhere(viewer: ListViewer, view: ListView): Where {
  const parts: Where[] = [viewer.scope.visible('p')];
  const months = [...(optionValues(view, 'month') ?? [])].sort();
  const first = months[0];
  const last = months.at(-1);
  if (first && last) {
    parts.push(sql<SqlBool>`r.taken_at >= ${monthStart(first)}`);
    parts.push(sql<SqlBool>`r.taken_at < ${monthStart(monthsBefore(last, -1))}`);
    // Months apart from each other ('2026-01,2026-03'): only theirs.
    if (months.length > 1)
      parts.push(sql<SqlBool>`to_char(r.taken_at at time zone 'UTC', 'YYYY-MM') = any(${months}::text[])`);
  }
  const { from, before } = dayRange(view, 'taken');
  if (from) parts.push(sql<SqlBool>`r.taken_at >= ${from}`);
  if (before) parts.push(sql<SqlBool>`r.taken_at < ${before}`);
  const practices = idValues(view, 'practice');
  if (practices) parts.push(inIds('p.practice_id', practices));
  const vitals = idValues(view, 'vital');
  if (vitals) parts.push(inIds('r.vital_id', vitals));
  return and(parts);
}

/** A filter the aggregate's readings already meet ({@link readingsWhere}): nothing more to ask of a row. */
const inReadings = () => and([]);

/** The Out of Range filter: rows with readings out of range ('yes') or without ('no'); both mean all. */
const outOfRange =
  (column: string) =>
  (values: readonly string[]): Where =>
    values.length === 1
      ? sql<SqlBool>`${sql.ref(column)} ${sql.raw(values[0] === 'yes' ? '>' : '=')} 0`
      : and([]);

/** The vital with its unit, 'systolic (mmHg)'. */
const VITAL = sql<string>`(v.vital_type || ' (' || v.unit || ')')`;

/** Every vital, by its name in the vitals table (the rows' `vital_type`). */
const vitalOptions = (db: Db): Promise<FilterOption[]> =>
  options(db, sql`select vital_id as value, vital_type as label from vitals order by vital_id`);

/** The options both reports offer: the last twelve months, the practices in scope, the vitals. */
async function readingOptions(db: Db, viewer: ListViewer) {
  const [practice, vital] = await Promise.all([practiceOptions(db, viewer), vitalOptions(db)]);
  return { month: recentMonths(viewer.now), practice, vital };
}

/** The figures' row fields, from the aggregate `g`. */
const figureFields = () => ({
  vital_type: sql`v.vital_type`,
  vital: VITAL,
  readings: sql`g.readings`,
  min_value: sql`g.min_value`,
  max_value: sql`g.max_value`,
  mean_value: sql`g.mean_value`,
  out_of_range: sql`g.out_of_range`,
});

/** Reading Report: one row per patient, vital and UTC day. */
export const readingReportSource = listSource(readingReportList, {
  prepare: (_db, { viewer }, view) => readingsWhere(viewer, view),
  from: ({ prepared }): RawBuilder<unknown> => sql`(select r.patient_id, r.vital_id, ${DAY} as day, ${FIGURES}
      from ${READINGS} where ${prepared}
      group by r.patient_id, r.vital_id, ${DAY}) g
    join patients p on p.patient_id = g.patient_id
    join practices pr on pr.practice_id = p.practice_id
    join vitals v on v.vital_id = g.vital_id`,
  scope: ({ viewer }) => viewer.scope.visible('p'),
  id: 'g.row_id',
  select: () => ({
    row_id: sql`g.row_id`,
    ...patientFields('p'),
    practice_id: sql`p.practice_id`,
    practice_name: sql`pr.practice_name`,
    day: sql`to_char(g.day, 'YYYY-MM-DD')`,
    month: sql`to_char(g.day, 'YYYY-MM')`,
    vital_id: sql`g.vital_id`,
    ...figureFields(),
  }),
  sort: () => ({ day: by(sql`g.day`), patient_name: byPatientName }),
  where: {
    month: { shows: 'month', as: 'value', when: inReadings },
    taken: { shows: 'day', when: inReadings },
    practice: { shows: 'practice_name', when: inReadings },
    vital: { shows: 'vital_type', when: inReadings },
    out_of_range: outOfRange('g.out_of_range'),
  },
  search: (text) => patientSearchSql(text),
  options: readingOptions,
});

/** Reports: one row per practice (the patient's practice now), vital and month. */
export const readingsReportSource = listSource(readingsReportList, {
  prepare: (_db, { viewer }, view) => readingsWhere(viewer, view),
  from: ({ prepared }): RawBuilder<unknown> => sql`(select p.practice_id, r.vital_id,
        to_char(r.taken_at at time zone 'UTC', 'YYYY-MM') as month, ${FIGURES},
        count(distinct r.patient_id)::int as patients,
        (count(distinct r.patient_id) filter (where ${OUT}))::int as patients_out_of_range,
        min(${DAY}) as first_day, max(${DAY}) as last_day
      from ${READINGS} where ${prepared}
      group by p.practice_id, r.vital_id, to_char(r.taken_at at time zone 'UTC', 'YYYY-MM')) g
    join practices pr on pr.practice_id = g.practice_id
    join organizations o on o.organization_id = pr.organization_id
    join vitals v on v.vital_id = g.vital_id`,
  // The patients counted are the viewer's (prepare); a row is of a practice in the viewer's scope.
  scope: ({ viewer }) =>
    viewer.scope.all ? sql<SqlBool>`true` : inIds('g.practice_id', viewer.scope.practiceIds),
  id: 'g.row_id',
  select: () => ({
    row_id: sql`g.row_id`,
    practice_id: sql`g.practice_id`,
    practice_name: sql`pr.practice_name`,
    organization_name: sql`o.organization_name`,
    month: sql`g.month`,
    vital_id: sql`g.vital_id`,
    patients: sql`g.patients`,
    patients_out_of_range: sql`g.patients_out_of_range`,
    first_day: sql`to_char(g.first_day, 'YYYY-MM-DD')`,
    last_day: sql`to_char(g.last_day, 'YYYY-MM-DD')`,
    ...figureFields(),
  }),
  sort: () => ({ first_day: by(sql`g.first_day`), last_day: by(sql`g.last_day`) }),
  where: {
    month: { shows: 'month', as: 'value', when: inReadings },
    // Every reading of a row is in the range, its last one too.
    taken: { shows: 'last_day', when: inReadings },
    practice: { shows: 'practice_name', when: inReadings },
    vital: { shows: 'vital_type', when: inReadings },
    out_of_range: outOfRange('g.out_of_range'),
  },
  search: (text) => {
    const search = text.trim().toLowerCase();
    return search ? sql<SqlBool>`position(${search} in lower(pr.practice_name)) > 0` : undefined;
  },
  options: readingOptions,
});
