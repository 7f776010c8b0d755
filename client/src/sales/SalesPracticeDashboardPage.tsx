import { Callout, Card, Colors, HTMLTable, Intent, Spinner, SpinnerSize } from '@blueprintjs/core';
import {
  ENROLMENT_PROGRAMS,
  formatCount,
  formatUsd,
  getSalesPracticeDashboard,
  MSG,
  monthLabel,
  monthName,
} from '@rpm/shared';
import { useCall } from '../api/use-call';
import { TrendBars } from './TrendBars';
import '../dashboard/dashboard.css';
import './sales.css';

/**
 * The Sales Practice Dashboard (/app/sales-practice-dashboard, role 14's menu, 000 §2.4):
 * decisions.md "Sales Practice Dashboard". The practices the signed-in rep brought in with their enrolled patients by program and this month's
 * billable revenue from the billing engine, and six months of patients and revenue drawn as bars.
 */
export function SalesPracticeDashboardPage() {
  const { data, loading, failure } = useCall(getSalesPracticeDashboard, {});
  const summary = data?.data ?? null;
  const first = summary?.trend[0]?.month;
  const range = summary && first ? `${monthLabel(first)} to ${monthLabel(summary.month)}` : '';
  const bars = (pick: 'patients' | 'revenue') =>
    summary?.trend.map((m) => ({ month: m.month, label: monthName(m.month), value: m[pick] })) ?? [];
  return (
    <section className="dashboard" aria-label="Sales Practice Dashboard" aria-busy={loading}>
      <div className="dashboard-head">
        <span>{summary && monthLabel(summary.month)}</span>
        {loading && <Spinner size={SpinnerSize.SMALL} aria-label={MSG.loading} />}
      </div>
      {failure && !summary && <Callout intent={Intent.DANGER}>{failure.message}</Callout>}
      {summary && (
        <div className="dashboard-grid">
          <Card className="dashboard-card">
            <h2 className="dashboard-card-title">This month</h2>
            <div className="dashboard-numbers">
              <div className="dashboard-number">
                <strong className="dashboard-number-value">{formatCount(summary.practices.length)}</strong>
                <span className="dashboard-number-label">Practices brought in</span>
              </div>
              <div className="dashboard-number">
                <strong className="dashboard-number-value">
                  {formatCount(summary.practices.reduce((n, p) => n + p.enrolled_total, 0))}
                </strong>
                <span className="dashboard-number-label">Enrolled patients</span>
              </div>
              <div className="dashboard-number">
                <strong className="dashboard-number-value">{formatUsd(summary.revenue)}</strong>
                <span className="dashboard-number-label">Billable revenue</span>
              </div>
            </div>
          </Card>
          <Card className="dashboard-card">
            <h2 className="dashboard-card-title">Enrolled patients</h2>
            <TrendBars
              caption={`Patients on a program billing report per month, ${range}`}
              bars={bars('patients')}
              format={formatCount}
            />
          </Card>
          <Card className="dashboard-card">
            <h2 className="dashboard-card-title">Revenue</h2>
            <TrendBars
              caption={`Billable revenue per month, ${range}`}
              bars={bars('revenue')}
              format={formatUsd}
              colour={Colors.GREEN3}
            />
          </Card>
          <Card className="dashboard-card sales-practices">
            <h2 className="dashboard-card-title">Practices</h2>
            {summary.practices.length === 0 ? (
              <p>{MSG.noRecordsFound}</p>
            ) : (
              <HTMLTable compact striped>
                <caption className="dashboard-figure-caption">
                  Enrolled patients by program and billable revenue, {monthLabel(summary.month)}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Practice</th>
                    <th scope="col">Organization</th>
                    {ENROLMENT_PROGRAMS.map((program) => (
                      <th scope="col" key={program}>
                        {program}
                      </th>
                    ))}
                    <th scope="col">Enrolled</th>
                    <th scope="col">Revenue</th>
                  </tr>
                </thead>
                <tbody>
                  {summary.practices.map((practice) => (
                    <tr key={practice.practice_id}>
                      <th scope="row">{practice.practice_name}</th>
                      <td>{practice.organization_name}</td>
                      {practice.enrolled.map((e) => (
                        <td key={e.program}>{formatCount(e.patients)}</td>
                      ))}
                      <td>{formatCount(practice.enrolled_total)}</td>
                      <td>{formatUsd(practice.revenue)}</td>
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
