import { BILLING_CODES, INVOICE_TEXT, isoDay } from '@rpm/shared';
import { sql, type Transaction } from 'kysely';
import { type AuditActor, audit } from '../audit.js';
import { refreshPeriod } from '../billing/period-store.js';
import { type BillingScope, NO_PRACTICE_ACCESS, parseBillingFilter } from '../billing/scope.js';
import type { Database, Db, InvoiceKindColumn } from '../db/schema.js';
import { conflict, forbidden, invalid, notFound } from '../domain-errors.js';
import { wholePractices } from './scope.js';

/**
 * Invoices and credit notes (000 §2.4 'Invoices'; decisions.md "Invoices", "Invoice numbers"): an invoice is a
 * snapshot of a practice's billed codes of one ended month (billing_period_codes, refreshed first), grouped by code;
 * a credit note cancels a whole invoice. Rows are never changed (migration 0043's triggers).
 */

/** What an issue or a credit answers. */
export interface Issued {
  readonly invoiceId: number;
  readonly number: string;
  readonly totalCents: number;
}

const PREFIX: Record<InvoiceKindColumn, string> = { invoice: 'INV', credit_note: 'CN' };

/** The description of a code's line: its declaration's label (decisions.md "Billing codes as data"). */
const LABELS = new Map(BILLING_CODES.map((rule) => [rule.id, rule.label]));

/**
 * Takes the organisation's numbering lock for the transaction and answers the next number of the kind:
 * 'INV-{issue year}-{sequence}', the sequence per organisation and kind, never reused.
 */
async function nextNumber(
  trx: Transaction<Database>,
  organizationId: number,
  kind: InvoiceKindColumn,
  at: Date,
): Promise<{ number: string; sequence: number }> {
  const { rows } = await sql<{ sequence: number }>`select coalesce(max(sequence), 0)::integer + 1 as sequence
    from invoices where organization_id = ${organizationId} and kind = ${kind}`.execute(trx);
  const sequence = rows[0]?.sequence ?? 1;
  const year = at.toISOString().slice(0, 4);
  return { number: `${PREFIX[kind]}-${year}-${String(sequence).padStart(6, '0')}`, sequence };
}

/** Serialises the invoice writes of one organisation: numbers in order, one invoice per practice and month. */
const lockOrganization = (trx: Transaction<Database>, organizationId: number) =>
  sql`select pg_advisory_xact_lock(hashtext('invoices'), ${organizationId})`.execute(trx);

/** The practice to invoice, checked against the scope: 404 unknown, 403 outside it (as billing, scope.ts). */
async function practiceToInvoice(db: Db, scope: BillingScope, practiceId: number) {
  const practice = await db
    .selectFrom('practices')
    .select(['practice_id', 'organization_id'])
    .where('practice_id', '=', practiceId)
    .executeTakeFirst();
  const whole = wholePractices(scope);
  if (whole !== 'all' && !whole.includes(practiceId)) throw forbidden(NO_PRACTICE_ACCESS, 'practice_id');
  if (!practice) throw notFound(`Practice ${practiceId} does not exist.`, 'practice_id');
  return practice;
}

/**
 * Issues the invoice of a practice for a month that has ended (decisions.md "Invoices": the current month's
 * billing is not final, 400 'month'): refreshes the month's period results, then snapshots its billed codes.
 * 409 naming the live invoice when the practice and month have one; 400 'month' when nothing was billed.
 */
