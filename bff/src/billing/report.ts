import {
  BILLING_CODE_COLUMNS,
  type BillingRow,
  type BillingSortKey,
  ccmBilling,
  type DefaultAmount,
  isoDay,
  type ListPatient,
  PRODUCT,
  type PriceList,
  priceCents,
  pricesInForce,
  RPM_COLUMN_CODES,
  toDollars,
} from '@rpm/shared';
import { type RawBuilder, sql } from 'kysely';
import { carePlanSigned } from '../careplan/signed.js';
import type { Db } from '../db/schema.js';
import { listPatientSql } from '../patients/identity-sql.js';
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
  readonly setup_cpt: string | null;
  readonly compliance_cpt: string | null;
  readonly activity_time_cpt: string | null;
  readonly more_activity_time_cpt: string | null;
  readonly activity_time_60_cpt: string | null;
  readonly ccm_seconds: number;
  readonly ccm_type: number;
  readonly care_plan_signed: boolean;
  readonly claimed_at: Date | null;
}

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
      s.setup_cpt, s.compliance_cpt, s.activity_time_cpt, s.more_activity_time_cpt, s.activity_time_60_cpt,
      s.ccm_seconds, p.ccm_type, ${carePlanSigned('p')} as care_plan_signed, c.claimed_at
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
    where ${filterCondition(filter)} and s.rpm_listed
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
      where ${filterCondition(filter)} and s.rpm_listed order by ${orderBy(order)}`.execute(db)
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

/** How many rows the report lists and how many times each code is billed on them. */
export interface ReportTotals {
  readonly count: number;
  /** Billed units per code (99458 counts once per column it appears in). */
  readonly codes: ReadonlyMap<string, number>;
}

/** The count and billed codes of every row of the filter (not only one page): a query of its own. */
export async function reportTotals(db: Db, filter: BillingFilter): Promise<ReportTotals> {
  return codeTotals(db, filter, RPM_CELLS, sql`s.rpm_listed`);
}

/** One stored code column and one code it may hold. */
export interface CodeCell {
  readonly column: string;
  readonly code: string;
}

/** The RPM code columns of the report with the codes each may hold. */
export const RPM_CELLS: readonly CodeCell[] = BILLING_CODE_COLUMNS.flatMap((column) =>
  RPM_COLUMN_CODES[column.code].map((code) => ({ column: column.field, code })),
);

/** Rows of the filter and how many carry each (column, code): one pass with a filtered count per cell. */
export async function codeTotals(
  db: Db,
  filter: BillingFilter,
  cells: readonly CodeCell[],
  condition: RawBuilder<unknown> = sql`true`,
): Promise<ReportTotals & { readonly cells: readonly number[] }> {
  const counts = sql.join(
    cells.map(
      (cell, n) =>
        sql`(count(*) filter (where ${sql.ref(`s.${cell.column}`)} = ${sql.lit(cell.code)}))::integer as ${sql.ref(`c${n}`)}`,
    ),
  );
  const row = (
    await sql<Record<string, number>>`select count(*)::integer as count, ${counts}
      from patient_month_summary s where ${filterCondition(filter)} and ${condition}`.execute(db)
  ).rows[0];
  const perCell = cells.map((_, n) => row?.[`c${n}`] ?? 0);
  const codes = new Map<string, number>();
  cells.forEach((cell, n) => {
    codes.set(cell.code, (codes.get(cell.code) ?? 0) + (perCell[n] ?? 0));
  });
  return { count: row?.count ?? 0, codes, cells: perCell };
}

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

/** Revenue in dollars of billed units per code. */
export function revenue(codes: ReadonlyMap<string, number>, prices: PriceList): number {
  let cents = 0;
  for (const [code, units] of codes) cents += (prices.get(code) ?? 0) * units;
  return toDollars(cents);
}

/** The patient's name as the report shows and sorts it: 'Lastname, Firstname' (the client upper-cases it). */
export function patientName(row: Pick<RowRecord, 'firstname' | 'lastname'>): string {
  return `${row.lastname}, ${row.firstname}`;
}

/** A summary row as the contract's billing row (001 §3), priced. */
export function toBillingRow(row: RowRecord, prices: PriceList): BillingRow {
  const codes = BILLING_CODE_COLUMNS.map((column) => row[column.field]);
  const ccm = ccmBilling({
    ccmSeconds: row.ccm_seconds,
    ccmType: row.ccm_type,
    carePlanSigned: row.care_plan_signed,
  });
  return {
    patient_id: row.patient_id,
    patient_name: patientName(row),
    patient: row.patient,
    dob: isoDay(row.dob),
    diagnosis_code: row.diagnosis_code,
    assigned_date: row.setup_date ? isoDay(row.setup_date) : null,
    auth_number: row.auth_number,
    setup_cpt: row.setup_cpt,
    compliance_cpt: row.compliance_cpt,
    activity_time_cpt: row.activity_time_cpt,
    more_activity_time_cpt: row.more_activity_time_cpt,
    activity_time_60_cpt: row.activity_time_60_cpt,
    ccm_cpt: ccm.time,
    ccm_additional_cpt: ccm.additional,
    ccm_not_billable: ccm.notBillable,
    [`${PRODUCT}_claim`]: row.claimed_at ? 1 : 0,
    [`${PRODUCT}_claim_date`]: row.claimed_at ? isoDay(row.claimed_at) : null,
    patients_cpt_id: row.id,
    amount: toDollars(priceCents(codes, prices)),
  };
}
