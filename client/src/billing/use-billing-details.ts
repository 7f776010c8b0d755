import { type CallResponse, getBillingDetails } from '@rpm/shared';
import type { ApiError } from '../api/api-error';
import { useCall } from '../api/use-call';
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
 * Loads the report page for `state` whenever its query, headers or reload counter change (useCall: a newer load
 * aborts the older one; a failure opens the error dialog, 001 §8, and empties the table).
 */
export function useBillingDetails(state: BillingReportState): BillingDetails {
  const { data, loading, failure } = useCall(
    getBillingDetails,
    { query: reportQuery(state), headers: reportHeaders(state) },
    { reloadKey: state.reloads },
  );
  return { answer: data, loading, failure };
}
