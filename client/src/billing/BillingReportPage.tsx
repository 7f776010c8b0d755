import { Callout, H2, Intent, NonIdealState } from '@blueprintjs/core';
import { type BillingRow, claimReport, MSG, PRODUCT, type StoredUser } from '@rpm/shared';
import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { useSearch } from 'wouter';
import { ApiError } from '../api/api-error';
import { useApi } from '../errors/ErrorDialogProvider';
import { TablePager } from '../list/TablePager';
import { useSession } from '../session/SessionProvider';
import { ALL, useLocationFilter } from '../shell/location-filter';
import { useUiSettings } from '../shell/UiSettingsProvider';
import { BillingTable } from './BillingTable';
import { BillingToolbar } from './BillingToolbar';
import { currentPeriod, periodFromSearch } from './billing-period';
import { billingReportReducer, initialReportState, type PracticeChoice } from './billing-report-state';
import { downloadBillingReport, downloadEvidenceBundle } from './download-report';
import { usesPracticeSelector } from './practice-options';
import { useBillingDetails } from './use-billing-details';
import { useLeaveOnTemporaryLogin } from './use-leave-on-temporary-login';
import { usePracticeLoader } from './use-practice-loader';
import './billing.css';

const CLAIM = `${PRODUCT}_claim` as const;
const CLAIM_DATE = `${PRODUCT}_claim_date` as const;
const NO_ROWS: readonly BillingRow[] = [];

/**
 * The billing report (001 §2.1) at /app/billing-report and /app/billing-report-fixed, titled 'RPM Billing
 * Report'. Users with the practice search selector (lowest role 1, 10 or 17, 001 §2.4) pick the practice in the
 * toolbar; everyone else sees the practice of the shell's location filter (000 §4.5).
 */
export function BillingReportPage() {
  const { user } = useSession();
  useLeaveOnTemporaryLogin();
  if (!user) return null;
  // Keyed by user: another identity (a temporary login in another tab) starts from a fresh report, not from the
  // previous user's practice and page.
  return usesPracticeSelector(user.roleid) ? (
    <BillingReportWithSelector key={user.user_id} user={user} />
  ) : (
    <BillingReportAtLocation key={user.user_id} />
  );
}

/** Props of {@link BillingReportWithSelector}. */
interface WithSelectorProps {
  readonly user: StoredUser;
}

function BillingReportWithSelector({ user }: WithSelectorProps) {
  const loadPractices = usePracticeLoader(user);
  return <BillingReport loadPractices={loadPractices} fixedPractice={null} />;
}

/** The location filter's practice as the report's practice; '*' (every practice) or none sends no practice. */
function BillingReportAtLocation() {
  const filter = useLocationFilter();
  const practiceId = filter.practiceId === ALL ? null : filter.practiceId;
  const orgId = typeof filter.organizationId === 'number' ? filter.organizationId : null;
  const { label } = filter;
  // One object per practice, so the report reloads only when the practice really changes.
  const current = useMemo(
    () => (practiceId === null ? null : { practiceId, orgId, label }),
    [practiceId, orgId, label],
  );
  return <BillingReport fixedPractice={current} />;
}

interface BillingReportProps {
  /** The practice selector's options; absent for users without the selector. */
  readonly loadPractices?: ReturnType<typeof usePracticeLoader>;
  /** The practice of users without the selector (from the location filter); `null` for all in scope. */
  readonly fixedPractice: PracticeChoice | null;
}

