import {
  pulseOximetryList,
  SLEEP_LIST_KINDS,
  SLEEP_STUDY_KIND_LABELS,
  SLEEP_STUDY_STATUS_LABELS,
  type SleepStudyRow,
  sleepCoReadList,
  sleepLabList,
  sleepTestsList,
  spirometryList,
} from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { dayText, timeText } from '../db/sql-day.js';
import { inRange, type ListContext, listSource } from '../lists/declare.js';
import { patientSearchSql } from '../lists/patient-search.js';
import { labelSql, rankSql } from '../lists/rank.js';
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
  type Where,
} from '../lists/sql.js';
import { patientFields } from '../patients/identity-sql.js';

/** The study worklists' store: studies of patients in scope, of each list's kinds, filtered, in a stable order. */

type SleepListName = keyof typeof SLEEP_LIST_KINDS;

const FROM = sql`sleep_studies s
  join patients p on p.patient_id = s.patient_id
  join practices pr on pr.practice_id = p.practice_id
  left join users op on op.user_id = s.ordering_physician_id
  left join users rd on rd.user_id = s.reader_id
  left join sleep_interpretations si on si.study_id = s.study_id
  left join users cr on cr.user_id = si.co_reader_id
  left join sleep_study_locks lk on lk.study_id = s.study_id
  left join users lu on lu.user_id = lk.user_id`;

/** The studies a list shows: its kinds, and for co-reads the signed studies that need a second reader. */
function studiesOf(name: SleepListName): Where {
  const kinds = sql<SqlBool>`s.kind in (${sql.join(SLEEP_LIST_KINDS[name].map((kind) => sql.lit(kind)))})`;
  // decisions.md "Sleep study worklists".
  if (name !== 'sleep-co-read') return kinds;
  return and([kinds, sql<SqlBool>`s.needs_co_read and s.status in ('interpreted', 'co_read')`]);
}

const KIND = labelSql('s.kind', SLEEP_STUDY_KIND_LABELS);
const STATUS = labelSql('s.status', SLEEP_STUDY_STATUS_LABELS);
/** FEV1/FVC in percent, one decimal (null without both). */
const RATIO = sql<number | null>`round(s.fev1_l / nullif(s.fvc_l, 0) * 100, 1)`;
/** A staff member's name where the left join found one. */
const staffName = (alias: string) =>
  sql<string | null>`case when ${sql.ref(`${alias}.user_id`)} is not null then ${fullName(alias)} end`;
/** Whether the study's lock is held at `now` (an expired lease holds nothing). */
const lockHeld = (now: Date) => sql<SqlBool>`lk.expires_at > ${now}::timestamptz`;

/** A study row's fields; the lock as the viewer's clock sees it. */
const studyFields = (now: Date) => ({
  study_id: sql`s.study_id`,
  ...patientFields(),
  dob: dayText('p.dob'),
  practice_name: sql`pr.practice_name`,
  kind: KIND,
  status: STATUS,
  physician: staffName('op'),
  reader: staffName('rd'),
  co_reader: staffName('cr'),
  device: sql`s.device`,
  ordered_at: timeText('s.ordered_at'),
  recorded_on: dayText('s.recorded_on'),
  ahi: sql`s.ahi`,
  rdi: sql`s.rdi`,
  odi: sql`s.odi`,
  spo2_nadir: sql`s.spo2_nadir`,
  spo2_mean: sql`s.spo2_mean`,
  t88_minutes: sql`s.t88_minutes`,
  total_sleep_minutes: sql`s.total_sleep_minutes`,
  sleep_efficiency: sql`s.sleep_efficiency`,
  fev1_l: sql`s.fev1_l`,
  fvc_l: sql`s.fvc_l`,
  fev1_fvc_pct: RATIO,
  signed_at: timeText('si.signed_at'),
  // 'Locked by {name}' (decisions.md "Locked by on the study lists"), the name as the hub announces it.
  locked_by: sql`case when ${lockHeld(now)} then 'Locked by '
    || trim(coalesce(lu.firstname, '') || ' ' || coalesce(lu.lastname, '')) end`,
  locked_since: sql`case when ${lockHeld(now)} then ${timeText('lk.taken_at')} end`,
});

