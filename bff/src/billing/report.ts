import {
  BILLING_CODE_COLUMNS,
  type BillingCodeColumn,
  type BillingCodeField,
  type BillingProgram,
  type BillingRow,
  type BillingSortKey,
  codeText,
  type DefaultAmount,
  isoDay,
  type ListPatient,
  PRODUCT,
  type PriceList,
  pricesInForce,
  REPORT_PROGRAMS,
  toDollars,
} from '@rpm/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { listPatientSql } from '../patients/identity-sql.js';
import { notBillableSql } from './period-sql.js';
import { type BillingFilter, filterCondition } from './scope.js';

/** The summary column behind each sort key of the report (BILLING_SORT_KEYS). */
const SORT_COLUMNS = {
  patient_id: 'patient_id',
  patient_name: 'sort_name',
  assigned_date: 'setup_date',
} as const satisfies Record<BillingSortKey, string>;

/** How a billing call orders its rows. */
export interface BillingOrder {
  readonly orderby: BillingSortKey;
  readonly order: 'asc' | 'desc';
}

/** One report row as read from the summary, before pricing. */
interface RowRecord {
  readonly id: number;
  readonly patient_id: number;
  readonly firstname: string;
  readonly lastname: string;
  readonly patient: ListPatient;
  readonly dob: Date;
  readonly diagnosis_code: string | null;
  readonly setup_date: Date | null;
  readonly auth_number: string | null;
  /** The row's period results for the report's programs (billed and blocked). */
  readonly codes: readonly PeriodCode[];
  /** What its blocked codes lack (period-sql.ts notBillableSql). */
  readonly not_billable: string | null;
  readonly claimed_at: Date | null;
}

/** One stored period result of a row (billing_period_codes). */
interface PeriodCode {
  readonly rule_id: string;
  readonly code: string;
  readonly units: number;
  readonly status: 'billed' | 'blocked';
  readonly cents: number;
}

/** The RPM Billing Report's programs (columns.ts REPORT_PROGRAMS). */
const RPM_REPORT: readonly BillingProgram[] = REPORT_PROGRAMS.rpm;

/** A summary row the report lists: one with a code of its programs reached, billed or blocked. */
const listedFor = (programs: readonly BillingProgram[], s = 's') =>
  sql`exists (select 1 from billing_period_codes lc where lc.summary_id = ${sql.ref(`${s}.id`)}
    and lc.program = any(${[...programs]}::text[]) and lc.status <> 'excluded')`;

/**
 * ORDER BY of a page: the key, then the patient id the same way, so pages are stable and each order reads one of the
 * summary's indexes forwards or backwards.
 */
function orderBy(order: BillingOrder, s = 's'): RawBuilder<unknown> {
  const direction = sql.raw(order.order === 'desc' ? 'desc' : 'asc');
  const key = sql.ref(`${s}.${SORT_COLUMNS[order.orderby]}`);
  if (order.orderby === 'patient_id') return sql`${key} ${direction}`;
  return sql`${key} ${direction}, ${sql.ref(`${s}.patient_id`)} ${direction}`;
}

/** The report's columns of a page of summary ids, joined to the patient and the claim. */
function rowsOf(ids: RawBuilder<unknown>, order: BillingOrder): RawBuilder<RowRecord> {
  return sql<RowRecord>`
    select s.id, s.patient_id, p.firstname, p.lastname, ${listPatientSql('p')} as patient, p.dob, p.diagnosis_code, s.setup_date, p.auth_number,
      coalesce((select jsonb_agg(jsonb_build_object('rule_id', pc.rule_id, 'code', pc.code, 'units', pc.units,
          'status', pc.status, 'cents', pc.cents) order by pc.rule_id)
        from billing_period_codes pc where pc.summary_id = s.id and pc.program = any(${[...RPM_REPORT]}::text[])
          and pc.status <> 'excluded'), '[]'::jsonb) as codes,
      ${notBillableSql(RPM_REPORT)} as not_billable,
      c.claimed_at
    from (${ids}) page
    join patient_month_summary s on s.id = page.id
    join patients p on p.patient_id = s.patient_id
    left join billing_claims c on c.patient_id = s.patient_id and c.month = s.month
    order by ${orderBy(order)}`;
}

/** One page of report rows: the offset over the summary's index alone, then only the page's rows joined. */
export async function pageRows(
  db: Db,
  filter: BillingFilter,
  order: BillingOrder,
  page: { readonly page: number; readonly rowsPerPage: number },
): Promise<RowRecord[]> {
  const ids = sql`select s.id from patient_month_summary s
    where ${filterCondition(filter)} and ${listedFor(RPM_REPORT)}
    order by ${orderBy(order)}
    limit ${page.rowsPerPage} offset ${page.page * page.rowsPerPage}`;
  const result = await rowsOf(ids, order).execute(db);
  return result.rows;
}

/** Rows fetched per query when reading a whole month (the PDF). */
const CHUNK = 1000;

/**
 * Every report row of the filter in order (the PDF): the ids from the index, then the rows a thousand at a time, so
 * no query on PGlite's main thread holds the event loop for a large practice.
 */
