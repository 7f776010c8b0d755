import {
  lowestRoleId,
  SLEEP_BILLING_TYPES,
  SLEEP_CONSULT_CPT,
  SLEEP_CONSULT_TYPE,
  SLEEP_STUDY_CPT,
  SLEEP_STUDY_KIND_LABELS,
  SLEEP_STUDY_STATUS_LABELS,
  SLEEP_VISIT_STATUS,
  type SleepBillingRow,
  sleepBillingTypesFor,
} from '@rpm/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { sliceSource } from '../lists/slice-source.js';
import { foreignFilterValue, type ListSource, type ListView, type ListViewer } from '../lists/source.js';
import {
  and,
  type Base,
  by,
  byText,
  countWhere,
  fullName,
  inIds,
  likeWord,
  options,
  orderSql,
  searchTerms,
} from '../lists/sql.js';
import { idValues, optionValues } from '../lists/view-values.js';
import { listPatientSql } from '../patients/identity-sql.js';
import { recentMonths } from '../patients/list-store.js';
import { labelSql } from './study-list-store.js';

/**
 * The sleep billing lists' store (issue 15 §3; shared/src/lists/sleep-billing.ts): billable lines of the studies of
 * patients in the viewer's scope, each with its CPT code and the organisation's price (hst_billing_prices).
 * Service days of signatures are UTC days, like the study lists' timestamps.
 */

type Where = RawBuilder<SqlBool>;
type BillingListName = 'sleep-billing-report' | 'co-read-billing' | 'hst-billing' | 'hst-order-billing';

