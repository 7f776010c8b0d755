import {
  coReadBillingList,
  hstBillingList,
  hstOrderBillingList,
  lowestRoleId,
  SLEEP_BILLING_TYPES,
  SLEEP_CONSULT_CPT,
  SLEEP_CONSULT_TYPE,
  SLEEP_STUDY_CPT,
  SLEEP_STUDY_KIND_LABELS,
  SLEEP_STUDY_STATUS_LABELS,
  SLEEP_VISIT_STATUS,
  sleepBillingReportList,
  sleepBillingTypesFor,
} from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { dayText } from '../db/sql-day.js';
import { type ListContext, listSource } from '../lists/declare.js';
import { patientSearchSql } from '../lists/patient-search.js';
import { labelSql } from '../lists/rank.js';
import { foreignFilterValue, type ListViewer } from '../lists/source.js';
import { and, by, byPatientName, fullName, PRACTICE_FILTER, practiceOptions } from '../lists/sql.js';
import { patientFields } from '../patients/identity-sql.js';
import { recentMonths } from '../patients/list-store.js';

/**
 * The sleep billing lists' store: billable lines of the studies of patients in scope with their CPT code and the
 * organisation's price; service days are UTC days.
 */

type BillingListName = 'co-read-billing' | 'hst-billing' | 'hst-order-billing';

const CPT = labelSql('s.kind', SLEEP_STUDY_CPT);
const utcDay = (at: RawBuilder<unknown>) => sql`(${at} at time zone 'UTC')::date`;

/** One line's parts: its type, service day, provider, and which studies it bills. */
interface LineSpec {
  readonly type: number;
  readonly day: RawBuilder<unknown>;
  readonly provider: RawBuilder<unknown>;
  readonly where: RawBuilder<unknown>;
}

const HST_RECORDED: LineSpec = {
  type: 1,
  day: sql`s.recorded_on`,
  provider: sql`s.ordering_physician_id`,
  where: sql`s.kind = 'hst' and s.recorded_on is not null`,
};
const SIGNED: LineSpec = {
  type: 2,
  day: utcDay(sql`si.signed_at`),
  provider: sql`si.signed_by`,
  where: sql`si.signed_at is not null`,
};
/** What each list bills (decisions.md "Sleep billing lists"). */
const LINES: Record<BillingListName, LineSpec> = {
  'co-read-billing': {
    type: 2,
    day: utcDay(sql`si.co_signed_at`),
    provider: sql`si.co_reader_id`,
    where: sql`si.co_signed_at is not null`,
  },
  'hst-billing': {
    type: 1,
    day: sql`s.recorded_on`,
    provider: sql`si.signed_by`,
    where: sql`s.kind = 'hst' and si.signed_at is not null`,
  },
  'hst-order-billing': {
    type: 1,
    day: utcDay(sql`s.ordered_at`),
    provider: sql`s.ordering_physician_id`,
    where: sql`s.kind = 'hst'`,
  },
};

// Each line carries its kind's and status's labels, and whether it bills yet: nothing for an HST order not yet
// recorded.
const lineSql = (spec: LineSpec) => sql`select s.study_id * 10 + ${sql.lit(spec.type)} as line_id, s.study_id,
    ${sql.lit(spec.type)}::text as type, ${labelSql('s.kind', SLEEP_STUDY_KIND_LABELS)} as kind,
    ${labelSql('s.status', SLEEP_STUDY_STATUS_LABELS)} as status, s.status <> 'ordered' as billable, s.patient_id,
    ${spec.day} as service_date, ${spec.provider} as provider_id, ${CPT} as cpt_code
  from sleep_studies s left join sleep_interpretations si on si.study_id = s.study_id
  where ${spec.where}`;

/** Type 3: completed consults (001 §2.4 status 3), billed by the physician on the consult's UTC day. */
const CONSULT_LINES = sql`select c.consult_id * 10 + 3 as line_id, null::integer as study_id, '3'::text as type,
    ${labelSql('c.consult_type', SLEEP_CONSULT_TYPE)} as kind, ${labelSql('c.status', SLEEP_VISIT_STATUS)} as status,
    true as billable, c.patient_id, ${utcDay(sql`c.scheduled_at`)} as service_date, c.physician_id as provider_id,
    ${labelSql('c.consult_type', SLEEP_CONSULT_CPT)} as cpt_code
  from sleep_consults c
  where c.status = 3 and c.cancelled_at is null`;

