import { Callout, Card, Intent, Spinner, SpinnerSize } from '@blueprintjs/core';
import {
  ACTIVE_RPM_STATUS,
  type DashboardSummary,
  ENROLLED_RPM_STATUSES,
  formatWaiting,
  getDashboardSummary,
  HUB_EVENTS,
  MSG,
} from '@rpm/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { ApiError } from '../api/api-error';
import { call } from '../api/call';
import { useApi } from '../errors/ErrorDialogProvider';
import { useHubConnect, useHubEvent } from '../hub/HubProvider';
import { useLocationFilter } from '../shell/location-filter';
import {
  dashboardLinks,
  type MinutesKey,
  minutesLabel,
  type ProgressKey,
  progressLabel,
} from './dashboard-links';
import { type FigureBar, FigureBars } from './FigureBars';
import './dashboard.css';

/**
 * The hub event after which the figures are fetched again. NOTIFICATION::NEW goes out with every new alert; swap
 * for 'ALERTS::CHANGED' (acknowledgements too) once shared/src/hub.ts declares it.
 */
export const DASHBOARD_RELOAD_EVENT = HUB_EVENTS.notificationNew;
/** Events arriving together (a blood-pressure reading raises up to three alerts) cause one reload. */
export const RELOAD_DEBOUNCE_MS = 300;
/** How often the 'oldest waiting' times are written again between reloads. */
const WAITING_TICK_MS = 60_000;

const PROGRESS: readonly { key: ProgressKey; intent: Intent }[] = [
  { key: 'met', intent: Intent.SUCCESS },
  { key: 'on_track', intent: Intent.PRIMARY },
  { key: 'at_risk', intent: Intent.WARNING },
  { key: 'unreachable', intent: Intent.DANGER },
];
const MINUTES: readonly { key: MinutesKey; intent: Intent }[] = [
  { key: 'under20', intent: Intent.WARNING },
  { key: 'from20to39', intent: Intent.PRIMARY },
  { key: 'from40', intent: Intent.SUCCESS },
];
const ALERT_LEVELS = [
  { level: 'critical', label: 'Critical alerts', intent: Intent.DANGER },
  { level: 'abnormal', label: 'Abnormal alerts', intent: Intent.WARNING },
] as const;

/** The bars of figures named by key (progress, minutes), in the order and colours of `bands`. */
function bandBars<K extends string>(
  bands: readonly { key: K; intent: Intent }[],
  counts: Readonly<Record<K, number>>,
  label: (key: K) => string,
  href: (key: K) => string,
): FigureBar[] {
  return bands.map(({ key, intent }) => ({
    key,
    label: label(key),
    count: counts[key],
    href: href(key),
    intent,
  }));
}

/** 'November 2026' of 'YYYY-MM'. */
function monthTitle(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (monthNumber ?? 1) - 1, 1)).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The labels of the statuses the enrolled figure counts, e.g. 'Device Setup or Active'. */
function enrolledNote(summary: DashboardSummary): string {
  const enrolled: readonly number[] = ENROLLED_RPM_STATUSES;
  return summary.rpm_statuses
    .filter((status) => enrolled.includes(status.status_id))
    .map((status) => status.label)
    .join(' or ');
}

/**
 * The dashboard (/app/dashboard, the start page of most roles, 000 §6.1; issue 10). The spec does not describe it;
 * it shows what a care team lead wants at a glance for the practices in scope this month: patients by RPM and CCM
 * status, open alerts by level with the oldest waiting time, patients against 16 reading days, RPM minutes, open
 * outreach tasks. Every figure links to the list it counts, filtered alike. It follows the header's practice and is
 * fetched again when the hub announces an alert.
 */
