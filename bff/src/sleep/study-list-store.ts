import {
  type FilterOption,
  LISTS,
  SLEEP_LIST_KINDS,
  SLEEP_STUDY_KIND_LABELS,
  SLEEP_STUDY_STATUS_LABELS,
  type SleepStudyRow,
  type SleepStudyStatus,
} from '@rpm/shared';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { fullName as personName } from '../http/route-helpers.js';
import { patientSearchSql } from '../lists/patient-search.js';
import { rankSql } from '../lists/rank.js';
import { countOf, type SliceQueries, sliceSource } from '../lists/slice-source.js';
import type { ListSource, ListView, ListViewer } from '../lists/source.js';
import { fullName } from '../lists/sql.js';
import { idValues, optionValues } from '../lists/view-values.js';
import { listPatientSql } from '../patients/identity-sql.js';

/**
 * The study worklists' store (issue 15; shared/src/lists/sleep.ts): the studies of the patients in the viewer's
 * scope (bff/src/scope.ts), of the kinds each list shows, filtered, in a stable order (the study id last).
 */

type SleepListName = keyof typeof SLEEP_LIST_KINDS;

/** A code-to-label map as a SQL `case` over `value`, so sorting and rows use the labels the lists declare. */
export const labelSql = (labels: Readonly<Record<string, string>>, value: RawBuilder<unknown>) =>
  sql<string>`(case ${value} ${sql.join(
    Object.entries(labels).map(([code, label]) => sql`when ${sql.lit(code)} then ${sql.lit(label)}`),
    sql` `,
  )} end)`;
const kindLabel = labelSql(SLEEP_STUDY_KIND_LABELS, sql`s.kind`);
const statusLabel = labelSql(SLEEP_STUDY_STATUS_LABELS, sql`s.status`);
/** FEV1/FVC in percent, one decimal (null without both). */
const ratioSql = sql<number | null>`round(s.fev1_l / nullif(s.fvc_l, 0) * 100, 1)`;

const studies = (db: Db, name: SleepListName) => {
  let q = db
    .selectFrom('sleep_studies as s')
    .innerJoin('patients as p', 'p.patient_id', 's.patient_id')
    .where('s.kind', 'in', [...SLEEP_LIST_KINDS[name]]);
  // Co-reads: signed studies that need a second reader (decisions.md "Sleep study worklists").
  if (name === 'sleep-co-read')
    q = q.where('s.needs_co_read', '=', true).where('s.status', 'in', ['interpreted', 'co_read']);
  return q;
};
type Base = ReturnType<typeof studies>;

function filtered(name: SleepListName) {
  return (db: Db, viewer: ListViewer, view: ListView): Base => {
    let q = studies(db, name);
    if (!viewer.scope.all) q = q.where(viewer.scope.visible('p'));
    const statuses = optionValues(view, 'study_status');
    if (statuses && statuses.length > 0) q = q.where('s.status', 'in', statuses as SleepStudyStatus[]);
    const kinds = optionValues(view, 'kind');
    if (kinds && kinds.length > 0)
      q = q.where('s.kind', 'in', kinds as (keyof typeof SLEEP_STUDY_KIND_LABELS)[]);
    const practices = idValues(view, 'practice');
    if (practices) q = q.where('p.practice_id', 'in', practices);
    const physicians = idValues(view, 'physician');
    if (physicians) q = q.where('s.ordering_physician_id', 'in', physicians);
    const readers = idValues(view, 'reader');
    if (readers) q = q.where('s.reader_id', 'in', readers);
    // Study dates are calendar days: compared as days, never shifted by a time zone.
    const from = view.filters.recorded_from;
    const to = view.filters.recorded_to;
    if (typeof from === 'string') q = q.where(sql<SqlBool>`s.recorded_on >= ${from}::date`);
    if (typeof to === 'string') q = q.where(sql<SqlBool>`s.recorded_on <= ${to}::date`);
    const search = patientSearchSql(view.search, 's.study_id');
    if (search) q = q.where(search);
    return q;
  };
}