export async function issueInvoice(
  db: Db,
  by: AuditActor,
  scope: BillingScope,
  input: { readonly practiceId: number; readonly month: string },
): Promise<Issued> {
  const month = `${input.month}-01`;
  if (month >= `${by.at.toISOString().slice(0, 7)}-01`) throw invalid(INVOICE_TEXT.monthNotEnded, 'month');
  const practice = await practiceToInvoice(db, scope, input.practiceId);
  const filter = parseBillingFilter(scope, {
    year: Number(input.month.slice(0, 4)),
    month: Number(input.month.slice(5, 7)),
    practice: String(practice.practice_id),
  });
  await refreshPeriod(db, filter, by.at);
  return db.transaction().execute(async (trx) => {
    await lockOrganization(trx, practice.organization_id);
    const { rows: earlier } = await sql<{ invoice_id: number; number: string; credited: boolean }>`
      select i.invoice_id, i.number,
        exists (select 1 from invoices c where c.credits_invoice_id = i.invoice_id) as credited
      from invoices i
      where i.kind = 'invoice' and i.practice_id = ${practice.practice_id} and i.month = ${month}::date
      order by i.invoice_id desc`.execute(trx);
    const live = earlier.find((row) => !row.credited);
    if (live) throw conflict(INVOICE_TEXT.exists(live.number), 'month');
    const { rows: lines } = await sql<{
      rule_id: string;
      code: string;
      program: string;
      units: number;
      cents: number;
      patients: number;
    }>`select rule_id, code, program, sum(units)::integer as units, sum(cents)::bigint as cents,
        count(distinct patient_id)::integer as patients
      from billing_period_codes
      where month = ${month}::date and practice_id = ${practice.practice_id} and status = 'billed'
      group by rule_id, code, program
      order by code, program, rule_id`.execute(trx);
    if (lines.length === 0) throw invalid(INVOICE_TEXT.nothingBilled, 'month');
    const totalCents = lines.reduce((sum, line) => sum + Number(line.cents), 0);
    const { number, sequence } = await nextNumber(trx, practice.organization_id, 'invoice', by.at);
    const replaces = earlier[0]?.invoice_id ?? null;
    const { invoice_id } = await trx
      .insertInto('invoices')
      .values({
        organization_id: practice.organization_id,
        kind: 'invoice',
        number,
        sequence,
        practice_id: practice.practice_id,
        month,
        issued_at: by.at,
        issued_by: by.userId,
        total_cents: totalCents,
        replaces_invoice_id: replaces,
      })
      .returning('invoice_id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('invoice_lines')
      .values(
        lines.map((line, n) => ({
          invoice_id,
          line_no: n + 1,
          rule_id: line.rule_id,
          code: line.code,
          description: LABELS.get(line.rule_id) ?? line.code,
          program: line.program,
          units: line.units,
          patients: line.patients,
          unit_cents: Math.round(Number(line.cents) / line.units),
          amount_cents: Number(line.cents),
        })),
      )
      .execute();
    await audit(trx, {
      ...by,
      action: 'issue_invoice',
      entity: 'invoice',
      entityId: invoice_id,
      detail: { number, practice_id: practice.practice_id, month, total_cents: totalCents, replaces },
    });
    return { invoiceId: invoice_id, number, totalCents };
  });
}

/**
 * Issues a credit note cancelling a whole invoice (decisions.md "Invoices"), with the reason; the practice and
 * month may then be invoiced again. 404 for an invoice outside the scope; 409 for a credit note or one credited.
 */
export async function creditInvoice(
  db: Db,
  by: AuditActor,
  scope: BillingScope,
  input: { readonly invoiceId: number; readonly reason: string },
): Promise<Issued> {
  const invoice = await db
    .selectFrom('invoices')
    .selectAll()
    .where('invoice_id', '=', input.invoiceId)
    .executeTakeFirst();
  const whole = wholePractices(scope);
  if (!invoice || (whole !== 'all' && !whole.includes(invoice.practice_id)))
    throw notFound(`Invoice ${input.invoiceId} does not exist.`, 'invoice_id');
  if (invoice.kind !== 'invoice') throw conflict(INVOICE_TEXT.notAnInvoice, 'invoice_id');
  return db.transaction().execute(async (trx) => {
    await lockOrganization(trx, invoice.organization_id);
    const credited = await trx
      .selectFrom('invoices')
      .select('invoice_id')
      .where('credits_invoice_id', '=', invoice.invoice_id)
      .executeTakeFirst();
    if (credited) throw conflict(INVOICE_TEXT.alreadyCredited(invoice.number), 'invoice_id');
    const lines = await trx
      .selectFrom('invoice_lines')
      .selectAll()
      .where('invoice_id', '=', invoice.invoice_id)
      .orderBy('line_no')
      .execute();
    const { number, sequence } = await nextNumber(trx, invoice.organization_id, 'credit_note', by.at);
    const totalCents = -Number(invoice.total_cents);
    const { invoice_id } = await trx
      .insertInto('invoices')
      .values({
        organization_id: invoice.organization_id,
        kind: 'credit_note',
        number,
        sequence,
        practice_id: invoice.practice_id,
        month: isoDay(invoice.month),
        issued_at: by.at,
        issued_by: by.userId,
        total_cents: totalCents,
        credits_invoice_id: invoice.invoice_id,
        reason: input.reason,
      })
      .returning('invoice_id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('invoice_lines')
      .values(
        lines.map((line) => ({
          ...line,
          invoice_id,
          units: -line.units,
          amount_cents: -Number(line.amount_cents),
        })),
      )
      .execute();
    await audit(trx, {
      ...by,
      action: 'credit_invoice',
      entity: 'invoice',
      entityId: invoice_id,
      detail: { number, credits: invoice.number, reason: input.reason, total_cents: totalCents },
    });
    return { invoiceId: invoice_id, number, totalCents };
  });
}
