import { generateBillingReport } from '@rpm/shared';
import { callRaw } from '../api/call';
import { type BillingReportState, reportHeaders } from './billing-report-state';
import { fileNameFromContentDisposition } from './content-disposition';

/** The name used when the server names no file; spec 001 §7 takes it from a header, so this is only a fallback. */
export function fallbackFileName(state: Pick<BillingReportState, 'year' | 'month'>): string {
  return `RPM-Billing-Report-${state.year}-${String(state.month).padStart(2, '0')}.pdf`;
}

/**
 * Downloads the report for the page's practice, month, year, search and sort as a PDF (001 §2.1, §7
 * generateBillingReport): the answer is a blob saved under the file name of its Content-Disposition header.
 * Resolves with that name; failures throw the call's ApiError.
 */
export async function downloadBillingReport(state: BillingReportState): Promise<string> {
  const response = await callRaw(generateBillingReport, {
    query: { orderby: state.orderby, order: state.order },
    headers: reportHeaders(state),
  });
  const blob = await response.blob();
  const name =
    fileNameFromContentDisposition(response.headers.get('content-disposition')) ?? fallbackFileName(state);
  saveBlob(blob, name);
  return name;
}

/** Saves `blob` as a download named `name` (an object URL on a temporary link; no inline script, CSP-safe). */
function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once click() returns; a moment later the URL is released.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
