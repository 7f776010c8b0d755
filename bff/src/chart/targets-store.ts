import {
  BILLING_COLUMN_NAMES,
  CCM_TIME_GOALS,
  COMPLIANCE_TARGET_DAYS,
  ccmBilling,
  ccmCodes,
  complianceStripMonths,
  isoDay,
  lastDayOf,
  monthName,
  monthsBefore,
  RPM_ADDITIONAL_TIME_GOAL_MIN,
  RPM_TIME_GOAL_MIN,
} from '@rpm/shared';
import type { Selectable, SqlBool } from 'kysely';
import { carePlanSigned } from '../careplan/signed.js';
import type { Db, PatientMonthSummaryTable } from '../db/schema.js';
import { sqlDay } from '../db/sql-day.js';

/** Months of CPT history on the card (decisions.md "CPT history"). */
const CPT_HISTORY_MONTHS = 24;

/** The stored codes of a month's summary row that billing counts. */
type CodeColumns = Pick<
  Selectable<PatientMonthSummaryTable>,
  | 'setup_cpt'
  | 'compliance_cpt'
  | 'activity_time_cpt'
  | 'more_activity_time_cpt'
  | 'activity_time_60_cpt'
  | 'rtm_cpt'
  | 'rtm_40_cpt'
  | 'rtm_60_cpt'
  | 'ccm_seconds'
>;

/** What decides a patient's CCM codes: the CCM type (which codes) and a signed care plan (whether they bill). */
export interface CcmFacts {
  readonly ccm_type: 1 | 2;
  readonly care_plan_signed: SqlBool;
}

/** The patient's CCM facts, selected beside other columns of `patients` under the alias. */
export const ccmFactColumns = <A extends 'patients' | 'p'>(patients: A) =>
  [`${patients}.ccm_type` as `${A}.ccm_type`, carePlanSigned(patients).as('care_plan_signed')] as const;

/**
 * A patient-month's codes in the report's column order: the stored RPM and RTM codes, and the CCM codes only with a
 * signed care plan (decisions.md "CCM needs a signed care plan").
 */
export function summaryCodes(r: CodeColumns & { readonly month: Date }, facts: CcmFacts): string[] {
  const ccm = ccmBilling({
    dateOfService: isoDay(r.month),
    ccmSeconds: r.ccm_seconds,
    ccmType: facts.ccm_type,
    carePlanSigned: Boolean(facts.care_plan_signed),
  });
  return [
    r.setup_cpt,
    r.compliance_cpt,
    r.activity_time_cpt,
    r.more_activity_time_cpt,
    r.activity_time_60_cpt,
    r.rtm_cpt,
    r.rtm_40_cpt,
    r.rtm_60_cpt,
    ccm.time,
    ccm.additional,
  ].filter((code): code is string => code !== null);
}

/**
 * The Overview card's monthly targets, CPT history and compliance strip (001 §2.3, §2.9, §4), from the billing
 * summary; CCM codes computed from the CCM type, as the billing report does.
 */
export async function monthlyTargets(db: Db, patientId: number, month: string) {
  const first = `${month}-01`;
  const patient = await db
    .selectFrom('patients')
    .select(['setup_date', ...ccmFactColumns('patients')])
    .where('patient_id', '=', patientId)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('patient_month_summary')
    .selectAll()
    .where('patient_id', '=', patientId)
    .where('month', '>=', sqlDay(`${monthsBefore(month, CPT_HISTORY_MONTHS)}-01`))
    .where('month', '<=', sqlDay(first))
    .orderBy('month', 'desc')
    .execute();
  const current = rows.find((r) => isoDay(r.month) === first);
  const ccmType = patient.ccm_type;
  const goals = ccmType === 1 ? CCM_TIME_GOALS.type1 : CCM_TIME_GOALS.other;
  const ccmOf = (seconds: number) => ccmCodes({ dateOfService: first, ccmSeconds: seconds, ccmType });
  const ccmNow = ccmOf(current?.ccm_seconds ?? 0);
  const setupDate = patient.setup_date ? isoDay(patient.setup_date) : null;

  const history: { date: string; code: string }[] = [];
  for (const r of rows) {
    const date = isoDay(r.month);
    for (const code of summaryCodes(r, patient)) history.push({ date, code });
  }
  const strip = complianceStripMonths(first).map((m) => {
    const r = rows.find((row) => isoDay(row.month).startsWith(m));
    return {
      month: m,
      month_name: monthName(m),
      before_setup: setupDate === null || m < setupDate.slice(0, 7),
      rpm: r?.compliance_cpt === '99454',
      ccm: r ? ccmOf(r.ccm_seconds).time !== null : false,
    };
  });
  return {
    columns: [...BILLING_COLUMN_NAMES],
    range: { from: first, to: lastDayOf(month) },
    setup: {
      setup_date: current?.setup_date ? isoDay(current.setup_date) : setupDate,
      code: current?.setup_cpt ?? null,
    },
    compliance: {
      days: current?.reading_days ?? 0,
      target: COMPLIANCE_TARGET_DAYS,
      code: current?.compliance_cpt ?? null,
    },
    rpm_time: {
      seconds: current?.rpm_seconds ?? 0,
      goal_minutes: RPM_TIME_GOAL_MIN,
      code: current?.activity_time_cpt ?? null,
    },
    additional_rpm_time: {
      seconds: current?.rpm_seconds ?? 0,
      goal_minutes: RPM_ADDITIONAL_TIME_GOAL_MIN,
      code: current?.more_activity_time_cpt ?? null,
    },
    ccm_time: { seconds: current?.ccm_seconds ?? 0, goal_minutes: goals.time, code: ccmNow.time },
    additional_ccm_time: {
      seconds: current?.ccm_seconds ?? 0,
      goal_minutes: goals.additional,
      code: ccmNow.additional,
    },
    cpt_history: history,
    strip,
  };
}
