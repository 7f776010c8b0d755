import { type CallResponse, getBillingDetails } from '@rpm/shared';
import { useEffect, useState } from 'react';
import { ApiError } from '../api/api-error';
import { call } from '../api/call';
import { useApi } from '../errors/ErrorDialogProvider';
import { type BillingReportState, reportHeaders, reportQuery } from './billing-report-state';

/** The answer of getBillingDetails (001 §7): rows, code columns, count and total revenue. */
export type BillingAnswer = CallResponse<typeof getBillingDetails>;

/** What the report shows: the last answer, whether a load is under way, and the failure of the last load. */
export interface BillingDetails {
  readonly answer: BillingAnswer | null;
  readonly loading: boolean;
  readonly failure: ApiError | null;
}

/**
 * Loads the report page for `state` whenever its query, headers or reload counter change. A newer load aborts the
 * older one, so a slow answer for an old practice never replaces a newer one. A failure opens the error dialog
 * (001 §8) and empties the table: rows of the previous practice or month must not stay under the new choice.
 */
export function useBillingDetails(state: BillingReportState): BillingDetails {
  const { showError } = useApi();
  const [details, setDetails] = useState<BillingDetails>({ answer: null, loading: true, failure: null });
  const query = reportQuery(state);
  const headers = reportHeaders(state);
  // One string for the effect: the objects above are new on every render.
  const key = JSON.stringify([query, headers, state.reloads]);

  useEffect(() => {
    const [q, h] = JSON.parse(key) as [typeof query, typeof headers];
    const controller = new AbortController();
    setDetails((current) => ({ ...current, loading: true }));
    call(getBillingDetails, { query: q, headers: h }, { signal: controller.signal }).then(
      (answer) => {
        if (!controller.signal.aborted) setDetails({ answer, loading: false, failure: null });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const failure = error instanceof ApiError ? error : new ApiError(0, String(error));
        setDetails({ answer: null, loading: false, failure });
        void showError(failure);
      },
    );
    return () => controller.abort();
  }, [key, showError]);

  return details;
}
