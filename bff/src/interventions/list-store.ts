import {
  INTERVENTION_KINDS,
  INTERVENTION_NOTE_EXCERPT,
  monthsBefore,
  practiceInterventionList,
  TIME_CATEGORY_KINDS,
} from '@rpm/shared';
import { type SqlBool, sql } from 'kysely';
import { timeText } from '../db/sql-day.js';
import { listSource } from '../lists/declare.js';
import { patientSearchSql } from '../lists/patient-search.js';
import { labelSql } from '../lists/rank.js';
import { by, byPatientName, PRACTICE_FILTER, practiceOptions, userName, type Where } from '../lists/sql.js';
import { patientFields } from '../patients/identity-sql.js';
import { recentMonths } from '../patients/list-store.js';

/**
 * Practice Intervention (decisions.md "Practice Intervention"): every intervention of the care team, read where it is
 * recorded. Each source's id is multiplied by the number of sources and offset by the source's place, so a row's id
 * is unique and stable across the union.
 */

const SOURCES = 8;

/** Care time under an intervention's category (TIME_CATEGORY_KINDS), as (category, kind) pairs. */
const TIME_KINDS = sql.join(
  Object.entries(TIME_CATEGORY_KINDS).map(
    ([category, kind]) => sql`(${sql.lit(category)}, ${sql.lit(kind)})`,
  ),
);

/** One row per intervention: id, kind code, patient, when, by whom, its note and any minutes. */
const INTERVENTIONS = sql`(
  select a.alert_id::bigint * ${sql.lit(SOURCES)} as intervention_id, 'alert_response' as kind, a.patient_id,
    a.acknowledged_at as performed_at, a.acknowledged_by as user_id, a.acknowledge_note as note,
    null::numeric as minutes
  from alerts a where a.acknowledged_at is not null
  union all
  select m.medication_id::bigint * ${sql.lit(SOURCES)} + 1, 'medication_change', m.patient_id, m.created_at,
    m.added_by, 'Added ' || m.name || ' ' || m.dose || ', ' || m.frequency, null
  from patient_medications m
  union all
  select d.document_id::bigint * ${sql.lit(SOURCES)} + 2, 'referral', d.patient_id, d.uploaded_at, d.uploaded_by,
    d.title, null
  from patient_documents d where d.category = 'Referral' and d.deleted_at is null
  union all
  select n.note_id::bigint * ${sql.lit(SOURCES)} + 3, 'clinical_note', n.patient_id, n.created_at, n.author_id,
    n.note, null
  from patient_notes n
  union all
  select t.time_log_id::bigint * ${sql.lit(SOURCES)} + 4, k.kind, t.patient_id, t.logged_at, t.user_id, t.note,
    round(t.seconds / 60.0, 1)
  from time_logs t join (values ${TIME_KINDS}) k(category, kind) on k.category = t.category
) i
  join patients p on p.patient_id = i.patient_id
  join practices pr on pr.practice_id = p.practice_id
  left join users u on u.user_id = i.user_id`;

/** The note as written, blank as none. */
const NOTE = sql<string | null>`nullif(btrim(i.note), '')`;

/** The note's excerpt: at most INTERVENTION_NOTE_EXCERPT characters, then an ellipsis. */
const EXCERPT = sql<string | null>`case when length(${NOTE}) > ${sql.lit(INTERVENTION_NOTE_EXCERPT)}
  then left(${NOTE}, ${sql.lit(INTERVENTION_NOTE_EXCERPT)}) || '…' else ${NOTE} end`;

/** Months 'YYYY-MM' (UTC) as ranges of the instant, so each source's own index on it can serve. */
const inMonths = (months: readonly string[]): Where =>
  sql<SqlBool>`(${sql.join(
    months.map(
      (month) => sql`(i.performed_at >= ${`${month}-01T00:00:00Z`}::timestamptz
        and i.performed_at < ${`${monthsBefore(month, -1)}-01T00:00:00Z`}::timestamptz)`,
    ),
    sql` or `,
  )})`;

export const practiceInterventionSource = listSource(practiceInterventionList, {
  from: INTERVENTIONS,
  scope: ({ viewer }) => viewer.scope.visible('p'),
  id: 'i.intervention_id',
  select: () => ({
    intervention_id: sql`i.intervention_id`,
    performed_at: timeText('i.performed_at'),
    month: sql`to_char(i.performed_at at time zone 'UTC', 'YYYY-MM')`,
    ...patientFields(),
    practice_name: sql`pr.practice_name`,
    kind: labelSql('i.kind', INTERVENTION_KINDS),
    performed_by: userName('u'),
    note: EXCERPT,
    minutes: sql`i.minutes`,
  }),
  sort: () => ({
    performed_at: by(sql`i.performed_at`),
    patient_name: byPatientName,
    minutes: by(sql`i.minutes`),
  }),
  where: {
    month: { shows: 'month', as: 'value', when: inMonths },
    practice: PRACTICE_FILTER,
    kind: { shows: 'kind', when: (kinds) => sql<SqlBool>`i.kind = any(${[...kinds]}::text[])` },
    // No row field shows it alone: the Note column holds the note itself (lists.test.ts MATCHERS).
    noted: (values) =>
      values.length === 1
        ? sql<SqlBool>`(${NOTE} is ${sql.raw(values[0] === 'yes' ? 'not null' : 'null')})`
        : sql<SqlBool>`true`,
  },
  search: (text) => patientSearchSql(text),
  options: async (db, viewer) => ({
    month: recentMonths(viewer.now),
    practice: await practiceOptions(db, viewer),
  }),
});