/** The lines of a list as a derived table `l` with its patient, practice, provider and price. */
function fromOf(lines: RawBuilder<unknown>) {
  return sql`(${lines}) l
    join patients p on p.patient_id = l.patient_id
    join practices pr on pr.practice_id = p.practice_id
    left join users pv on pv.user_id = l.provider_id
    left join hst_billing_prices hp on hp.organization_id = pr.organization_id and hp.cpt_code = l.cpt_code`;
}

const TYPE = labelSql('l.type', SLEEP_BILLING_TYPES);
const MONTH = sql<string>`to_char(l.service_date, 'YYYY-MM')`;
const PROVIDER = sql<string | null>`case when pv.user_id is not null then ${fullName('pv')} end`;
const AMOUNT = sql<number | null>`case when l.billable then hp.price_cents / 100.0 end`;

/** The filters every sleep billing list has. */
const WHERE = {
  month: {
    shows: 'month',
    as: 'value',
    when: (months: readonly string[]) => sql<SqlBool>`${MONTH} = any(${[...months]}::text[])`,
  },
  practice: PRACTICE_FILTER,
} as const;

/** What every sleep billing list declares alike, over its lines. */
const billingList = (lines: RawBuilder<unknown>) => ({
  from: fromOf(lines),
  scope: ({ viewer }: ListContext) => viewer.scope.visible('p'),
  id: 'l.line_id',
  select: () => ({
    line_id: sql`l.line_id`,
    study_id: sql`l.study_id`,
    ...patientFields(),
    dob: dayText('p.dob'),
    practice_name: sql`pr.practice_name`,
    type: TYPE,
    kind: sql`l.kind`,
    month: MONTH,
    service_date: dayText('l.service_date'),
    cpt_code: sql`l.cpt_code`,
    provider: PROVIDER,
    status: sql`l.status`,
    amount: AMOUNT,
  }),
  sort: () => ({
    study_id: by(sql`l.study_id`),
    patient_name: byPatientName,
    dob: by(sql`p.dob`),
    month: by(MONTH),
    service_date: by(sql`l.service_date`),
    cpt_code: by(sql`l.cpt_code`),
    amount: by(AMOUNT),
  }),
  where: WHERE,
  search: (text: string) => patientSearchSql(text, 'l.study_id'),
  options: async (db: Db, viewer: ListViewer) => ({
    month: recentMonths(viewer.now),
    practice: await practiceOptions(db, viewer),
  }),
});

/** The Sleep Billing Report's types the viewer may see (001 §2.4). */
const typesOf = (viewer: ListViewer): string[] => sleepBillingTypesFor(lowestRoleId(viewer.auth.roleid));
const typeIn = (types: readonly string[]) => sql<SqlBool>`l.type = any(${[...types]}::text[])`;

/** The Sleep Billing Report: every type's lines, those of the types the viewer may see. */
const sleepBillingReportSource = listSource(sleepBillingReportList, {
  ...billingList(sql.join([lineSql(HST_RECORDED), lineSql(SIGNED), CONSULT_LINES], sql` union all `)),
  scope: ({ viewer }) => and([viewer.scope.visible('p'), typeIn(typesOf(viewer))]),
  where: {
    ...WHERE,
    type: {
      shows: 'type',
      when: (types, { viewer }) => {
        // A type the caller may not see is refused (403 naming the field), not silently emptied.
        const allowed = typesOf(viewer);
        if (types.some((type) => !allowed.includes(type))) throw foreignFilterValue('type');
        return typeIn(types);
      },
    },
  },
});

/** The sources of the sleep billing lists, by list name (bff/src/embedded.ts LIST_SOURCES). */
export const sleepBillingSources = () => ({
  'sleep-billing-report': sleepBillingReportSource,
  'co-read-billing': listSource(coReadBillingList, billingList(lineSql(LINES['co-read-billing']))),
  'hst-billing': listSource(hstBillingList, billingList(lineSql(LINES['hst-billing']))),
  'hst-order-billing': listSource(hstOrderBillingList, billingList(lineSql(LINES['hst-order-billing']))),
});
