import { generateMonthlyReport, getComplianceInfo, getReportMonths, PRODUCT } from '@rpm/shared';
import type { FastifyInstance } from 'fastify';
import { audit } from '../audit.js';
import type { Deps } from '../deps.js';
import { attachment, renderPdf } from '../http/attachment.js';
import { registerCall } from '../http/calls.js';
import { actor } from '../http/route-helpers.js';
import { assertPatientAccess } from '../scope.js';
import { monthlyReportData } from './report-pdf.js';
import { complianceInfo, monthlyReport, reportMonths } from './store.js';

/** The chart's Reports tab (the monthly summary PDF) and Compliance Info tab (001 §2.9, §9); foreign patients 404. */
export function reportRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, clock } = deps;

  registerCall(app, deps, getReportMonths, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.patient_id);
    return { data: await reportMonths(db, query.patient_id, clock.now()) };
  });

  registerCall(app, deps, generateMonthlyReport, async ({ query, auth, req, reply }) => {
    await assertPatientAccess(db, auth, query.patient_id);
    const now = clock.now();
    const report = await monthlyReport(db, query.patient_id, query.month, now);
    const bytes = await renderPdf(deps.pdf, monthlyReportData(report, now), 'reports');
    // Health data leaves the system: recorded as the list exports are (decisions.md "Monthly RPM summary PDF").
    await audit(db, {
      ...actor(auth, req.ip, now),
      action: 'export',
      entity: 'monthly_report',
      entityId: query.patient_id,
      detail: { format: 'pdf', month: query.month },
    });
    attachment(reply, `${PRODUCT}_Monthly_Summary_${query.patient_id}_${query.month}.pdf`, 'application/pdf');
    return bytes;
  });

  registerCall(app, deps, getComplianceInfo, async ({ query, auth }) => {
    await assertPatientAccess(db, auth, query.patient_id);
    return { data: await complianceInfo(db, query.patient_id, clock.now()) };
  });
}
