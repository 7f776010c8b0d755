import { z } from 'zod';
import { defineCall } from './contract.js';
import { recordId, recordIdParam } from './ids.js';

/** Invoices (000 §2.4 'Invoices'; decisions.md "Invoices"): ours, the spec names only the route. */
const INVOICES = { page: 'Invoices' } as const;
const SPEC = "000 §2.4 'Invoices' (ours: the spec names only the route)";

/** The texts of the invoice calls, as the screen and the tests read them. */
export const INVOICE_TEXT = {
  issued: (number: string) => `Invoice ${number} issued`,
  credited: (number: string) => `Credit note ${number} issued`,
  exists: (number: string) => `Invoice ${number} already exists for this practice and month.`,
  alreadyCredited: (number: string) => `Invoice ${number} has already been credited.`,
  notAnInvoice: 'Only an invoice can be credited.',
  monthNotEnded: 'The month has not ended yet: its billing is not final.',
  nothingBilled: 'There are no billed codes for this practice and month.',
} as const;

/** A month to invoice, 'YYYY-MM'. */
const invoiceMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be YYYY-MM');

/** What an issued invoice or credit note answers. */
const issuedAnswer = z.object({
  message: z.string(),
  invoice_id: z.number().int(),
  number: z.string(),
  /** Dollars. */
  total: z.number(),
});

export const issueInvoice = defineCall({
  method: 'POST',
  path: 'rpm/invoices/issue',
  spec: SPEC,
  summary: "Issues a practice's invoice for a month that has ended, from the month's billed codes",
  access: INVOICES,
  body: z.object({ practice_id: recordId, month: invoiceMonth }),
  response: issuedAnswer,
});

export const creditInvoice = defineCall({
  method: 'POST',
  path: 'rpm/invoices/credit',
  spec: SPEC,
  summary:
    'Issues a credit note cancelling a whole invoice; the practice and month may then be invoiced again',
  access: INVOICES,
  body: z.object({ invoice_id: recordId, reason: z.string().trim().min(1, 'reason is required').max(500) }),
  response: issuedAnswer,
});

export const invoicePdf = defineCall({
  method: 'GET',
  path: 'rpm/invoices/pdf',
  spec: SPEC,
  summary: 'An invoice or credit note as a PDF (application/pdf; the file name in Content-Disposition)',
  access: INVOICES,
  query: z.object({ invoice_id: recordIdParam }),
  /** The body is the PDF itself; errors use the JSON error envelope. */
  response: z.unknown(),
});
