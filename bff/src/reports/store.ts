import {
  billingCode,
  COMPLIANCE_HISTORY_MONTHS,
  COMPLIANCE_TARGET_DAYS,
  complianceStripMonths,
  complianceStripState,
  isoDay,
  monthsBefore,
} from '@rpm/shared';
import { sql } from 'kysely';
import { type CcmFacts, ccmFactColumns, summaryCodes } from '../chart/targets-store.js';
import type { Db } from '../db/schema.js';
import { sqlDay } from '../db/sql-day.js';
import { invalid } from '../domain-errors.js';
import { fullName } from '../lists/sql.js';
import { monthPace, progressOf } from '../patients/progress.js';

/** The first instant of a month 'YYYY-MM' and of the month after it (readings are counted in UTC days). */
const monthBounds = (month: string) => ({
  from: new Date(`${month}-01T00:00:00Z`),
  to: new Date(`${monthsBefore(month, -1)}-01T00:00:00Z`),
});

/** The summary rows of a patient from `first` ('YYYY-MM') on, oldest first. */
const summaryRows = (db: Db, patientId: number, first: string) =>
  db
    .selectFrom('patient_month_summary')
    .selectAll()
    .where('patient_id', '=', patientId)
    .where('month', '>=', sqlDay(`${first}-01`))
    .orderBy('month', 'asc')
    .execute();

/** The patient's CCM type (which CCM codes) and set-up date (the strip's grey months). */
const billingFacts = async (db: Db, patientId: number) =>
  await db
    .selectFrom('patients')
    .select(['setup_date', ...ccmFactColumns('patients')])
    .where('patient_id', '=', patientId)
    .executeTakeFirstOrThrow();

/** A summary row as the contract's month figures. */
const figures = (
  r: Awaited<ReturnType<typeof summaryRows>>[number] | undefined,
  month: string,
  facts: CcmFacts,
) => ({
  month,
  reading_days: r?.reading_days ?? 0,
  rpm_seconds: r?.rpm_seconds ?? 0,
  ccm_seconds: r?.ccm_seconds ?? 0,
  codes: r ? summaryCodes(r, facts) : [],
});

/**
 * The months the Reports tab offers (decisions.md "Report months"): every month up to the current one with readings,
 * logged RPM, RTM or CCM time or a set-up, newest first, with the month's alert count.
 */
export async function reportMonths(db: Db, patientId: number, now: Date) {
  const current = isoDay(now).slice(0, 7);
  const facts = await billingFacts(db, patientId);
  const rows = await db
    .selectFrom('patient_month_summary')
    .selectAll()
    .where('patient_id', '=', patientId)
    .where('month', '<=', sqlDay(`${current}-01`))
    .where((eb) =>
      eb.or([
        eb('reading_days', '>', 0),
        eb('rpm_seconds', '>', 0),
        eb('rtm_seconds', '>', 0),
        eb('ccm_seconds', '>', 0),
        eb('setup_cpt', 'is not', null),
      ]),
    )
    .orderBy('month', 'desc')
    .execute();
  const { rows: alerts } = await sql<{ month: string; alerts: number }>`
    select to_char(taken_at at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as alerts
      from alerts where patient_id = ${patientId} group by 1`.execute(db);
  const alertsIn = new Map(alerts.map((a) => [a.month, a.alerts]));
  return rows.map((r) => {
    const month = isoDay(r.month).slice(0, 7);
    return { ...figures(r, month, facts), alerts: alertsIn.get(month) ?? 0 };
  });
}

