import {
  CLAIM_TEXT,
  claimReport,
  generateBillingReport,
  getAllPractices,
  getBillingCountSummary,
  getBillingDetails,
  getEvidenceBundle,
  getMonthClose,
  PRODUCT,
  resubmitClaimLine,
  searchPracticeByUserId,
} from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import { audit } from '../audit.js';
import type { Deps } from '../deps.js';
import { attachment, fileNamePart, renderPdf } from '../http/attachment.js';
import { registerCall } from '../http/calls.js';
import { actor } from '../http/route-helpers.js';
import type { PdfPool } from '../pdf/pdf-pool.js';
import { recordClaim } from './claims.js';
import { countSummary } from './counts.js';
import { resubmitLine } from './denials-store.js';
import { billingDetails, billingReportData } from './details.js';
import { evidenceData } from './evidence-pdf.js';
import { evidenceBundle } from './evidence-store.js';
import { monthClose } from './month-close.js';
import { refreshPeriod } from './period-store.js';
import { practiceOptions } from './practices.js';
import { billingScope, resolveBillingFilter } from './scope.js';

/** Options of {@link billingRoutes}. */
export interface BillingRouteOptions {
  /** The PDF renderer; by default the app's pool (deps.pdf). */
  readonly pdf?: PdfPool;
}

/**
 * The billing report, claims, PDF, practice selector and dashboard counts (001 §2.1, §3, §4, §6, §7); a practice
 * outside the scope is refused with 403, never answered as an empty report.
 */
export function billingRoutes(app: FastifyInstance, deps: Deps, opts: BillingRouteOptions = {}): void {
  const { db, clock } = deps;
  const pdf = opts.pdf ?? deps.pdf;

  registerCall(app, deps, getBillingDetails, async ({ headers, query, auth }) =>
    billingDetails(db, auth, headers, query, clock.now()),
  );

  registerCall(app, deps, claimReport, async ({ query, auth, req }) => {
    const result = await recordClaim(db, await billingScope(db, auth), {
      summaryId: query.id,
      auth,
      ip: req.ip,
      at: clock.now(),
    });
    return {
      message: result.recorded ? 'Claim recorded' : 'Claim was already recorded',
      claim_date: result.claimDate,
    };
  });

  registerCall(app, deps, generateBillingReport, async ({ headers, query, auth, reply }) => {
    const { filter, practiceName, data } = await billingReportData(db, auth, headers, query, clock.now());
    const bytes = await renderPdf(pdf, data, 'billing reports');
    const name = `${PRODUCT}_Billing_Report_${filter.month.slice(0, 7)}_${fileNamePart(practiceName ?? 'All_Practices')}.pdf`;
    attachment(reply, name, 'application/pdf');
    return bytes;
  });

  // decisions.md "Billing evidence bundle": one patient-month as a PDF, audited as a PHI export.
  registerCall(app, deps, getEvidenceBundle, async ({ query, auth, req, reply }) => {
    const now = clock.now();
    const bundle = await evidenceBundle(db, await billingScope(db, auth), query.id, now);
    const bytes = await renderPdf(pdf, evidenceData(bundle, now), 'documents');
    const month = bundle.month.slice(0, 7);
    await audit(db, {
      ...actor(auth, req.ip, now),
      action: 'export',
      entity: 'billing_evidence',
      entityId: query.id,
      detail: { format: 'pdf', patient_id: bundle.summary.patient_id, month },
    });
    attachment(
      reply,
      `${PRODUCT}_Billing_Evidence_${bundle.summary.patient_id}_${month}.pdf`,
      'application/pdf',
    );
    return bytes;
  });

  registerCall(app, deps, getAllPractices, async ({ auth }) => {
    return { data: await practiceOptions(db, await billingScope(db, auth), {}) };
  });

  registerCall(app, deps, searchPracticeByUserId, async ({ body, auth }) => {
    const data = await practiceOptions(db, await billingScope(db, auth), {
      search: body.search_term,
      organizationId: body.organization_id ?? null,
    });
    return { data };
  });

  registerCall(app, deps, getMonthClose, async ({ headers, auth }) => {
    const now = clock.now();
    const { filter } = await resolveBillingFilter(db, await billingScope(db, auth), {
      ...headers,
      month: now.getUTCMonth() + 1,
      year: now.getUTCFullYear(),
    });
    return { data: await monthClose(db, filter, now) };
  });

  registerCall(app, deps, getBillingCountSummary, async ({ headers, auth }) => {
    const { filter } = await resolveBillingFilter(db, await billingScope(db, auth), headers);
    await refreshPeriod(db, filter, clock.now());
    const summary = await countSummary(db, filter);
    return {
      data: summary.data,
      total: summary.total,
      codes: [...summary.codes],
      reports: [...summary.reports],
    };
  });

  // The Denials Worklist's Resubmit (decisions.md "Denials worklist"): the store checks scope (404) and state (409).
  registerCall(app, deps, resubmitClaimLine, async ({ body, auth, req }) => {
    await resubmitLine(db, actor(auth, req.ip, clock.now()), await billingScope(db, auth), body.line_id);
    return { message: CLAIM_TEXT.resubmitted };
  });
}
