import { type BillingRow, generateBillingReport, getEvidenceBundle } from '@rpm/shared';
import { downloadFile } from '../api/download';
import { type BillingReportState, reportHeaders } from './billing-report-state';

/** The name used when the server names no file; spec 001 §7 takes it from a header, so this is only a fallback. */
function fallbackFileName(state: Pick<BillingReportState, 'year' | 'month'>): string {
  return `RPM-Billing-Report-${state.year}-${String(state.month).padStart(2, '0')}.pdf`;
}

/**
 * Downloads the report for the page's practice, month, year, search and sort as a PDF (001 §2.1, §7
 * generateBillingReport), saved under the file name of its Content-Disposition header. Resolves with that name;
 * failures throw the call's ApiError.
 */
export function downloadBillingReport(state: BillingReportState): Promise<string> {
  return downloadFile(
    generateBillingReport,
    { query: { orderby: state.orderby, order: state.order }, headers: reportHeaders(state) },
    fallbackFileName(state),
  );
}

/**
 * Downloads a row's evidence PDF (decisions.md "Billing evidence bundle"), saved under the server's file name.
 * Resolves with that name; failures throw the call's ApiError.
 */
export function downloadEvidenceBundle(
  row: Pick<BillingRow, 'patients_cpt_id' | 'patient_id'>,
): Promise<string> {
  return downloadFile(
    getEvidenceBundle,
    { query: { id: row.patients_cpt_id } },
    `RPM-Billing-Evidence-${row.patient_id}.pdf`,
  );
}
