import { Callout, Card, HTMLTable, Intent, Spinner, SpinnerSize } from '@blueprintjs/core';
import { displayDate, displayPhone, getSalesDashboard, type LeadStage, LIST_ROUTES, MSG } from '@rpm/shared';
import { Link } from 'wouter';
import { prefetchCall } from '../api/call';
import { useCall } from '../api/use-call';
import { type FigureBar, FigureBars } from '../dashboard/FigureBars';
import type { StartCalls } from '../routing/preloadable';
import '../dashboard/dashboard.css';

/** Each stage's colour in the pipeline chart. */
const STAGE_INTENTS: Readonly<Record<LeadStage, Intent>> = {
  New: Intent.NONE,
  Contacted: Intent.PRIMARY,
  Demo: Intent.PRIMARY,
  Proposal: Intent.WARNING,
  Won: Intent.SUCCESS,
  Lost: Intent.DANGER,
};

/** The Leads list filtered to one stage, or searched for one practice. */
const leadsOfStage = (stage: string) => `${LIST_ROUTES.leads}?lead_stage=${encodeURIComponent(stage)}`;
const leadOf = (practice: string) => `${LIST_ROUTES.leads}?search=${encodeURIComponent(practice)}`;

/** The page's one call, made ahead as a sales rep signs in (shell/start-calls.ts). */
export const salesDashboardStart: StartCalls = (user) => prefetchCall(getSalesDashboard, {}, user);

/**
 * The Sales Rep Dashboard (/app/sales-dashboard, role 14's start page, 000 §6.1; decisions.md "Leads"): the pipeline
 * of the organisation's leads by stage, the follow-ups overdue and due this week, and the next follow-ups to make.
 */
export function SalesDashboardPage() {
  const { data, loading, failure } = useCall(getSalesDashboard, {});
  const summary = data?.data ?? null;
  const bars: FigureBar[] =
    summary?.stages.map(({ stage, count }) => ({
      key: stage,
      label: stage,
      count,
      href: leadsOfStage(stage),
      intent: STAGE_INTENTS[stage as LeadStage] ?? Intent.PRIMARY,
    })) ?? [];
  return (
    <section className="dashboard" aria-label="Sales Rep Dashboard" aria-busy={loading}>
      <div className="dashboard-head">
        <span>{summary && `Today · ${displayDate(summary.today)}`}</span>
        {loading && <Spinner size={SpinnerSize.SMALL} aria-label={MSG.loading} />}
      </div>
      {failure && !summary && <Callout intent={Intent.DANGER}>{failure.message}</Callout>}
      {summary && (
        <div className="dashboard-grid">
          <Card className="dashboard-card">
            <h2 className="dashboard-card-title">Pipeline</h2>
            <FigureBars caption="Active leads by stage" bars={bars} />
          </Card>
          <Card className="dashboard-card">
            <h2 className="dashboard-card-title">Follow-ups</h2>
            <div className="dashboard-numbers">
              <Link href={LIST_ROUTES.leads} className="dashboard-number" data-intent="danger">
                <strong className="dashboard-number-value">{summary.overdue}</strong>
                <span className="dashboard-number-label">Overdue</span>
              </Link>
              <Link href={LIST_ROUTES.leads} className="dashboard-number">
                <strong className="dashboard-number-value">{summary.due_this_week}</strong>
                <span className="dashboard-number-label">Due this week</span>
              </Link>
            </div>
          </Card>
          <Card className="dashboard-card sales-follow-ups">
            <h2 className="dashboard-card-title">Next follow-ups</h2>
            {summary.follow_ups.length === 0 ? (
              <p>{MSG.noRecordsFound}</p>
            ) : (
              <HTMLTable compact striped className="sales-follow-ups-table">
                <thead>
                  <tr>
                    <th scope="col">Practice</th>
                    <th scope="col">Contact</th>
                    <th scope="col">Phone</th>
                    <th scope="col">Stage</th>
                    <th scope="col">Follow-up</th>
                  </tr>
                </thead>
                <tbody>
                  {summary.follow_ups.map((lead) => (
                    <tr key={lead.lead_id}>
                      <td>
                        <Link href={leadOf(lead.practice_name)}>{lead.practice_name}</Link>
                      </td>
                      <td>{lead.contact_name}</td>
                      <td>{displayPhone(lead.contact_phone)}</td>
                      <td>{lead.stage}</td>
                      <td>
                        {displayDate(lead.next_follow_up)}
                        {lead.next_follow_up < summary.today && ' (overdue)'}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            )}
          </Card>
        </div>
      )}
    </section>
  );
}
