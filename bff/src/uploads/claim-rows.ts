import {
  CLAIM_AMOUNT_MAX,
  CLAIM_CODE,
  CLAIM_NUMBER,
  CLAIM_TEXT,
  type ClaimLineStatus,
  DENIAL_REASON_MAX,
  displayDate,
  isCalendarDay,
  isoDay,
  MSG,
} from '@rpm/shared';
import { sql, type Transaction } from 'kysely';
import { type BillingScope, billingScope, billingScopeSql } from '../billing/scope.js';
import type { Database, Db } from '../db/schema.js';
import {
  type Changes,
  type ClaimPayload,
  type ClaimRecord,
  COMPARED,
  lineKey,
  writeClaimLines,
} from './claim-write.js';
import type { CheckedRow, RowProblem, UploadKindRows } from './engine.js';
import { dayOf } from './names.js';

/**
 * Billing Uploads' rows (decisions.md "Billing Uploads"): a payer's claim line, its patient found by MRN within the
 * biller's practices (billingScope), known by claim, code and date of service; the same line again is unchanged,
 * with another patient, status, amount or reason an update, and every status written is kept in the history.
 */

type Executor = Db | Transaction<Database>;

/** A row's cells read, without its patient; `fields` only when every cell is right. */
function convert(cells: Record<string, string>, today: string) {
  const problems: RowProblem[] = [];
  const add = (field: string, message: string) => problems.push({ field, message });
  const cell = (field: string) => (cells[field] ?? '').trim();
  const required = (field: string) => {
    const text = cell(field);
    if (text === '') add(field, MSG.required);
    return text;
  };
  const claim = required('claim_number').toUpperCase();
  if (claim !== '' && !CLAIM_NUMBER.test(claim)) add('claim_number', CLAIM_TEXT.claim);
  const mrn = required('mrn');
  const code = required('cpt_code').toUpperCase();
  if (code !== '' && !CLAIM_CODE.test(code)) add('cpt_code', CLAIM_TEXT.code);
  const dosText = required('date_of_service');
  const dos = dayOf(dosText);
  if (dosText !== '' && (!isCalendarDay(dos) || dos > today)) add('date_of_service', CLAIM_TEXT.date);
  const status = required('status').toLowerCase();
  if (status !== '' && status !== 'paid' && status !== 'denied') add('status', CLAIM_TEXT.status);
  // '$1,250.00' is read as 1250: spreadsheets write dollars so.
  const amountText = required('amount').replace(/[$,\s]/g, '');
  const amount = Number(amountText);
  if (amountText !== '') {
    if (/^-\d+(\.\d+)?$/.test(amountText)) add('amount', CLAIM_TEXT.negative);
    else if (!/^\d+(\.\d{1,2})?$/.test(amountText)) add('amount', CLAIM_TEXT.amount);
    else if (amount > CLAIM_AMOUNT_MAX) add('amount', CLAIM_TEXT.tooLarge);
  }
  const reason = cell('denial_reason').replace(/\s+/g, ' ');
  if (status === 'denied' && reason === '') add('denial_reason', CLAIM_TEXT.reasonRequired);
  else if (status === 'paid' && reason !== '') add('denial_reason', CLAIM_TEXT.reasonOnPaid);
  else if (reason.length > DENIAL_REASON_MAX) add('denial_reason', CLAIM_TEXT.reasonTooLong);
  const fields =
    problems.length === 0
      ? {
          claim_number: claim,
          cpt_code: code,
          date_of_service: dos,
          status: status as ClaimLineStatus,
          amount,
          denial_reason: status === 'denied' ? reason : null,
        }
      : undefined;
  return { problems, mrn, fields };
}

type Converted = ReturnType<typeof convert>;

/** A patient an MRN of the file names. */
interface NamedPatient {
  readonly mrn: string;
  readonly patient_id: number;
  readonly practice_id: number;
  readonly organization_id: number;
  readonly practice_name: string;
}

/** The patients of the biller's scope each MRN names (lower case), with their practice's name. */
async function patientsByMrn(db: Executor, scope: BillingScope, mrns: readonly string[]) {
  const byMrn = new Map<string, NamedPatient[]>();
  if (mrns.length === 0) return byMrn;
  const { rows } =
    await sql<NamedPatient>`select lower(p.mrn) as mrn, p.patient_id, p.practice_id, p.organization_id, pr.practice_name
    from patients p join practices pr on pr.practice_id = p.practice_id
    where lower(p.mrn) = any(${[...mrns]}::text[]) and p.merged_into_id is null and ${billingScopeSql(scope, 'p')}
    order by pr.practice_name, p.patient_id`.execute(db);
  for (const row of rows) byMrn.set(row.mrn, [...(byMrn.get(row.mrn) ?? []), row]);
  return byMrn;
}

