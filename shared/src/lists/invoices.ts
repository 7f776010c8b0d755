import { z } from 'zod';
import { defineList } from './define-list.js';
import { LIST_ROUTES } from './list-routes.js';
import { PATIENT_FILTERS } from './patient-row.js';

/** What a row is: an invoice or a credit note (decisions.md "Invoices"). */
export const INVOICE_KINDS = { invoice: 'Invoice', credit_note: 'Credit Note' } as const;
export type InvoiceKind = keyof typeof INVOICE_KINDS;

/** An invoice is Issued until a credit note cancels it; a credit note is Issued. */
export const INVOICE_STATUSES = { issued: 'Issued', credited: 'Credited' } as const;

/** One invoice or credit note (tables `invoices`, `invoice_lines`). */
export const invoiceRow = z.object({
  invoice_id: z.number().int(),
  number: z.string(),
  kind: z.enum([INVOICE_KINDS.invoice, INVOICE_KINDS.credit_note]),
  practice_id: z.number().int(),
  practice_name: z.string(),
  /** The month invoiced, 'YYYY-MM'. */
  period: z.string(),
  /** When it was issued (ISO timestamp). */
  issued_at: z.string(),
  issued_by: z.string(),
  /** Dollars; negative on a credit note. */
  total: z.number(),
  status: z.enum([INVOICE_STATUSES.issued, INVOICE_STATUSES.credited]),
  /** The number of the invoice a credit note cancels, or the credited invoice a new one replaces. */
  reference: z.string().nullable(),
});
export type InvoiceRow = z.infer<typeof invoiceRow>;

/**
 * Invoices (000 §2.4 'Invoices'; decisions.md "Invoices"): the invoices and credit notes of the biller's
 * organisations, newest first; each row downloads its PDF, an issued invoice can be credited.
 */
export const invoicesList = defineList({
  name: 'invoices',
  title: 'Invoices',
  spec: "000 §2.4 'Invoices'",
  route: LIST_ROUTES.invoices,
  page: 'Invoices',
  row: invoiceRow,
  idKey: 'invoice_id',
  columns: [
    { key: 'number', label: 'Number', sortable: true },
    { key: 'kind', label: 'Kind', sortable: true },
    { key: 'practice_name', label: 'Practice', sortable: true },
    { key: 'period', label: 'Period', sortable: true },
    { key: 'issued_at', label: 'Issue Date', sortable: true, format: 'date' },
    { key: 'total', label: 'Total', sortable: true, format: 'usd' },
    { key: 'status', label: 'Status', sortable: true },
    { key: 'reference', label: 'Reference' },
    { key: 'issued_by', label: 'Issued By', sortable: true },
  ],
  defaultSort: { key: 'issued_at', order: 'desc' },
  filters: [PATIENT_FILTERS.practice, { key: 'month', label: 'Month', kind: 'month' }],
  searchPlaceholder: 'Search number',
  exports: ['pdf', 'csv'],
});