/** Every study list's sort keys; each list sorts by those of its columns. */
const SORT = {
  study_id: by(sql`s.study_id`),
  patient_name: byPatientName,
  dob: by(sql`p.dob`),
  status: by(rankSql(sleepTestsList.columns, 'status', STATUS)),
  physician: byText(fullName('op')),
  reader: byText(fullName('rd')),
  co_reader: byText(fullName('cr')),
  recorded_on: by(sql`s.recorded_on`),
  signed_at: by(sql`si.signed_at`),
  ahi: by(sql`s.ahi`),
  rdi: by(sql`s.rdi`),
  odi: by(sql`s.odi`),
  spo2_nadir: by(sql`s.spo2_nadir`),
  spo2_mean: by(sql`s.spo2_mean`),
  t88_minutes: by(sql`s.t88_minutes`),
  total_sleep_minutes: by(sql`s.total_sleep_minutes`),
  sleep_efficiency: by(sql`s.sleep_efficiency`),
  fev1_l: by(sql`s.fev1_l`),
  fvc_l: by(sql`s.fvc_l`),
  fev1_fvc_pct: by(RATIO),
};

/** Every study list's filters; each list declares which of them it has. Status and kind filter by code. */
const WHERE = {
  study_status: {
    shows: 'status',
    when: (statuses: readonly string[]) => sql<SqlBool>`s.status = any(${[...statuses]}::text[])`,
  },
  kind: {
    shows: 'kind',
    when: (kinds: readonly string[]) => sql<SqlBool>`s.kind = any(${[...kinds]}::text[])`,
  },
  practice: PRACTICE_FILTER,
  physician: { shows: 'physician', when: (ids: readonly number[]) => inIds('s.ordering_physician_id', ids) },
  reader: { shows: 'reader', when: (ids: readonly number[]) => inIds('s.reader_id', ids) },
  // Study dates are calendar days: compared as days, never shifted by a time zone.
  recorded: { shows: 'recorded_on', when: inRange('s.recorded_on', 'day') },
} as const;

/** The staff of a list's studies in the viewer's scope, in `column` (ordering or reading physician), as options. */
const staffOptions = (db: Db, viewer: ListViewer, studies: Where, column: string) =>
  options(
    db,
    sql`select u.user_id as value, ${fullName('u')} as label from users u
      where exists (select 1 from sleep_studies s join patients p on p.patient_id = s.patient_id
        where ${studies} and ${sql.ref(column)} = u.user_id and ${viewer.scope.visible('p')})
      order by lower(${fullName('u')}) collate "C", u.user_id`,
  );

/** A study list's declaration: its studies, the rows, orders and filters every study list shares. */
const studyList = (name: SleepListName) => {
  const studies = studiesOf(name);
  return {
    from: FROM,
    scope: ({ viewer }: ListContext) => and([studies, viewer.scope.visible('p')]),
    id: 's.study_id',
    select: ({ viewer }: ListContext) => studyFields(viewer.now),
    sort: () => SORT,
    where: WHERE,
    search: (text: string) => patientSearchSql(text, 's.study_id'),
    // One at a time: PGlite has a single connection.
    options: async (db: Db, viewer: ListViewer) => ({
      practice: await practiceOptions(db, viewer),
      physician: await staffOptions(db, viewer, studies, 's.ordering_physician_id'),
      reader: await staffOptions(db, viewer, studies, 's.reader_id'),
    }),
  };
};

/** One study of any kind as a worklist row, when its patient is visible to the viewer (else undefined). */
export async function studyRowOf(
  db: Db,
  viewer: ListViewer,
  studyId: number,
): Promise<SleepStudyRow | undefined> {
  const fields = Object.entries(studyFields(viewer.now) as Record<string, RawBuilder<unknown>>);
  const { rows } = await sql<SleepStudyRow>`
    select ${sql.join(fields.map(([key, expr]) => sql`${expr} as ${sql.ref(key)}`))}
    from ${FROM}
    where s.study_id = ${studyId} and ${viewer.scope.visible('p')}`.execute(db);
  return rows[0];
}

/** The sources of the study lists, by list name (bff/src/embedded.ts LIST_SOURCES). */
export const sleepListSources = () => ({
  'sleep-tests': listSource(sleepTestsList, studyList('sleep-tests')),
  'sleep-co-read': listSource(sleepCoReadList, studyList('sleep-co-read')),
  'pulse-oximetry': listSource(pulseOximetryList, studyList('pulse-oximetry')),
  spirometry: listSource(spirometryList, studyList('spirometry')),
  'sleep-lab': listSource(sleepLabList, studyList('sleep-lab')),
});