/** The known lines of these identities, with their reason's text. */
async function knownLines(db: Executor, records: readonly ClaimRecord[]) {
  if (records.length === 0) return new Map<string, KnownLine>();
  const { rows } = await sql<Omit<KnownLine, 'date_of_service'> & { date_of_service: Date }>`
    select l.line_id, l.organization_id, l.claim_number, l.cpt_code, l.date_of_service, l.patient_id, l.status,
      l.amount, r.reason as denial_reason
    from claim_status_lines l left join claim_denial_reasons r on r.reason_id = l.denial_reason_id
    where (l.organization_id, l.claim_number, l.cpt_code, l.date_of_service) in (${sql.join(
      records.map(
        (r) =>
          sql`(${r.organization_id}::integer, ${r.claim_number}::text, ${r.cpt_code}::text, ${r.date_of_service}::date)`,
      ),
    )})`.execute(db);
  return new Map(
    rows.map((row) => [
      lineKey({ ...row, date_of_service: isoDay(row.date_of_service) }),
      { ...row, date_of_service: isoDay(row.date_of_service) },
    ]),
  );
}
interface KnownLine {
  readonly line_id: number;
  readonly organization_id: number;
  readonly claim_number: string;
  readonly cpt_code: string;
  readonly date_of_service: string;
  readonly patient_id: number;
  readonly status: ClaimLineStatus;
  readonly amount: number;
  readonly denial_reason: string | null;
}

/** Checks one chunk: cells, patients, and each line against the one kept. */
async function checkRows(
  db: Executor,
  scope: BillingScope,
  today: string,
  rows: readonly Record<string, string>[],
): Promise<CheckedRow<ClaimPayload>[]> {
  const converted: Converted[] = rows.map((cells) => convert(cells, today));
  const mrns = [...new Set(converted.flatMap((c) => (c.mrn ? [c.mrn.toLowerCase()] : [])))];
  const patients = await patientsByMrn(db, scope, mrns);
  const records = converted.map((c): ClaimRecord | undefined => {
    if (c.mrn === '') return undefined;
    const found = patients.get(c.mrn.toLowerCase()) ?? [];
    const patient = found[0];
    // MRNs of another organisation's patients are not found, never matched (decisions.md "Billing Uploads").
    if (!patient) c.problems.push({ field: 'mrn', message: CLAIM_TEXT.noPatient(c.mrn) });
    else if (found.length > 1)
      c.problems.push({
        field: 'mrn',
        message: CLAIM_TEXT.severalPatients(
          c.mrn,
          found.map((p) => p.practice_name),
        ),
      });
    if (!patient || found.length > 1 || !c.fields) return undefined;
    return {
      organization_id: patient.organization_id,
      practice_id: patient.practice_id,
      patient_id: patient.patient_id,
      ...c.fields,
    };
  });
  const known = await knownLines(
    db,
    records.flatMap((r) => (r ? [r] : [])),
  );
  return converted.map(({ problems }, i): CheckedRow<ClaimPayload> => {
    const record = records[i];
    const cells = rows[i] ?? {};
    const keyText = [cells.claim_number, cells.cpt_code, displayDate(dayOf(cells.date_of_service ?? ''))]
      .map((part) => (part ?? '').trim().toUpperCase())
      .join(' ');
    const base = { key: record ? lineKey(record) : null, keyText };
    if (!record) return { ...base, outcome: 'invalid', problems };
    const line = known.get(lineKey(record));
    if (!line) return { ...base, outcome: 'new', problems, payload: { record } };
    const changes: Changes = Object.fromEntries(
      COMPARED.filter((f) => line[f] !== record[f]).map((f) => [f, { before: line[f], after: record[f] }]),
    );
    return {
      ...base,
      outcome: Object.keys(changes).length === 0 ? 'unchanged' : 'update',
      problems,
      payload: { record, existing: { lineId: line.line_id, changes } },
    };
  });
}

export const claimRows: UploadKindRows<ClaimPayload> = {
  kind: 'claims',
  repeated: (line, rows) => CLAIM_TEXT.repeated(line, rows),

  async open(db, ctx) {
    const scope = await billingScope(db as Db, ctx.auth);
    return (rows) => checkRows(db, scope, ctx.today, rows);
  },

  write: writeClaimLines,
};