/** The order of a sort key: names ignoring case in byte order, empty values last either way, the id last. */
function orderOf(name: SleepListName, view: ListView): Expression<unknown>[] {
  const dir = sql.raw(view.order);
  const tie = sql`s.study_id ${dir}`;
  const text = (value: RawBuilder<unknown>) => [sql`lower(${value}) collate "C" ${dir} nulls last`, tie];
  const plain = (column: string) => [sql`${sql.ref(column)} ${dir} nulls last`, tie];
  switch (view.orderby) {
    case 'study_id':
      return [tie];
    case 'patient_name':
      return text(fullName('p'));
    case 'dob':
      return plain('p.dob');
    case 'practice_name':
      return text(sql`pr.practice_name`);
    case 'kind':
      return text(kindLabel);
    case 'status':
      return [sql`${rankSql(LISTS[name].columns, 'status', statusLabel)} ${dir}`, tie];
    case 'physician':
      return text(fullName('op'));
    case 'reader':
      return text(fullName('rd'));
    case 'co_reader':
      return text(fullName('cr'));
    case 'signed_at':
      return plain('si.signed_at');
    case 'fev1_fvc_pct':
      return [sql`${ratioSql} ${dir} nulls last`, tie];
    default:
      return plain(`s.${view.orderby}`);
  }
}

/** The row's columns over a query of studies `s` with patients `p`; the lock as the viewer's clock sees it. */
function rowQuery(base: Base, now: Date) {
  return base
    .innerJoin('practices as pr', 'pr.practice_id', 'p.practice_id')
    .leftJoin('users as op', 'op.user_id', 's.ordering_physician_id')
    .leftJoin('users as rd', 'rd.user_id', 's.reader_id')
    .leftJoin('sleep_interpretations as si', 'si.study_id', 's.study_id')
    .leftJoin('users as cr', 'cr.user_id', 'si.co_reader_id')
    .leftJoin('sleep_study_locks as lk', (join) =>
      join.onRef('lk.study_id', '=', 's.study_id').on('lk.expires_at', '>', now),
    )
    .leftJoin('users as lu', 'lu.user_id', 'lk.user_id')
    .select([
      's.study_id',
      's.patient_id',
      'p.dob',
      'pr.practice_name',
      's.device',
      's.ordered_at',
      's.recorded_on',
      's.ahi',
      's.rdi',
      's.odi',
      's.spo2_nadir',
      's.spo2_mean',
      's.t88_minutes',
      's.total_sleep_minutes',
      's.sleep_efficiency',
      's.fev1_l',
      's.fvc_l',
      'si.signed_at',
      'lk.taken_at as locked_since',
      'lu.firstname as lock_first',
      'lu.lastname as lock_last',
      'lk.user_id as lock_user',
    ])
    .select([
      fullName('p').as('patient_name'),
      listPatientSql('p').as('patient'),
      kindLabel.as('kind'),
      statusLabel.as('status'),
      sql<string | null>`case when op.user_id is not null then ${fullName('op')} end`.as('physician'),
      sql<string | null>`case when rd.user_id is not null then ${fullName('rd')} end`.as('reader'),
      sql<string | null>`case when cr.user_id is not null then ${fullName('cr')} end`.as('co_reader'),
      ratioSql.as('fev1_fvc_pct'),
    ]);
}

type RowRecord = Awaited<ReturnType<ReturnType<typeof rowQuery>['execute']>>[number];