const CPT = labelSql(SLEEP_STUDY_CPT, sql`s.kind`);
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
const LINES: Record<Exclude<BillingListName, 'sleep-billing-report'>, LineSpec> = {
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
    ${sql.lit(spec.type)}::text as type, ${labelSql(SLEEP_STUDY_KIND_LABELS, sql`s.kind`)} as kind,
    ${labelSql(SLEEP_STUDY_STATUS_LABELS, sql`s.status`)} as status, s.status <> 'ordered' as billable, s.patient_id,
    ${spec.day} as service_date, ${spec.provider} as provider_id, ${CPT} as cpt_code
  from sleep_studies s left join sleep_interpretations si on si.study_id = s.study_id
  where ${spec.where}`;

/** Type 3: completed consults (001 §2.4 status 3), billed by the physician on the consult's UTC day. */
const CONSULT_LINES = sql`select c.consult_id * 10 + 3 as line_id, null::integer as study_id, '3'::text as type,
    ${labelSql(SLEEP_CONSULT_TYPE, sql`c.consult_type`)} as kind, ${labelSql(SLEEP_VISIT_STATUS, sql`c.status`)} as status,
    true as billable, c.patient_id, ${utcDay(sql`c.scheduled_at`)} as service_date, c.physician_id as provider_id,
    ${labelSql(SLEEP_CONSULT_CPT, sql`c.consult_type`)} as cpt_code
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

/** The Sleep Billing Report's types for the viewer: those asked for, each one the viewer may see (001 §2.4). */
function reportTypes(viewer: ListViewer, view: ListView): number[] {
  const allowed = sleepBillingTypesFor(lowestRoleId(viewer.auth.roleid));
  const asked = optionValues(view, 'type');
  if (!asked || asked.length === 0) return allowed.map(Number);
  // A type the caller may not see is refused (403 naming the field), not silently emptied.
  for (const type of asked) if (!(allowed as string[]).includes(type)) throw foreignFilterValue('type');
  return asked.map(Number);
}

function linesOf(name: BillingListName, viewer: ListViewer, view: ListView): RawBuilder<unknown> {
  if (name !== 'sleep-billing-report') return lineSql(LINES[name]);
  const types = reportTypes(viewer, view);
  const parts = [HST_RECORDED, SIGNED].filter((spec) => types.includes(spec.type)).map(lineSql);
  if (types.includes(3)) parts.push(CONSULT_LINES);
  // No type the viewer may see: no lines.
  if (parts.length === 0) return sql`${lineSql(SIGNED)} and false`;
  return sql.join(parts, sql` union all `);
}

const TYPE = labelSql(SLEEP_BILLING_TYPES, sql`l.type`);
const MONTH = sql<string>`to_char(l.service_date, 'YYYY-MM')`;
const PROVIDER = sql<string | null>`case when pv.user_id is not null then ${fullName('pv')} end`;
const AMOUNT = sql<number | null>`case when l.billable then hp.price_cents / 100.0 end`;

const ORDER = {
  study_id: by(sql`l.study_id`),
  patient_name: by(sql`billing_sort_name(p.lastname, p.firstname) collate "C"`),
  dob: by(sql`p.dob`),
  practice_name: byText(sql`pr.practice_name`),
  type: byText(TYPE),
  kind: byText(sql`l.kind`),
  month: by(MONTH),
  service_date: by(sql`l.service_date`),
  cpt_code: by(sql`l.cpt_code`),
  provider: byText(PROVIDER),
  status: byText(sql`l.status`),
  amount: by(AMOUNT),
};

/**
 * The search box over patients `p`: every word in the patient's name, or an id that is the patient's or the row's
 * own (`rowId`); undefined without a search.
 */
export function patientSearch(view: ListView, rowId: RawBuilder<unknown>): Where | undefined {
  const { searchWords, searchId } = searchTerms(view.search ?? '');
  const words = searchWords.map(
    (word) => sql<SqlBool>`billing_sort_name(p.lastname, p.firstname) like ${likeWord(word)} escape '\\'`,
  );
  if (words.length === 0) return undefined;
  return searchId === null
    ? and(words)
    : sql<SqlBool>`(p.patient_id = ${searchId} or ${rowId} = ${searchId} or ${and(words)})`;
}

/** The practices in the viewer's scope, as filter options. */
export const practiceOptions = (db: Db, viewer: ListViewer) =>
  options(
    db,
    sql`select pr.practice_id as value, pr.practice_name as label from practices pr
      where ${viewer.scope.all ? sql`true` : inIds('pr.practice_id', [0, ...viewer.scope.practiceIds])}
      order by lower(pr.practice_name) collate "C", pr.practice_id`,
  );

type Lines = Base & { readonly from: RawBuilder<unknown> };

function source(name: BillingListName): ListSource<SleepBillingRow> {
  return sliceSource<SleepBillingRow, Lines>({
    filtered(db, viewer, view) {
      const parts: Where[] = [viewer.scope.all ? sql<SqlBool>`true` : viewer.scope.visible('p')];
      const months = optionValues(view, 'month');
      if (months && months.length > 0) parts.push(sql<SqlBool>`${MONTH} = any(${[...months]}::text[])`);
      const practices = idValues(view, 'practice');
      if (practices) parts.push(inIds('p.practice_id', practices));
      const search = patientSearch(view, sql`l.study_id`);
      if (search) parts.push(search);
      return { db, where: and(parts), from: fromOf(linesOf(name, viewer, view)) };
    },
    count: (base) => countWhere(base, base.from),
    async slice({ db, where, from }, _viewer, view, offset, limit) {
      const { rows } = await sql<
        Omit<SleepBillingRow, 'dob' | 'service_date' | 'amount'> & {
          dob: Date;
          service_date: Date;
          amount: string | number | null;
        }
      >`
        select l.line_id, l.study_id, l.patient_id, ${fullName('p')} as patient_name, ${listPatientSql('p')} as patient, p.dob, pr.practice_name,
          ${TYPE} as type, l.kind, ${MONTH} as month, l.service_date, l.cpt_code,
          ${PROVIDER} as provider, l.status, ${AMOUNT} as amount
        from ${from}
        where ${where}
        order by ${orderSql(view, ORDER, 'l.line_id')}
        limit ${limit} offset ${offset}`.execute(db);
      return rows.map((r) => ({
        ...r,
        dob: r.dob.toISOString().slice(0, 10),
        service_date: r.service_date.toISOString().slice(0, 10),
        amount: r.amount === null ? null : Number(r.amount),
      }));
    },
    async options(db, viewer) {
      return {
        month: recentMonths(viewer.now),
        practice: await practiceOptions(db, viewer),
      };
    },
  });
}

/** The sources of the sleep billing lists, by list name (bff/src/embedded.ts LIST_SOURCES). */
export function sleepBillingSources(): Record<BillingListName, ListSource<SleepBillingRow>> {
  return {
    'sleep-billing-report': source('sleep-billing-report'),
    'co-read-billing': source('co-read-billing'),
    'hst-billing': source('hst-billing'),
    'hst-order-billing': source('hst-order-billing'),
  };
}
