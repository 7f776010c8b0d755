import {
  type DentalCaseView,
  dentalCasesList,
  isoDay,
  nextOralApplianceStage,
  ORAL_APPLIANCE_STAGE_LABELS,
  ORAL_APPLIANCE_STAGES,
  type OralApplianceStage,
} from '@rpm/shared';
import { type SqlBool, sql } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import type { Db } from '../db/schema.js';
import { dayText } from '../db/sql-day.js';
import { conflict, notFound } from '../domain-errors.js';
import { listSource } from '../lists/declare.js';
import { patientSearchSql } from '../lists/patient-search.js';
import { labelSql, rankSql } from '../lists/rank.js';
import type { ListViewer } from '../lists/source.js';
import {
  by,
  byPatientName,
  fullName,
  inIds,
  options,
  PRACTICE_FILTER,
  practiceOptions,
} from '../lists/sql.js';
import { patientFields } from '../patients/identity-sql.js';
import type { PatientScope } from '../scope.js';
import { identityOf, patientApneaStudies, viewDocumentsOf } from '../sleep/study-view-store.js';

/**
 * The Dental Dashboard's store: oral-appliance cases in the viewer's scope, counts per stage, stage moves, and one
 * case's view.
 */

const FROM = sql`oral_appliance_cases c
  join patients p on p.patient_id = c.patient_id
  join practices pr on pr.practice_id = p.practice_id
  join users d on d.user_id = c.dentist_id`;

const scopeOf = (scope: PatientScope) => scope.visible('p');

/** A case outside the caller's scope answers as one that does not exist. */
const unknownCase = (caseId: number) => notFound(`Case ${caseId} does not exist.`, 'case_id');

const STAGE = labelSql('c.stage', ORAL_APPLIANCE_STAGE_LABELS);

export const dentalCaseSource = listSource(dentalCasesList, {
  from: FROM,
  scope: ({ viewer }) => scopeOf(viewer.scope),
  id: 'c.case_id',
  select: () => ({
    case_id: sql`c.case_id`,
    ...patientFields(),
    dob: dayText('p.dob'),
    practice_name: sql`pr.practice_name`,
    dentist: fullName('d'),
    stage: STAGE,
    stage_code: sql`c.stage`,
    referred_on: dayText('c.referred_on'),
    impression_on: dayText('c.impression_on'),
    insertion_on: dayText('c.insertion_on'),
    follow_up_test_on: dayText('c.follow_up_test_on'),
  }),
  sort: () => ({
    case_id: by(sql`c.case_id`),
    patient_name: byPatientName,
    dob: by(sql`p.dob`),
    stage: by(rankSql(dentalCasesList.columns, 'stage', STAGE)),
    referred_on: by(sql`c.referred_on`),
    impression_on: by(sql`c.impression_on`),
    insertion_on: by(sql`c.insertion_on`),
    follow_up_test_on: by(sql`c.follow_up_test_on`),
  }),
  where: {
    stage: {
      shows: 'stage_code',
      as: 'value',
      when: (stages) => sql<SqlBool>`c.stage = any(${[...stages]}::text[])`,
    },
    practice: PRACTICE_FILTER,
    dentist: { shows: 'dentist', when: (dentists) => inIds('c.dentist_id', dentists) },
  },
  search: (text) => patientSearchSql(text, 'c.case_id'),
  options: async (db, viewer) => ({
    practice: await practiceOptions(db, viewer),
    // The dentists of the cases the viewer sees.
    dentist: await options(
      db,
      sql`select u.user_id as value, ${fullName('u')} as label from users u
        where exists (select 1 from ${FROM} where c.dentist_id = u.user_id and ${scopeOf(viewer.scope)})
        order by lower(${fullName('u')}) collate "C", u.user_id`,
    ),
  }),
});

/** How many cases in scope are at each stage, every stage listed (0 when none). */
export async function stageCounts(
  db: Db,
  viewer: Pick<ListViewer, 'scope'>,
): Promise<{ stage: OralApplianceStage; count: number }[]> {
  const { rows } = await sql<{ stage: OralApplianceStage; n: string | number }>`
    select c.stage, count(*) as n from ${FROM} where ${scopeOf(viewer.scope)} group by c.stage`.execute(db);
  return ORAL_APPLIANCE_STAGES.map((stage) => ({
    stage,
    count: Number(rows.find((r) => r.stage === stage)?.n ?? 0),
  }));
}

/** The day column each stage sets when a case reaches it. */
const STAGE_DAY: Readonly<Record<Exclude<OralApplianceStage, 'referral'>, string>> = {
  impression: 'impression_on',
  insertion: 'insertion_on',
  follow_up_test: 'follow_up_test_on',
} as const;

