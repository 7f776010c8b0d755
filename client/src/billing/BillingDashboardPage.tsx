import { Callout, Classes, HTMLSelect, Intent, NonIdealState, Spinner, SpinnerSize } from '@blueprintjs/core';
import {
  type CallResponse,
  formatUsd,
  getBillingCountSummary,
  getMonthClose,
  MSG,
  monthName,
} from '@rpm/shared';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { ApiError } from '../api/api-error';
import { type CallRequest, call, prefetchCall } from '../api/call';
import { useApi } from '../errors/ErrorDialogProvider';
import type { StartCalls } from '../routing/preloadable';
import { useSession } from '../session/SessionProvider';
import { countBars, noCounts } from './billing-counts';
import {
  type BillingPeriod,
  billingReportHref,
  currentPeriod,
  MONTH_AFTER_YEAR_CHANGE,
  monthOptions,
  yearOptions,
} from './billing-period';
import { CountChart } from './CountChart';
import { MONTH_CLOSE_REQUEST, MonthClosePanel } from './MonthClosePanel';
import './billing.css';

type Summary = CallResponse<typeof getBillingCountSummary>;

/** The access-list entry of the billing report (001 §2.1); the links into it show only with it. */
const REPORT_PAGE = 'Billing Report';

const summaryRequest = (period: BillingPeriod): CallRequest<typeof getBillingCountSummary> => ({
  headers: period,
});

/** The dashboard's first calls, the current month's and the month close, made ahead as its user signs in. */
export const billingDashboardStart: StartCalls = (user) => {
  prefetchCall(getBillingCountSummary, summaryRequest(currentPeriod(new Date())), user);
  prefetchCall(getMonthClose, MONTH_CLOSE_REQUEST, user);
};

/**
 * The billing dashboard (/app/billing-dashboard, the start page of roles 10 and 11, 000 §6.1): the month's
 * patients per code for the user's practices (001 §3 billing count summary) as a bar chart, the total revenue,
 * month and year selectors with the report's rules (001 §2.1, §4), and links into the billing report of the month.
 * (decisions.md "Billing dashboard").
 */
export function BillingDashboardPage() {
  const { user } = useSession();
  const { showError } = useApi();
  const [today] = useState(() => currentPeriod(new Date()));
  const [period, setPeriod] = useState<BillingPeriod>(today);
  const [summary, setSummary] = useState<Summary | null>(null);
  const [loading, setLoading] = useState(true);
  const [failure, setFailure] = useState<ApiError | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    call(getBillingCountSummary, summaryRequest(period), { signal: controller.signal }).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setSummary(answer);
        setFailure(null);
        setLoading(false);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const failed = error instanceof ApiError ? error : new ApiError(0, String(error));
        setSummary(null);
        setFailure(failed);
        setLoading(false);
        void showError(failed);
      },
    );
    return () => controller.abort();
  }, [period, showError]);

  const canOpenReport = user?.pages.includes(REPORT_PAGE) ?? false;
  const reportHref = billingReportHref(period);
  const monthLabel = `${monthName(period.month)} ${period.year}`;

  return (
    // The shell's page title already reads 'billing dashboard' (000 §2.1); the section is named for screen readers.
    <section className="billing-dashboard" aria-label="Billing Dashboard">
      <div className="billing-toolbar">
        <HTMLSelect
          aria-label="Month"
          value={period.month}
          options={monthOptions(period.year, today)}
          onChange={(event) => setPeriod({ ...period, month: Number(event.currentTarget.value) })}
        />
        <HTMLSelect
          aria-label="Year"
          value={period.year}
          options={yearOptions(today.year)}
          // 001 §4 Billing: a year change resets the month (see MONTH_AFTER_YEAR_CHANGE).
          onChange={(event) => {
            const year = Number(event.currentTarget.value);
            if (year !== period.year) setPeriod({ year, month: MONTH_AFTER_YEAR_CHANGE });
          }}
        />
        <span className="billing-toolbar-end">
          {loading && <Spinner size={SpinnerSize.SMALL} aria-label={MSG.loading} />}
          {summary && (
            <span className="billing-summary-revenue">
              Total Revenue: <strong>{formatUsd(summary.total)}</strong>
            </span>
          )}
          {canOpenReport && (
            // A real link (open in a new tab works), drawn as a Blueprint button.
            <Link href={reportHref} className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`}>
              <span className={Classes.BUTTON_TEXT}>Open Billing Report</span>
            </Link>
          )}
        </span>
      </div>
      <MonthClosePanel pages={user?.pages ?? []} />
      {failure ? (
        <Callout intent={Intent.DANGER}>{failure.message}</Callout>
      ) : summary && noCounts(summary) ? (
        <NonIdealState title={MSG.noRecordsFound} />
      ) : summary ? (
        <CountChart
          bars={countBars(summary)}
          caption={`Patients per code billed, ${monthLabel}`}
          {...(canOpenReport ? { href: reportHref } : {})}
        />
      ) : null}
    </section>
  );
}
