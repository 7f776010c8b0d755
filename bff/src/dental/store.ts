import type { ListPatient } from '@rpm/shared';
import {
  isoDay,
  nextOralApplianceStage,
  ORAL_APPLIANCE_STAGE_LABELS,
  ORAL_APPLIANCE_STAGES,
  type OralApplianceRow,
  type OralApplianceStage,
} from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import type { Db } from '../db/schema.js';
import { conflict, notFound } from '../domain-errors.js';
import { sliceSource } from '../lists/slice-source.js';
import type { ListSource, ListViewer } from '../lists/source.js';
import { and, type Base, by, byText, countWhere, fullName, inIds, options, orderSql } from '../lists/sql.js';
import { idValues, optionValues } from '../lists/view-values.js';
import { listPatientSql } from '../patients/identity-sql.js';
import type { PatientScope } from '../scope.js';
import { patientSearch, practiceOptions } from '../sleep/billing-list-store.js';
import { labelSql } from '../sleep/study-list-store.js';

/**
 * The Dental Dashboard's store (issue 15 §3; shared/src/lists/dental.ts): oral-appliance cases of the patients in
 * the viewer's scope (bff/src/scope.ts), their counts per stage, and a case's move to its next stage.
 */

type Where = RawBuilder<SqlBool>;

const FROM = sql`oral_appliance_cases c
  join patients p on p.patient_id = c.patient_id
  join practices pr on pr.practice_id = p.practice_id
  join users d on d.user_id = c.dentist_id`;

const scopeOf = (scope: PatientScope): Where => (scope.all ? sql<SqlBool>`true` : scope.visible('p'));

const stageLabel = labelSql(ORAL_APPLIANCE_STAGE_LABELS, sql`c.stage`);
const stageRank = sql<number>`(case c.stage ${sql.join(
  ORAL_APPLIANCE_STAGES.map((s, n) => sql`when ${sql.lit(s)} then ${sql.lit(n)}`),
  sql` `,
)} end)`;

const ORDER = {
  case_id: by(sql`c.case_id`),
  patient_name: by(sql`billing_sort_name(p.lastname, p.firstname) collate "C"`),
  dob: by(sql`p.dob`),
  practice_name: byText(sql`pr.practice_name`),
  dentist: byText(fullName('d')),
  stage: by(stageRank),
  referred_on: by(sql`c.referred_on`),
  impression_on: by(sql`c.impression_on`),
  insertion_on: by(sql`c.insertion_on`),
  follow_up_test_on: by(sql`c.follow_up_test_on`),
};

const day = (value: Date | null) => (value === null ? null : isoDay(value));

export const dentalCaseSource: ListSource<OralApplianceRow> = sliceSource<OralApplianceRow, Base>({
  filtered(db, viewer, view) {
    const parts = [scopeOf(viewer.scope)];
    const stages = optionValues(view, 'stage');
    if (stages && stages.length > 0) parts.push(sql<SqlBool>`c.stage = any(${[...stages]}::text[])`);
    const practices = idValues(view, 'practice');
    if (practices) parts.push(inIds('p.practice_id', practices));
    const dentists = idValues(view, 'dentist');
    if (dentists) parts.push(inIds('c.dentist_id', dentists));
    const search = patientSearch(view, sql`c.case_id`);
    if (search) parts.push(search);
    return { db, where: and(parts) };
  },
  count: (base) => countWhere(base, FROM),
  async slice({ db, where }, _viewer, view, offset, limit) {
    const { rows } = await sql<{
      case_id: number;
      patient_id: number;
      patient_name: string;
      patient: ListPatient;
      dob: Date;
      practice_name: string;
      dentist: string;
      stage: string;
      stage_code: OralApplianceStage;
      referred_on: Date;
      impression_on: Date | null;
      insertion_on: Date | null;
      follow_up_test_on: Date | null;
    }>`
      select c.case_id, c.patient_id, ${fullName('p')} as patient_name, ${listPatientSql('p')} as patient, p.dob, pr.practice_name,
        ${fullName('d')} as dentist, ${stageLabel} as stage, c.stage as stage_code,
        c.referred_on, c.impression_on, c.insertion_on, c.follow_up_test_on
      from ${FROM}
      where ${where}
      order by ${orderSql(view, ORDER, 'c.case_id')}
      limit ${limit} offset ${offset}`.execute(db);
    return rows.map((r) => ({
      ...r,
      dob: isoDay(r.dob),
      referred_on: isoDay(r.referred_on),
      impression_on: day(r.impression_on),
      insertion_on: day(r.insertion_on),
      follow_up_test_on: day(r.follow_up_test_on),
    }));
  },
  async options(db, viewer) {
    const scope = scopeOf(viewer.scope);
    return {
      practice: await practiceOptions(db, viewer),
      // The dentists of the cases the viewer sees.
      dentist: await options(
        db,
        sql`select u.user_id as value, ${fullName('u')} as label from users u
          where exists (select 1 from ${FROM} where c.dentist_id = u.user_id and ${scope})
          order by lower(${fullName('u')}) collate "C", u.user_id`,
      ),
    };
  },
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

/**
 * Moves a case in scope to `toStage`, which must be its next stage (stages only in order, never skipped or
 * repeated: a second click of the same move answers 409), dated today; audited in the same transaction.
 */
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
    if (current === undefined) throw notFound(`Case ${caseId} does not exist.`, 'case_id');
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
