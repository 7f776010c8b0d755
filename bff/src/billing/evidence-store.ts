import { BILLING_CODES, isoDay, monthsBefore } from '@rpm/shared';
import { sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { dayText, sqlDay, timeText } from '../db/sql-day.js';
import { forbidden, notFound } from '../domain-errors.js';
import { fullName, userName } from '../lists/sql.js';
import { refreshPeriod } from './period-store.js';
import { type BillingScope, inScope, NO_PRACTICE_ACCESS } from './scope.js';

/**
 * The facts behind one patient-month's codes (decisions.md "Billing evidence bundle"), read as the billing engine
 * reads them (period-store.ts): reading days from the readings (UTC days), minutes from `time_logs` by program,
 * interactive contact from answered calls, consent from enrolment orders, the signed care plan, authorisations.
 */

/** The month of 'YYYY-MM-01' as instants: its first and the next month's first (UTC, as the summary counts). */
const bounds = (month: string) => ({
  from: new Date(`${month}T00:00:00Z`),
  to: new Date(`${monthsBefore(month.slice(0, 7), -1)}-01T00:00:00Z`),
  nextMonth: `${monthsBefore(month.slice(0, 7), -1)}-01`,
});

/**
 * The patient's readings of a billing month, per UTC day and device: a range on taken_at, so it reads the month's
 * partition only (decisions.md "Readings partitioned by month").
 */
export function readingDays(db: Db, patientId: number, month: string) {
  const { from, to } = bounds(month);
  return db
    .selectFrom('readings as r')
    .innerJoin('device_assignments as da', 'da.device_assign_id', 'r.device_assign_id')
    .innerJoin('devices as d', 'd.inventory_id', 'da.inventory_id')
    .select([
      sql<string>`to_char(r.taken_at at time zone 'UTC', 'YYYY-MM-DD')`.as('day'),
      'd.device_name',
      'd.imei',
      sql<number>`count(*)::integer`.as('readings'),
    ])
    .where('r.patient_id', '=', patientId)
    .where('r.taken_at', '>=', from)
    .where('r.taken_at', '<', to)
    .groupBy([sql`1`, 'd.device_name', 'd.imei'])
    .orderBy(sql`1`)
    .orderBy('d.imei');
}

/** The rank of a rule in the declaration, the order the engine weighs codes in. */
const RULE_ORDER = new Map(BILLING_CODES.map((rule, n) => [rule.id, n]));

/**
 * Everything the evidence PDF prints for a report row (`patient_month_summary` id): 404 for an unknown id, 403
 * outside the biller's practices (as a claim, claims.ts). The month's results of the patient's practice are
 * refreshed first, so the codes are the ones the report shows.
 */
export async function evidenceBundle(db: Db, scope: BillingScope, summaryId: number, now: Date) {
  const head = await db
    .selectFrom('patient_month_summary')
    .select(['patient_id', 'month', 'practice_id', 'location_id'])
    .where('id', '=', summaryId)
    .executeTakeFirst();
  if (!head) throw notFound(`Billing row ${summaryId} does not exist.`, 'id');
  if (!inScope(scope, head.practice_id, head.location_id)) throw forbidden(NO_PRACTICE_ACCESS, 'id');
  const month = isoDay(head.month);
  await refreshPeriod(
    db,
    {
      month,
      practiceId: head.practice_id,
      locationId: null,
      locationIds: null,
      organizationId: null,
      scope,
      searchWords: [],
      searchId: null,
    },
    now,
  );
  const { from, to, nextMonth } = bounds(month);
  const patientId = head.patient_id;
  const summary = await db
    .selectFrom('patient_month_summary as s')
    .innerJoin('patients as p', 'p.patient_id', 's.patient_id')
    .innerJoin('practices as pr', 'pr.practice_id', 's.practice_id')
    .select([
      's.id',
      'p.patient_id',
      'p.firstname',
      'p.lastname',
      dayText('p.dob').as('dob'),
      'p.mrn',
      'pr.practice_name',
      's.reading_days',
      's.rpm_seconds',
      's.rtm_seconds',
      's.ccm_seconds',
      's.bhi_seconds',
      's.pcm_seconds',
    ])
    .where('s.id', '=', summaryId)
    .executeTakeFirstOrThrow();
  const readings = await readingDays(db, patientId, month).execute();
  const timeLogs = await db
    .selectFrom('time_logs as t')
    .innerJoin('users as u', 'u.user_id', 't.user_id')
    .select([
      timeText('t.logged_at').as('logged_at'),
      fullName('u').as('person'),
      sql<{ id: number; role: string }[]>`coalesce((select jsonb_agg(jsonb_build_object('id', ro.role_id,
        'role', ro.role) order by ro.role_id) from user_roles ur join roles ro on ro.role_id = ur.role_id
        where ur.user_id = u.user_id), '[]'::jsonb)`.as('roles'),
      't.program',
      't.seconds',
      't.note',
      't.category',
      't.interactive',
      't.manual',
    ])
    .where('t.patient_id', '=', patientId)
    .where('t.logged_at', '>=', from)
    .where('t.logged_at', '<', to)
    .orderBy('t.logged_at')
    .orderBy('t.time_log_id')
    .execute();
  // Interactive contact as the engine counts it (period-store.ts): an answered call with time on it, or time logged
  // as an interactive contact (the time log's column above).
  const calls = await db
    .selectFrom('call_records as c')
    .leftJoin('users as u', 'u.user_id', 'c.agent_user_id')
    .select([
      timeText('c.started_at').as('started_at'),
      'c.direction',
      'c.duration_seconds',
      sql<string>`coalesce(${userName('u')}, c.agent_name, '')`.as('agent'),
    ])
    .where('c.patient_id', '=', patientId)
    .where('c.started_at', '>=', from)
    .where('c.started_at', '<', to)
    .where('c.outcome', 'in', ['Accepted', 'Called'])
    .where(sql<boolean>`coalesce(c.duration_seconds, 0) > 0`)
    .orderBy('c.started_at')
    .orderBy('c.call_id')
    .execute();
  // Every order dated before the month ends; consent counts when dated before the month ends too.
  const orders = await db
    .selectFrom('enrollment_orders')
    .select([
      'program',
      dayText('order_date').as('order_date'),
      dayText('consent_date').as('consent_date'),
      'consent_method',
      'ordering_provider',
    ])
    .where('patient_id', '=', patientId)
    .where('order_date', '<', sqlDay(nextMonth))
    .orderBy('program')
    .orderBy('order_date')
    .orderBy('order_id')
    .execute();
  const carePlan = await carePlanOf(db, patientId, to);
  const authorizations = await db
    .selectFrom('order_authorizations as a')
    .innerJoin('enrollment_orders as o', 'o.order_id', 'a.order_id')
    .select([
      'a.authorization_number',
      'o.program',
      dayText('a.start_date').as('start_date'),
      dayText('a.end_date').as('end_date'),
    ])
    .where('a.patient_id', '=', patientId)
    .where('a.start_date', '<', sqlDay(nextMonth))
    .where('a.end_date', '>=', sqlDay(month))
    .orderBy('a.start_date')
    .orderBy('a.authorization_id')
    .execute();
  const codes = (
    await db
      .selectFrom('billing_period_codes')
      .select(['rule_id', 'code', 'program', 'status', 'units', 'cents', 'unmet', 'excluded_by'])
      .where('summary_id', '=', summaryId)
      .execute()
  ).sort((a, b) => (RULE_ORDER.get(a.rule_id) ?? 0) - (RULE_ORDER.get(b.rule_id) ?? 0));
  return { month, summary, readings, timeLogs, calls, orders, carePlan, authorizations, codes };
}

export type EvidenceBundle = Awaited<ReturnType<typeof evidenceBundle>>;

/**
 * The care plan behind the month (decisions.md "Care plan in force"): the newest version signed before the month
 * ended; when none was, the first one signed after it (the engine counts any signed plan, period-store.ts).
 */
async function carePlanOf(db: Db, patientId: number, monthEnd: Date) {
  const signed = () =>
    db
      .selectFrom('care_plan_versions as v')
      .leftJoin('users as u', 'u.user_id', 'v.signed_by')
      .select([
        'v.version',
        sql<string>`coalesce(${fullName('u')}, '')`.as('signed_by'),
        timeText('v.signed_at').as('signed_at'),
      ])
      .where('v.patient_id', '=', patientId)
      .where('v.signed_at', 'is not', null);
  const before = await signed()
    .where('v.signed_at', '<', monthEnd)
    .orderBy('v.signed_at', 'desc')
    .orderBy('v.version', 'desc')
    .executeTakeFirst();
  if (before) return { ...before, inForce: true };
  const after = await signed().orderBy('v.signed_at', 'asc').orderBy('v.version').executeTakeFirst();
  return after ? { ...after, inForce: false } : null;
}