export function DashboardPage() {
  const { showError } = useApi();
  const location = useLocationFilter();
  // decisions.md "Dashboard practice": the header's practice where the header offers a choice; otherwise every
  // practice in scope (one practice, privileged and billing roles).
  const practiceId =
    location.showsPracticeDropdown && typeof location.practiceId === 'number'
      ? location.practiceId
      : undefined;
  const [summary, setSummary] = useState<DashboardSummary | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the reload trigger (hub events).
  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    call(
      getDashboardSummary,
      { query: practiceId === undefined ? {} : { practice: practiceId } },
      { signal: controller.signal },
    ).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setSummary(answer.data);
        setFailure(null);
        setLoading(false);
        setNow(Date.now());
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const failed = error instanceof ApiError ? error : new ApiError(0, String(error));
        setFailure(failed);
        setLoading(false);
        void showError(failed);
      },
    );
    return () => controller.abort();
  }, [practiceId, version, showError]);

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const reloadSoon = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setVersion((v) => v + 1), RELOAD_DEBOUNCE_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  useHubEvent(DASHBOARD_RELOAD_EVENT, reloadSoon);
  // Pushes sent while disconnected are not replayed.
  useHubConnect(reloadSoon);
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), WAITING_TICK_MS);
    return () => clearInterval(tick);
  }, []);

  const links = useMemo(() => dashboardLinks(practiceId), [practiceId]);
  const charts = useMemo(() => {
    if (!summary) return null;
    const statusBars = (list: DashboardSummary['rpm_statuses'], href: (id: number) => string): FigureBar[] =>
      list
        .filter((status) => status.count > 0)
        .map((status) => ({
          key: String(status.status_id),
          label: status.label,
          count: status.count,
          href: href(status.status_id),
        }));
    return {
      rpm: statusBars(summary.rpm_statuses, links.rpmStatus),
      ccm: statusBars(summary.ccm_statuses, links.ccmStatus),
      progress: bandBars(PROGRESS, summary.progress, progressLabel, links.progress),
      minutes: bandBars(MINUTES, summary.minutes, minutesLabel, links.minutes),
    };
  }, [summary, links]);

  const scopeLabel = practiceId === undefined ? 'All practices' : location.label;
  return (
    // The shell's page title already reads 'dashboard' (000 §2.1); the section is named for screen readers.
    <section className="dashboard" aria-label="Dashboard" aria-busy={loading}>
      <div className="dashboard-head">
        <span>
          {scopeLabel}
          {summary &&
            ` · ${monthTitle(summary.month)} · ${summary.days_left} ${summary.days_left === 1 ? 'day' : 'days'} left`}
        </span>
        {loading && <Spinner size={SpinnerSize.SMALL} aria-label={MSG.loading} />}
      </div>
      {failure && !summary && <Callout intent={Intent.DANGER}>{failure.message}</Callout>}
      {summary && charts && (
        <div className="dashboard-grid">
          <Card className="dashboard-card">
            <h2 className="dashboard-card-title">Open alerts</h2>
            <div className="dashboard-numbers">
              {ALERT_LEVELS.map(({ level, label, intent }) => {
                const figure = summary.alerts[level];
                const waiting =
                  figure.oldest_at === null
                    ? null
                    : formatWaiting((now - new Date(figure.oldest_at).getTime()) / 60_000);
                return (
                  <Link
                    key={level}
                    href={links.alerts(level)}
                    className="dashboard-number"
                    data-intent={intent}
                  >
                    <strong className="dashboard-number-value">{figure.count}</strong>
                    <span className="dashboard-number-label">{label}</span>
                    {waiting && <span className="dashboard-number-note">oldest waiting {waiting}</span>}
                  </Link>
                );
              })}
            </div>
          </Card>
          <Card className="dashboard-card">
            <h2 className="dashboard-card-title">Patients</h2>
            <div className="dashboard-numbers">
              <Link href={links.enrolled} className="dashboard-number">
                <strong className="dashboard-number-value">{summary.enrolled}</strong>
                {/* decisions.md "Dashboard enrolled": RPM status 1 is labelled 'Enrolled'; this counts 4 and 5. */}
                <span className="dashboard-number-label">Under monitoring</span>
                <span className="dashboard-number-note">{enrolledNote(summary)}</span>
              </Link>
              <Link href={links.rpmStatus(ACTIVE_RPM_STATUS)} className="dashboard-number">
                <strong className="dashboard-number-value">{summary.active}</strong>
                <span className="dashboard-number-label">Active</span>
              </Link>
              <Link href={links.myOpenTasks} className="dashboard-number">
                <strong className="dashboard-number-value">{summary.outreach_tasks_open}</strong>
                <span className="dashboard-number-label">Outreach tasks open</span>
                <span className="dashboard-number-note">{summary.outreach_tasks_mine} assigned to you</span>
              </Link>
            </div>
          </Card>
          <Card className="dashboard-card">
            <h2 className="dashboard-card-title">Reading days this month</h2>
            <FigureBars caption="Enrolled patients against 16 reading days" bars={charts.progress} />
          </Card>
          <Card className="dashboard-card">
            <h2 className="dashboard-card-title">RPM minutes this month</h2>
            <FigureBars caption="Enrolled patients by RPM minutes" bars={charts.minutes} />
          </Card>
          <Card className="dashboard-card">
            <h2 className="dashboard-card-title">RPM status</h2>
            <FigureBars caption="Patients by RPM status" bars={charts.rpm} />
          </Card>
          <Card className="dashboard-card">
            <h2 className="dashboard-card-title">CCM status</h2>
            <FigureBars caption="Patients by CCM status" bars={charts.ccm} />
          </Card>
        </div>
      )}
    </section>
  );
}
