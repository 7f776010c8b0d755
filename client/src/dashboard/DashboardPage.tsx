import { Callout, Card, HTMLTable, Intent, Spinner, SpinnerSize } from '@blueprintjs/core';
import {
  ACTIVE_RPM_STATUS,
  type DashboardSummary,
  ENROLLED_RPM_STATUSES,
  formatWaiting,
  getDashboardSummary,
  isoDay,
  MSG,
  monthLabel,
} from '@rpm/shared';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { type CallRequest, prefetchCall } from '../api/call';
import { useCall } from '../api/use-call';
import { useLiveReload } from '../list/use-live-reload';
import type { StartCalls } from '../routing/preloadable';
import {
  type LocationFilter,
  showsPracticeDropdown,
  startingLocation,
  useLocationFilter,
} from '../shell/location-filter';
import {
  dashboardLinks,
  type MinutesKey,
  minutesLabel,
  type ProgressKey,
  progressLabel,
} from './dashboard-links';
import { type FigureBar, FigureBars } from './FigureBars';
import './dashboard.css';

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

/** The labels of the statuses the enrolled figure counts, e.g. 'Device Setup or Active'. */
function enrolledNote(summary: DashboardSummary): string {
  const enrolled: readonly number[] = ENROLLED_RPM_STATUSES;
  return summary.rpm_statuses
    .filter((status) => enrolled.includes(status.status_id))
    .map((status) => status.label)
    .join(' or ');
}

/**
 * The practice the dashboard counts: the header's practice where it offers a choice, else none, for every practice in
 * scope (decisions.md "Dashboard").
 */
function dashboardPractice(location: Pick<LocationFilter, 'showsPracticeDropdown' | 'practiceId'>) {
  return location.showsPracticeDropdown && typeof location.practiceId === 'number'
    ? location.practiceId
    : undefined;
}

const summaryRequest = (practiceId: number | undefined): CallRequest<typeof getDashboardSummary> => ({
  query: practiceId === undefined ? {} : { practice: practiceId },
});

/** The dashboard's first call, made ahead as its user signs in (shell/start-calls.ts). */
export const dashboardStart: StartCalls = (user) => {
  const location = { ...startingLocation(user), showsPracticeDropdown: showsPracticeDropdown(user) };
  prefetchCall(getDashboardSummary, summaryRequest(dashboardPractice(location)), user);
};

/**
 * The dashboard (/app/dashboard, the start page of most roles, 000 §6.1; decisions.md "Dashboard"), fetched again
 * when the hub announces an alert.
 */
export function DashboardPage() {
  const location = useLocationFilter();
  const practiceId = dashboardPractice(location);
  const { data, loading, failure, reload } = useCall(getDashboardSummary, summaryRequest(practiceId));
  const summary = data?.data ?? null;
  const [now, setNow] = useState(() => Date.now());
  // The 'oldest waiting' times are written from the time of each answer.
  useEffect(() => {
    if (data) setNow(Date.now());
  }, [data]);
  useLiveReload(reload, true);
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
            ` · ${monthLabel(summary.month)} · ${summary.days_left} ${summary.days_left === 1 ? 'day' : 'days'} left`}
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
          <Card className="dashboard-card dashboard-card-wide">
            <h2 className="dashboard-card-title">Alert response this month</h2>
            <ResponseTable summary={summary} links={links} today={isoDay(new Date(now))} />
          </Card>
          <Card className="dashboard-card">
            <h2 className="dashboard-card-title">Patients</h2>
            <div className="dashboard-numbers">
              <Link href={links.enrolled} className="dashboard-number">
                <strong className="dashboard-number-value">{summary.enrolled}</strong>
                {/* RPM statuses 4 and 5; status 1 is labelled 'Enrolled' (decisions.md "Dashboard"). */}
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

/** Minutes as the response table shows them: '12 min', '2 h 5 min'; '-' before any acknowledgement. */
const responseMinutes = (minutes: number | null) => (minutes === null ? '-' : formatWaiting(minutes));

/**
 * Time to acknowledge this month's alerts (decisions.md "Alert response figures"): each level over the scope, then
 * per practice; the acknowledged and escalated counts open the worklist filtered to those alerts.
 */
function ResponseTable({
  summary,
  links,
  today,
}: {
  readonly summary: DashboardSummary;
  readonly links: ReturnType<typeof dashboardLinks>;
  readonly today: string;
}) {
  if (summary.response.length === 0) return <p>No alerts raised this month.</p>;
  return (
    <HTMLTable compact className="dashboard-response">
      <thead>
        <tr>
          <th scope="col">Level</th>
          <th scope="col">Practice</th>
          <th scope="col">Raised</th>
          <th scope="col">Acknowledged</th>
          <th scope="col">Median</th>
          <th scope="col">90th percentile</th>
          <th scope="col">Escalated</th>
        </tr>
      </thead>
      <tbody>
        {summary.response.map((r) => (
          <tr key={`${r.level}-${r.practice_id ?? 'all'}`}>
            <td>{r.level === 'critical' ? 'Critical' : 'Abnormal'}</td>
            <td>{r.practice_name ?? 'All practices'}</td>
            <td>{r.raised}</td>
            <td>
              <Link href={links.response(r, 'acknowledged', summary.month, today)}>{r.acknowledged}</Link>
            </td>
            <td>{responseMinutes(r.median_minutes)}</td>
            <td>{responseMinutes(r.p90_minutes)}</td>
            <td>
              <Link href={links.response(r, 'escalated', summary.month, today)}>{r.escalated}</Link>
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
