import { creditInvoice, INVOICE_TEXT, invoicePdf, issueInvoice } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import { billingScope } from '../billing/scope.js';
import type { Deps } from '../deps.js';
import { attachment, renderPdf } from '../http/attachment.js';
import { registerCall } from '../http/calls.js';
import { actor } from '../http/route-helpers.js';
import { invoiceData, readInvoice } from './document.js';
import * as store from './store.js';

/**
 * Invoices (000 §2.4 'Invoices'; decisions.md "Invoices"): issue, credit, and each one's PDF. There is no route that
 * changes or deletes an invoice: a correction is a credit note. The store checks the scope (403/404).
 */
export function invoiceRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, issueInvoice, async ({ body, auth, req }) => {
    const issued = await store.issueInvoice(
      db,
      actor(auth, req.ip, clock.now()),
      await billingScope(db, auth),
      { practiceId: body.practice_id, month: body.month },
    );
    return {
      message: INVOICE_TEXT.issued(issued.number),
      invoice_id: issued.invoiceId,
      number: issued.number,
      total: issued.totalCents / 100,
    };
  });

  registerCall(app, deps, creditInvoice, async ({ body, auth, req }) => {
    const issued = await store.creditInvoice(
      db,
      actor(auth, req.ip, clock.now()),
      await billingScope(db, auth),
      { invoiceId: body.invoice_id, reason: body.reason },
    );
    return {
      message: INVOICE_TEXT.credited(issued.number),
      invoice_id: issued.invoiceId,
      number: issued.number,
      total: issued.totalCents / 100,
    };
  });

  registerCall(app, deps, invoicePdf, async ({ query, auth, reply }) => {
    const doc = await readInvoice(db, await billingScope(db, auth), query.invoice_id);
    const bytes = await renderPdf(deps.pdf, invoiceData(doc), 'documents');
    attachment(reply, `${doc.number}.pdf`, 'application/pdf');
    return bytes;
  });
}