const toRow = (r: RowRecord): SleepStudyRow => ({
  study_id: r.study_id,
  patient_id: r.patient_id,
  patient_name: r.patient_name,
  patient: r.patient,
  dob: r.dob.toISOString().slice(0, 10),
  practice_name: r.practice_name,
  kind: r.kind,
  status: r.status,
  physician: r.physician,
  reader: r.reader,
  co_reader: r.co_reader,
  device: r.device,
  ordered_at: r.ordered_at.toISOString(),
  recorded_on: r.recorded_on?.toISOString().slice(0, 10) ?? null,
  ahi: r.ahi,
  rdi: r.rdi,
  odi: r.odi,
  spo2_nadir: r.spo2_nadir,
  spo2_mean: r.spo2_mean,
  t88_minutes: r.t88_minutes,
  total_sleep_minutes: r.total_sleep_minutes,
  sleep_efficiency: r.sleep_efficiency,
  fev1_l: r.fev1_l,
  fvc_l: r.fvc_l,
  fev1_fvc_pct: r.fev1_fvc_pct === null ? null : Number(r.fev1_fvc_pct),
  signed_at: r.signed_at?.toISOString() ?? null,
  // The text of issue 15 §2, the name as the hub announces it (SLEEP::LOCK userName), on screen and in exports.
  locked_by: r.lock_user === null ? null : `Locked by ${personName(r.lock_first, r.lock_last)}`,
  locked_since: r.locked_since?.toISOString() ?? null,
});

const rowsOf =
  (name: SleepListName): SliceQueries<SleepStudyRow, Base>['slice'] =>
  async (base, viewer, view, offset, limit) => {
    let q = rowQuery(base, viewer.now);
    for (const part of orderOf(name, view)) q = q.orderBy(part);
    const rows = await q.limit(limit).offset(offset).execute();
    return rows.map(toRow);
  };

/** One study of any kind as a worklist row, when its patient is visible to the viewer (else undefined). */
export async function studyRowOf(
  db: Db,
  viewer: ListViewer,
  studyId: number,
): Promise<SleepStudyRow | undefined> {
  let q = db
    .selectFrom('sleep_studies as s')
    .innerJoin('patients as p', 'p.patient_id', 's.patient_id')
    .where('s.study_id', '=', studyId);
  if (!viewer.scope.all) q = q.where(viewer.scope.visible('p'));
  const row = await rowQuery(q, viewer.now).executeTakeFirst();
  return row && toRow(row);
}

/** The options of the scope-dependent filters: practices in scope, physicians and readers of the list's studies. */
function optionsOf(name: SleepListName): ListSource<SleepStudyRow>['options'] {
  return async (db, viewer) => {
    const option = (rows: { value: number; label: string }[]): FilterOption[] =>
      rows.map((row) => ({ value: String(row.value), label: row.label }));
    let practices = db
      .selectFrom('practices as pr')
      .select(['pr.practice_id as value', 'pr.practice_name as label'])
      .orderBy(sql`lower(pr.practice_name) collate "C"`)
      .orderBy('pr.practice_id');
    if (!viewer.scope.all)
      practices = practices.where('pr.practice_id', 'in', [0, ...viewer.scope.practiceIds]);
    const staff = async (column: 's.ordering_physician_id' | 's.reader_id') => {
      let inList = studies(db, name)
        .select('s.study_id')
        .where(sql<SqlBool>`${sql.ref(column)} = u.user_id`);
      if (!viewer.scope.all) inList = inList.where(viewer.scope.visible('p'));
      return option(
        await db
          .selectFrom('users as u')
          .select(['u.user_id as value', fullName('u').as('label')])
          .where(({ exists }) => exists(inList))
          .orderBy(sql`lower(${fullName('u')}) collate "C"`)
          .orderBy('u.user_id')
          .execute(),
      );
    };
    // One at a time: PGlite has a single connection.
    return {
      practice: option(await practices.execute()),
      physician: await staff('s.ordering_physician_id'),
      reader: await staff('s.reader_id'),
    };
  };
}

/** The sources of the study lists, by list name (bff/src/embedded.ts LIST_SOURCES). */
export function sleepListSources(): Record<SleepListName, ListSource<SleepStudyRow>> {
  const source = (name: SleepListName) =>
    sliceSource({ filtered: filtered(name), slice: rowsOf(name), count: countOf, options: optionsOf(name) });
  return {
    'sleep-tests': source('sleep-tests'),
    'sleep-co-read': source('sleep-co-read'),
    'pulse-oximetry': source('pulse-oximetry'),
    spirometry: source('spirometry'),
    'sleep-lab': source('sleep-lab'),
  };
}