/** Moves a case to its next stage only (a repeated click answers 409), dated today, audited. */
export async function advanceStage(
  db: Db,
  by: AuditActor,
  scope: PatientScope,
  caseId: number,
  toStage: OralApplianceStage,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ stage: OralApplianceStage }>`
      select c.stage from ${FROM} where c.case_id = ${caseId} and ${scopeOf(scope)} for update of c`.execute(
      trx,
    );
    const current = rows[0]?.stage;
    if (current === undefined) throw unknownCase(caseId);
    const next = nextOralApplianceStage(current);
    if (next === null || next === 'referral')
      throw conflict(
        `The case is already at its last stage, ${ORAL_APPLIANCE_STAGE_LABELS[current]}.`,
        'to_stage',
      );
    if (next !== toStage)
      throw conflict(
        `The case is at ${ORAL_APPLIANCE_STAGE_LABELS[current]}; its next stage is ${ORAL_APPLIANCE_STAGE_LABELS[next]}.`,
        'to_stage',
      );
    await trx
      .updateTable('oral_appliance_cases')
      .set({ stage: next, [STAGE_DAY[next]]: isoDay(by.at), updated_at: by.at })
      .where('case_id', '=', caseId)
      .execute();
    await audit(trx, {
      ...by,
      action: 'advance_dental_stage',
      entity: 'oral_appliance_case',
      entityId: caseId,
      detail: { from: current, to: next },
    });
  });
}

/** The case's row as its view reads it: the patient's identity, the practice, the dentist and the stage days. */
interface CaseRow {
  readonly patient_id: number;
  readonly firstname: string;
  readonly lastname: string;
  readonly dob: string;
  readonly mrn: string | null;
  readonly practice_name: string;
  readonly dentist: string;
  readonly stage: OralApplianceStage;
  readonly referred_on: string;
  readonly impression_on: string | null;
  readonly insertion_on: string | null;
  readonly follow_up_test_on: string | null;
}

/** The day each stage was reached, by stage. */
const reachedOn = (row: CaseRow): Readonly<Record<OralApplianceStage, string | null>> => ({
  referral: row.referred_on,
  impression: row.impression_on,
  insertion: row.insertion_on,
  follow_up_test: row.follow_up_test_on,
});

/**
 * One case in the caller's scope with what the dentist works from (issue 41 §4): its stages and their days, the
 * patient's sleep-apnea studies, each a diagnostic one before the appliance went in or a follow-up from the
 * insertion day on, and the patient's documents. Another organisation's case answers as an unknown one (404).
 */
export async function dentalCaseView(db: Db, scope: PatientScope, caseId: number): Promise<DentalCaseView> {
  const { rows } = await sql<CaseRow>`
    select p.patient_id, p.firstname, p.lastname, ${dayText('p.dob')} as dob, p.mrn, pr.practice_name,
      ${fullName('d')} as dentist, c.stage, ${dayText('c.referred_on')} as referred_on,
      ${dayText('c.impression_on')} as impression_on, ${dayText('c.insertion_on')} as insertion_on,
      ${dayText('c.follow_up_test_on')} as follow_up_test_on
    from ${FROM} where c.case_id = ${caseId} and ${scopeOf(scope)}`.execute(db);
  const row = rows[0];
  if (!row) throw unknownCase(caseId);
  const days = reachedOn(row);
  const inserted = row.insertion_on;
  const studies = await patientApneaStudies(db, row.patient_id);
  return {
    patient: identityOf(row),
    case: {
      case_id: caseId,
      practice_name: row.practice_name,
      dentist: row.dentist,
      stage: row.stage,
      next_stage: nextOralApplianceStage(row.stage),
    },
    stages: ORAL_APPLIANCE_STAGES.map((stage) => ({ stage, reached_on: days[stage] })),
    // The order's day in UTC, as the stage days are written (isoDay of the app's clock).
    studies: studies.map((study) => ({
      ...study,
      purpose: inserted !== null && study.ordered_at.slice(0, 10) >= inserted ? 'follow_up' : 'diagnostic',
    })),
    documents: await viewDocumentsOf(db, row.patient_id),
  };
}

/** The patient of a case in the caller's scope (the case view's document files); 404 otherwise. */
export async function dentalCasePatient(db: Db, scope: PatientScope, caseId: number): Promise<number> {
  const { rows } = await sql<{ patient_id: number }>`
    select c.patient_id from ${FROM} where c.case_id = ${caseId} and ${scopeOf(scope)}`.execute(db);
  const found = rows[0];
  if (!found) throw unknownCase(caseId);
  return found.patient_id;
}