/** Everything the monthly RPM summary prints for one patient and month (report-pdf.ts lays it out). */
export async function monthlyReport(db: Db, patientId: number, month: string, now: Date) {
  if (month > isoDay(now).slice(0, 7)) throw invalid('The month has not started yet.', 'month');
  const { from, to } = monthBounds(month);
  const patient = await db
    .selectFrom('patients as p')
    .leftJoin('users as ph', 'ph.user_id', 'p.physician_id')
    .select([
      'p.patient_id',
      'p.firstname',
      'p.lastname',
      'p.dob',
      'p.diagnosis_code',
      ...ccmFactColumns('p'),
      fullName('ph').as('physician'),
    ])
    .where('p.patient_id', '=', patientId)
    .executeTakeFirstOrThrow();
  const summary = await db
    .selectFrom('patient_month_summary')
    .selectAll()
    .where('patient_id', '=', patientId)
    .where('month', '=', sqlDay(`${month}-01`))
    .executeTakeFirst();
  const readings = await db
    .selectFrom('readings as r')
    .innerJoin('vitals as v', 'v.vital_id', 'r.vital_id')
    .select(['v.vital_id', 'v.vital_type', 'v.unit', 'r.value', 'r.taken_at'])
    .where('r.patient_id', '=', patientId)
    .where('r.taken_at', '>=', from)
    .where('r.taken_at', '<', to)
    .orderBy('v.vital_id')
    .orderBy('r.taken_at')
    .execute();
  const alerts = await db
    .selectFrom('alerts as a')
    .innerJoin('vitals as v', 'v.vital_id', 'a.vital_id')
    .leftJoin('users as u', 'u.user_id', 'a.acknowledged_by')
    .select([
      'a.taken_at',
      'v.vital_type',
      'v.unit',
      'a.level',
      'a.direction',
      'a.value',
      'a.bound',
      'a.acknowledged_at',
      fullName('u').as('acknowledged_by'),
      'a.acknowledge_note',
    ])
    .where('a.patient_id', '=', patientId)
    .where('a.taken_at', '>=', from)
    .where('a.taken_at', '<', to)
    .orderBy('a.taken_at')
    .orderBy('a.alert_id')
    .execute();
  const timeLogs = await db
    .selectFrom('time_logs as t')
    .innerJoin('users as u', 'u.user_id', 't.user_id')
    .select(['t.logged_at', 't.program', 't.seconds', 't.note', fullName('u').as('staff')])
    .where('t.patient_id', '=', patientId)
    .where('t.logged_at', '>=', from)
    .where('t.logged_at', '<', to)
    .orderBy('t.logged_at')
    .orderBy('t.time_log_id')
    .execute();
  return {
    patient: { ...patient, dob: isoDay(patient.dob) },
    month,
    figures: figures(summary, month, patient),
    readings: readings.map((r) => ({ ...r, value: Number(r.value) })),
    alerts: alerts.map((a) => ({ ...a, value: Number(a.value), bound: Number(a.bound) })),
    timeLogs,
  };
}

export type MonthlyReport = Awaited<ReturnType<typeof monthlyReport>>;

/**
 * The Compliance Info tab (001 §2.9, §9): the last COMPLIANCE_HISTORY_MONTHS months' reading days and minutes, the
 * five-month strip as the patient lists draw it, and this month's device-supply targets with the days still needed
 * and whether the days left can still bring them (bff/src/patients/progress.ts, the one reading-day rule).
 */
export async function complianceInfo(db: Db, patientId: number, now: Date) {
  const today = isoDay(now);
  const current = today.slice(0, 7);
  const facts = await billingFacts(db, patientId);
  const { setup_date } = facts;
  const first = monthsBefore(current, COMPLIANCE_HISTORY_MONTHS - 1);
  const strip = complianceStripMonths(today);
  // The strip's months (from six months back) lie within the table's twelve.
  const rows = await summaryRows(db, patientId, first);
  const rowOf = (month: string) => rows.find((r) => isoDay(r.month).startsWith(month));
  const months = Array.from({ length: COMPLIANCE_HISTORY_MONTHS }, (_, n) => {
    const month = monthsBefore(current, n);
    return figures(rowOf(month), month, facts);
  });
  const setupDate = setup_date ? isoDay(setup_date) : null;
  const readingDays = rowOf(current)?.reading_days ?? 0;
  const pace = monthPace(current, now);
  const partialRule = billingCode('99445');
  const partial =
    partialRule.effectiveFrom <= today && partialRule.measure.kind === 'days'
      ? { code: partialRule.code, minDays: partialRule.measure.min }
      : null;
  // decisions.md "Device-supply targets": 99454 at 16 days, and from 2026 99445 at 2, each with what is missing.
  const targets = [
    { code: '99454', days: COMPLIANCE_TARGET_DAYS },
    ...(partial ? [{ code: partial.code, days: partial.minDays }] : []),
  ].map((t) => {
    const needed = Math.max(0, t.days - readingDays);
    return { ...t, days_needed: needed, reachable: needed <= pace.daysLeft };
  });
  return {
    months,
    strip: strip.map((month) => ({
      month,
      state: complianceStripState(
        month,
        setupDate,
        (rowOf(month)?.reading_days ?? 0) >= COMPLIANCE_TARGET_DAYS,
      ),
    })),
    current: {
      month: current,
      reading_days: readingDays,
      days_left: pace.daysLeft,
      targets,
      progress: progressOf(readingDays, pace),
    },
  };
}