function BillingReport({ loadPractices, fixedPractice }: BillingReportProps) {
  const api = useApi();
  const search = useSearch();
  const { density } = useUiSettings().settings;
  const [today] = useState(() => currentPeriod(new Date()));
  const [state, dispatch] = useReducer(billingReportReducer, null, () =>
    initialReportState(periodFromSearch(search, today), fixedPractice),
  );
  useEffect(() => {
    if (!loadPractices) dispatch({ type: 'practiceChosen', practice: fixedPractice });
  }, [loadPractices, fixedPractice]);

  const { answer, loading, failure } = useBillingDetails(state);
  const rows = answer?.data ?? NO_ROWS;

  // Claims recorded here, shown at once while the table reloads (001 §4: recording a claim reloads the table).
  const [claimed, setClaimed] = useState<ReadonlyMap<number, string>>(new Map());
  const [claiming, setClaiming] = useState<number | null>(null);
  const onClaim = useCallback(
    async (row: BillingRow) => {
      setClaiming(row.patients_cpt_id);
      try {
        const answer = await api.call(claimReport, { query: { id: row.patients_cpt_id } });
        setClaimed((current) => new Map(current).set(row.patients_cpt_id, answer.claim_date));
        dispatch({ type: 'reloadRequested' });
      } catch {
        // The error dialog shows the failure (001 §8); the action stays available.
      } finally {
        setClaiming(null);
      }
    },
    [api],
  );
  const shownRows = useMemo(
    () => (claimed.size === 0 ? rows : rows.map((row) => withLocalClaim(row, claimed))),
    [rows, claimed],
  );

  const [downloading, setDownloading] = useState(false);
  const onDownload = async () => {
    setDownloading(true);
    try {
      await downloadBillingReport(state);
    } catch (error) {
      if (error instanceof ApiError) void api.showError(error);
      else throw error;
    } finally {
      setDownloading(false);
    }
  };

  // One evidence PDF at a time; a failure shows in the error dialog (001 §8), as the report's download does.
  const [evidenceFor, setEvidenceFor] = useState<number | null>(null);
  const onEvidence = async (row: BillingRow) => {
    setEvidenceFor(row.patients_cpt_id);
    try {
      await downloadEvidenceBundle(row);
    } catch (error) {
      if (error instanceof ApiError) void api.showError(error);
      else throw error;
    } finally {
      setEvidenceFor(null);
    }
  };

  return (
    <section className="billing-report" aria-labelledby="billing-report-title">
      <H2 id="billing-report-title" className="billing-heading">
        {MSG.billingReportTitle}
      </H2>
      <BillingToolbar
        state={state}
        dispatch={dispatch}
        today={today}
        {...(loadPractices ? { loadPractices } : {})}
        {...(fixedPractice ? { fixedPracticeLabel: fixedPractice.label } : {})}
        loading={loading}
        hasRows={rows.length > 0}
        downloading={downloading}
        onDownload={() => void onDownload()}
        total={answer?.total ?? null}
      />
      {failure ? (
        <Callout intent={Intent.DANGER} className="billing-failure">
          {failure.message}
        </Callout>
      ) : answer ? (
        <>
          {/* An empty month still shows its column headers, then says so. */}
          <BillingTable
            rows={shownRows}
            columns={answer.columns}
            orderby={state.orderby}
            order={state.order}
            onSort={(orderby) => dispatch({ type: 'sortChosen', orderby })}
            onClaim={(row) => void onClaim(row)}
            claiming={claiming}
            onEvidence={(row) => void onEvidence(row)}
            downloadingEvidence={evidenceFor}
            density={density}
          />
          {rows.length === 0 && <NonIdealState className="billing-empty" title={MSG.noRecordsFound} />}
          <TablePager
            page={state.page}
            rowsPerPage={state.rowsPerPage}
            count={answer.count}
            onPage={(page) => dispatch({ type: 'pageChosen', page })}
            onRowsPerPage={(rowsPerPage) => dispatch({ type: 'rowsPerPageChosen', rowsPerPage })}
          />
        </>
      ) : null}
    </section>
  );
}

/** `row` with a claim recorded on this page, until the reloaded table carries it. */
function withLocalClaim(row: BillingRow, claimed: ReadonlyMap<number, string>): BillingRow {
  const date = claimed.get(row.patients_cpt_id);
  return date === undefined || row[CLAIM] === 1 ? row : { ...row, [CLAIM]: 1, [CLAIM_DATE]: date };
}