export async function allRows(
  db: Db,
  filter: BillingFilter,
  order: BillingOrder,
  chunkSize = CHUNK,
): Promise<RowRecord[]> {
  const ids = (
    await sql<{ id: number }>`select s.id from patient_month_summary s
      where ${filterCondition(filter)} and ${listedFor(RPM_REPORT)} order by ${orderBy(order)}`.execute(db)
  ).rows.map((row) => row.id);
  const rows: RowRecord[] = [];
  for (let start = 0; start < ids.length; start += chunkSize) {
    const chunk = ids.slice(start, start + chunkSize);
    // The chunk is a contiguous run of the order, so sorting its rows by the same key keeps them in place.
    const result = await rowsOf(sql`select unnest(${chunk}::integer[]) as id`, order).execute(db);
    rows.push(...result.rows);
  }
  return rows;
}

/** How many rows a report lists and its revenue: billed codes only. */
export interface ReportTotals {
  readonly count: number;
  readonly total: number;
}

/** The count and revenue of every row of the filter for the programs (not only one page): a query of its own. */
export async function programTotals(
  db: Db,
  filter: BillingFilter,
  programs: readonly BillingProgram[],
): Promise<ReportTotals> {
  const row = (
    await sql<{ count: number; cents: number }>`select count(distinct pc.summary_id)::integer as count,
        coalesce(sum(pc.cents) filter (where pc.status = 'billed'), 0)::bigint as cents
      from billing_period_codes pc join patient_month_summary s on s.id = pc.summary_id
      where ${filterCondition(filter)} and pc.program = any(${[...programs]}::text[])
        and pc.status <> 'excluded'`.execute(db)
  ).rows[0];
  return { count: row?.count ?? 0, total: toDollars(Number(row?.cents ?? 0)) };
}

/**
 * The code columns of a month (001 §2.1 "code columns supplied by the server"): the spec's five, then each further
 * code billed in the filter's month, so screen, PDF and CSV carry the same columns and no empty ones.
 */
export async function reportColumns(db: Db, filter: BillingFilter): Promise<string[]> {
  const billed = new Set(
    (
      await sql<{ rule_id: string }>`select distinct pc.rule_id from billing_period_codes pc
        join patient_month_summary s on s.id = pc.summary_id
        where ${filterCondition(filter)} and pc.program = any(${[...RPM_REPORT]}::text[])
          and pc.status = 'billed'`.execute(db)
    ).rows.map((row) => row.rule_id),
  );
  return BILLING_CODE_COLUMNS.filter(
    (column) => column.field !== undefined || column.ruleIds.some((id) => billed.has(id)),
  ).map((column) => column.name);
}

/** The RPM Billing Report's count and revenue. */
export const reportTotals = (db: Db, filter: BillingFilter) => programTotals(db, filter, RPM_REPORT);

/** The insurance default amounts in force in the filter's month. */
export async function monthPrices(db: Db, month: string): Promise<PriceList> {
  const rows = await db
    .selectFrom('insurance_default_amounts')
    .select(['cpt_code', 'amount', 'effective_from'])
    .execute();
  const amounts: DefaultAmount[] = rows.map((row) => ({
    cptCode: row.cpt_code,
    amount: row.amount,
    effectiveFrom: isoDay(row.effective_from),
  }));
  return pricesInForce(amounts, month);
}

/** The patient's name as the report shows and sorts it: 'Lastname, Firstname' (the client upper-cases it). */
export function patientName(row: Pick<RowRecord, 'firstname' | 'lastname'>): string {
  return `${row.lastname}, ${row.firstname}`;
}

/** The text of a cell: the billed code of the column's rules once it reaches the column's unit. */
function cellOf(codes: readonly PeriodCode[], column: BillingCodeColumn): string | null {
  const line = codes.find((c) => c.status === 'billed' && column.ruleIds.includes(c.rule_id));
  if (!line || line.units < column.unit) return null;
  return column.field ? line.code : codeText(line.code, line.units);
}

/** A summary row as the contract's billing row (001 §3), priced from its stored results. */
export function toBillingRow(row: RowRecord): BillingRow {
  const cells = Object.fromEntries(
    BILLING_CODE_COLUMNS.flatMap((column) => {
      const text = cellOf(row.codes, column);
      return text === null ? [] : [[column.name, text]];
    }),
  );
  // The spec's five code fields (001 §3 'Billing row') hold what their columns show.
  const specFields = Object.fromEntries(
    BILLING_CODE_COLUMNS.flatMap((column) =>
      column.field ? [[column.field, cells[column.name] ?? null]] : [],
    ),
  ) as Record<BillingCodeField, string | null>;
  return {
    patient_id: row.patient_id,
    patient_name: patientName(row),
    patient: row.patient,
    dob: isoDay(row.dob),
    diagnosis_code: row.diagnosis_code,
    assigned_date: row.setup_date ? isoDay(row.setup_date) : null,
    auth_number: row.auth_number,
    ...specFields,
    codes: cells,
    not_billable: row.not_billable,
    [`${PRODUCT}_claim`]: row.claimed_at ? 1 : 0,
    [`${PRODUCT}_claim_date`]: row.claimed_at ? isoDay(row.claimed_at) : null,
    patients_cpt_id: row.id,
    amount: toDollars(row.codes.reduce((sum, c) => sum + (c.status === 'billed' ? c.cents : 0), 0)),
  };
}
