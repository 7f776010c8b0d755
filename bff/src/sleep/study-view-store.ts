import {
  type PatientIdentity,
  SLEEP_LIST_KINDS,
  SLEEP_STUDY_KIND_LABELS,
  SLEEP_STUDY_STATUS_LABELS,
  type SleepLabStudyView,
  type SleepReportState,
  type SleepStudyKind,
  type SleepStudyReport,
  VIEW_DOCUMENTS_MAX,
} from '@rpm/shared';
import { sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { dayText, timeText } from '../db/sql-day.js';
import { patientDocuments } from '../documents/store.js';
import { notFound } from '../domain-errors.js';
import { labelSql } from '../lists/rank.js';
import type { ListViewer } from '../lists/source.js';
import { fullName } from '../lists/sql.js';
import type { PatientScope } from '../scope.js';
import { studyRowOf } from './study-list-store.js';

/**
 * The read-only views of sleep studies (issue 41 §4; decisions.md "Dental case and sleep study views"): the Sleep
 * Lab's view of one in-lab study, and the sleep-apnea studies of a patient the dental case view lists. Neither takes
 * the readers' lock: they show the report, they never write it.
 */

/** The kinds the Sleep Lab Table shows, and so the studies its view opens. */
const LAB_KINDS: readonly SleepStudyKind[] = SLEEP_LIST_KINDS['sleep-lab'];

const unknownStudy = (studyId: number) => notFound(`Sleep study ${studyId} does not exist.`, 'study_id');

/** A staff member's name where the left join found one ('Last, First', as the study lists write it). */
const staffName = (alias: string) =>
  sql<string | null>`case when ${sql.ref(`${alias}.user_id`)} is not null then ${fullName(alias)} end`;

/** The interpretation's row and its signers, beside a study `s`. */
const REPORT_JOINS = sql`left join sleep_interpretations si on si.study_id = s.study_id
  left join users sb on sb.user_id = si.signed_by
  left join users cs on cs.user_id = si.co_reader_id`;

/** The report's columns, prefixed `report_`, read back by {@link reportOf}. */
const REPORT_FIELDS = sql`case when si.study_id is null then 'none' when si.co_signed_at is not null then 'co_signed'
    when si.signed_at is not null then 'signed' else 'draft' end as report_state,
  ${staffName('sb')} as report_signed_by,
  case when si.signed_at is not null then ${timeText('si.signed_at')} end as report_signed_at,
  ${staffName('cs')} as report_co_signed_by,
  case when si.co_signed_at is not null then ${timeText('si.co_signed_at')} end as report_co_signed_at,
  case when si.signed_at is not null then si.impression end as report_impression`;

interface ReportColumns {
  readonly report_state: SleepReportState;
  readonly report_signed_by: string | null;
  readonly report_signed_at: string | null;
  readonly report_co_signed_by: string | null;
  readonly report_co_signed_at: string | null;
  readonly report_impression: string | null;
}

const reportOf = (row: ReportColumns): SleepStudyReport => ({
  state: row.report_state,
  signed_by: row.report_signed_by,
  signed_at: row.report_signed_at,
  co_signed_by: row.report_co_signed_by,
  co_signed_at: row.report_co_signed_at,
  impression: row.report_impression,
});

/** The identity of a list row's patient, without the list's 'Same name' marker. */
export const identityOf = ({
  patient_id,
  firstname,
  lastname,
  dob,
  mrn,
}: PatientIdentity): PatientIdentity => ({
  patient_id,
  firstname,
  lastname,
  dob,
  mrn,
});

/** The newest documents of a patient the caller may read, as the views list them. */
export const viewDocumentsOf = (db: Db, patientId: number) =>
  patientDocuments(db, { patient_id: patientId, page: 0, rowsPerPage: VIEW_DOCUMENTS_MAX });

/** One in-lab study as the Sleep Lab's view shows it; 404 outside the viewer's scope or the lab's kinds. */
export async function labStudyView(db: Db, viewer: ListViewer, studyId: number): Promise<SleepLabStudyView> {
  const row = await studyRowOf(db, viewer, studyId);
  const { rows } = await sql<ReportColumns & { kind: SleepStudyKind; technician: string | null }>`
    select s.kind, ${staffName('t')} as technician, ${REPORT_FIELDS}
    from sleep_studies s left join users t on t.user_id = s.technician_id ${REPORT_JOINS}
    where s.study_id = ${studyId}`.execute(db);
  const extra = rows[0];
  if (!row || !extra || !LAB_KINDS.includes(extra.kind)) throw unknownStudy(studyId);
  return {
    patient: identityOf(row.patient),
    study: { ...row, technician: extra.technician },
    report: reportOf(extra),
    documents: await viewDocumentsOf(db, row.patient_id),
  };
}

/** The patient of an in-lab study in the caller's scope (the view's document files); 404 otherwise. */
export async function labStudyPatient(db: Db, scope: PatientScope, studyId: number): Promise<number> {
  const { rows } = await sql<{ patient_id: number }>`
    select s.patient_id from sleep_studies s join patients p on p.patient_id = s.patient_id
    where s.study_id = ${studyId} and s.kind = any(${[...LAB_KINDS]}::text[]) and ${scope.visible('p')}`.execute(
    db,
  );
  const found = rows[0];
  if (!found) throw unknownStudy(studyId);
  return found.patient_id;
}

/** A sleep-apnea study of a patient, with its report, as a dental case lists it. */
export interface PatientStudy {
  readonly study_id: number;
  readonly kind: string;
  readonly status: string;
  readonly ordered_at: string;
  readonly recorded_on: string | null;
  readonly ahi: number | null;
  readonly spo2_nadir: number | null;
  readonly reader: string | null;
  readonly report: SleepStudyReport;
}

/** The kinds that measure sleep apnea, so an oral appliance's effect: home sleep tests and in-lab PSGs. */
const APNEA_KINDS: readonly SleepStudyKind[] = ['hst', 'psg'];

/** The patient's HSTs and PSGs, newest first; the caller has checked the patient is in scope. */
export async function patientApneaStudies(db: Db, patientId: number): Promise<PatientStudy[]> {
  const { rows } = await sql<Omit<PatientStudy, 'report'> & ReportColumns>`
    select s.study_id, ${labelSql('s.kind', SLEEP_STUDY_KIND_LABELS)} as kind,
      ${labelSql('s.status', SLEEP_STUDY_STATUS_LABELS)} as status, ${timeText('s.ordered_at')} as ordered_at,
      ${dayText('s.recorded_on')} as recorded_on, s.ahi, s.spo2_nadir, ${staffName('rd')} as reader, ${REPORT_FIELDS}
    from sleep_studies s left join users rd on rd.user_id = s.reader_id ${REPORT_JOINS}
    where s.patient_id = ${patientId} and s.kind = any(${[...APNEA_KINDS]}::text[])
    order by s.ordered_at desc, s.study_id desc`.execute(db);
  return rows.map(
    ({ study_id, kind, status, ordered_at, recorded_on, ahi, spo2_nadir, reader, ...report }) => ({
      study_id,
      kind,
      status,
      ordered_at,
      recorded_on,
      ahi,
      spo2_nadir,
      reader,
      report: reportOf(report),
    }),
  );
}
