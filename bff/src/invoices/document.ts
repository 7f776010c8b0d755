import { displayDate, formatCount, formatUsd, INVOICE_KINDS, isoDay, MSG, monthLabel } from '@rpm/shared';
import { sql } from 'kysely';
import type { BillingScope } from '../billing/scope.js';
import type { Db, InvoiceKindColumn } from '../db/schema.js';
import { notFound } from '../domain-errors.js';
import type { ReportData } from '../pdf/report-data.js';
import { invoiceScopeSql } from './scope.js';

/** One invoice or credit note with its lines, as its PDF shows it (decisions.md "Invoices"). */
export interface InvoiceDocument {
  readonly kind: InvoiceKindColumn;
  readonly number: string;
  readonly organizationName: string;
  readonly practiceName: string;
  /** 'YYYY-MM-DD', the month's first day. */
  readonly month: string;
  readonly issuedAt: Date;
  readonly issuedBy: string;
  readonly totalCents: number;
  /** A credit note: the invoice it cancels; an invoice: the credited invoice it replaces. */
  readonly reference: string | null;
  readonly reason: string | null;
  readonly lines: readonly {
    readonly code: string;
    readonly description: string;
    readonly program: string;
    readonly patients: number;
    readonly units: number;
    readonly unitCents: number;
    readonly amountCents: number;
  }[];
}

/** Reads an invoice in the scope (404 otherwise, as for an unknown one). */
export async function readInvoice(db: Db, scope: BillingScope, invoiceId: number): Promise<InvoiceDocument> {
  const { rows } = await sql<{
    kind: InvoiceKindColumn;
    number: string;
    organization_name: string;
    practice_name: string;
    month: Date;
    issued_at: Date;
    issued_by: string;
    total_cents: number;
    reference: string | null;
    reason: string | null;
    lines: {
      code: string;
      description: string;
      program: string;
      patients: number;
      units: number;
      unit_cents: number;
      amount_cents: number;
    }[];
  }>`select i.kind, i.number, o.organization_name, pr.practice_name, i.month, i.issued_at,
      trim(coalesce(u.firstname, '') || ' ' || coalesce(u.lastname, '')) as issued_by, i.total_cents,
      ref.number as reference, i.reason,
      (select jsonb_agg(jsonb_build_object('code', l.code, 'description', l.description, 'program', l.program,
          'patients', l.patients, 'units', l.units, 'unit_cents', l.unit_cents, 'amount_cents', l.amount_cents)
        order by l.line_no) from invoice_lines l where l.invoice_id = i.invoice_id) as lines
    from invoices i
    join organizations o on o.organization_id = i.organization_id
    join practices pr on pr.practice_id = i.practice_id
    join users u on u.user_id = i.issued_by
    left join invoices ref on ref.invoice_id = coalesce(i.credits_invoice_id, i.replaces_invoice_id)
    where i.invoice_id = ${invoiceId} and ${invoiceScopeSql(scope, 'i.practice_id')}`.execute(db);
  const row = rows[0];
  if (!row) throw notFound(`Invoice ${invoiceId} does not exist.`, 'invoice_id');
  return {
    kind: row.kind,
    number: row.number,
    organizationName: row.organization_name,
    practiceName: row.practice_name,
    month: isoDay(row.month),
    issuedAt: row.issued_at,
    issuedBy: row.issued_by,
    totalCents: Number(row.total_cents),
    reference: row.reference,
    reason: row.reason,
    lines: (row.lines ?? []).map((line) => ({
      code: line.code,
      description: line.description,
      program: line.program,
      patients: line.patients,
      units: line.units,
      unitCents: line.unit_cents,
      amountCents: line.amount_cents,
    })),
  };
}

const dollars = (cents: number) => formatUsd(cents / 100);

/**
 * The PDF's content: the header (organisation, practice, number, dates, period), one row per line and the total
 * row, the same figures as the list (decisions.md "Invoices").
 */
export function invoiceData(doc: InvoiceDocument): ReportData {
  const title = INVOICE_KINDS[doc.kind];
  const period = monthLabel(doc.month);
  const reference: [string, string][] = doc.reference
    ? [[doc.kind === 'credit_note' ? 'Credits invoice' : 'Replaces invoice', doc.reference]]
    : [];
  return {
    title: `${title} ${doc.number}`,
    facts: [
      ['Organisation', doc.organizationName],
      ['Practice', doc.practiceName],
      ['Number', doc.number],
      ['Issue date', displayDate(isoDay(doc.issuedAt))],
      ['Period', `${period} (${displayDate(doc.month)} to ${displayDate(lastDay(doc.month))})`],
      ...reference,
      ...(doc.reason ? [['Reason', doc.reason] as [string, string]] : []),
      ['Issued by', doc.issuedBy],
      ['Total', dollars(doc.totalCents)],
    ],
    columns: ['Code', 'Description', 'Program', 'Patients', 'Units', 'Unit Price', 'Amount'],
    rightAligned: [3, 4, 5, 6],
    rows: [
      ...doc.lines.map((line) => [
        line.code,
        line.description,
        line.program,
        formatCount(line.patients),
        formatCount(line.units),
        dollars(line.unitCents),
        dollars(line.amountCents),
      ]),
      ['Total', '', '', '', '', '', dollars(doc.totalCents)],
    ],
    emptyText: MSG.noRecordsFound,
    footer: `${title} ${doc.number} · ${period} · ${doc.practiceName}`,
  };
}

/** The month's last day, 'YYYY-MM-DD'. */
function lastDay(month: string): string {
  const next = new Date(`${month}T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1, 0);
  return isoDay(next);
}
