import { MSG } from '@rpm/shared';
import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { OrganisationCard } from '../frame/OrganisationCard';
import { NotFoundPage } from '../pages/not-found/NotFoundPage';
import { Breadcrumb } from './Breadcrumb';

const OrganizationsPage = lazy(() =>
  import('../organizations/OrganizationsPage').then((m) => ({ default: m.OrganizationsPage })),
);
// Billing (001 §2.1; 000 §6.1: the dashboard is the start page of roles 10 and 11). Added by the billing UI work.
const BillingReportPage = lazy(() =>
  import('../billing/BillingReportPage').then((m) => ({ default: m.BillingReportPage })),
);
const BillingDashboardPage = lazy(() =>
  import('../billing/BillingDashboardPage').then((m) => ({ default: m.BillingDashboardPage })),
);
// The dashboard (000 §2.4, §6.1: the start page of most roles; issue 10).
const DashboardPage = lazy(() =>
  import('../dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage })),
);
// The patient chart (000 §2.3): every /app/patient-chart/... route of the spec; the page reads its tab itself.
const PatientChartPage = lazy(() =>
  import('../chart/PatientChartPage').then((m) => ({ default: m.PatientChartPage })),
);

/** Props of {@link PageArea}. */
export interface PageAreaProps {
  readonly pathname: string;
  /** The page title, or `null` where title and breadcrumb are hidden (000 §2.1). */
  readonly title: string | null;
  /** The path is unknown or not in the user's access list (000 §2.1): the not-found variant shows. */
  readonly notFound: boolean;
}

/**
 * The page: its title and 'You are here:' breadcrumb (hidden on /app, /app/crm-dashboard, /app/crypto-dashboard,
 * 000 §2.1), then the screen for the route. Screens load on demand; a route without its screen yet shows the
 * organisation card (the feature issues replace it).
 */
export function PageArea({ pathname, title, notFound }: PageAreaProps) {
  return (
    <>
      {title !== null && (
        <div className="shell-page-head">
          <h1 className="shell-page-title">{title}</h1>
          <Breadcrumb pathname={pathname} />
        </div>
      )}
      <div className="shell-page">
        {notFound ? (
          <NotFoundPage variant="frame" />
        ) : (
          <Suspense fallback={<p className="page-loading">{MSG.loading}</p>}>
            <Switch>
              <Route path="/app/organizations">
                <OrganizationsPage />
              </Route>
              <Route path="/app/billing-report">
                <BillingReportPage />
              </Route>
              <Route path="/app/billing-report-fixed">
                <BillingReportPage />
              </Route>
              <Route path="/app/patient-chart/*">
                <PatientChartPage />
              </Route>
              <Route path="/app/dashboard">
                <DashboardPage />
              </Route>
              <Route path="/app/billing-dashboard">
                <BillingDashboardPage />
              </Route>
              <Route>
                <OrganisationCard />
              </Route>
            </Switch>
          </Suspense>
        )}
      </div>
    </>
  );
}
