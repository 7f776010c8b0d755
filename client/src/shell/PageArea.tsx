import { MSG, pageTitle, START_PAGES, type StartPagePath, type StoredUser } from '@rpm/shared';
import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { ComingSoonPage } from '../pages/coming-soon/ComingSoonPage';
import { NotFoundPage } from '../pages/not-found/NotFoundPage';
import type { Preloadable } from '../routing/preloadable';
import { Breadcrumb } from './Breadcrumb';
import {
  BillingDashboardPage,
  DashboardPage,
  DentalDashboard,
  PAGE_ROUTES,
  PlainListScreen,
  SalesDashboardPage,
  SleepCoReadScreen,
  SleepLabScreen,
  SleepTestsScreen,
  TechnicianCalendarScreen,
} from './page-routes';

/**
 * The screen of each start page (000 §6.1). Signing in loads it with the frame before showing the page, so the start
 * page draws without a 'Loading...' pause.
 */
const START_SCREENS: Record<StartPagePath, Preloadable<object>> = {
  [START_PAGES.billingDashboard]: BillingDashboardPage,
  [START_PAGES.salesDashboard]: SalesDashboardPage,
  [START_PAGES.sleepTests]: SleepTestsScreen,
  [START_PAGES.coRead]: SleepCoReadScreen,
  [START_PAGES.dentalDashboard]: DentalDashboard,
  [START_PAGES.technicianCalendar]: TechnicianCalendarScreen,
  [START_PAGES.sleepLab]: SleepLabScreen,
  [START_PAGES.dashboard]: DashboardPage,
};

const startScreen = (path: string) =>
  Object.hasOwn(START_SCREENS, path) ? START_SCREENS[path as StartPagePath] : null;

/** Loads the screen of `path` when it is a start page; any other path loads when it is first shown. */
export function preloadStartScreen(path: string): Promise<void> {
  return startScreen(path)?.preload() ?? Promise.resolve();
}

/**
 * Start pages whose screen loads only for the user who lands there: the Technician Calendar's is 36 KiB of
 * react-big-calendar, for one role (decisions.md "Every start screen loaded while typing").
 */
const LOADED_ON_ARRIVAL: ReadonlySet<string> = new Set([START_PAGES.technicianCalendar]);

/** Loads every other start page's screen, one after another (signed-in-code.ts, while the password is typed). */
export async function preloadEveryStartScreen(): Promise<void> {
  for (const [path, screen] of Object.entries(START_SCREENS))
    if (!LOADED_ON_ARRIVAL.has(path)) await screen.preload();
}

/** Makes the first calls of the start page at `path` ahead for `user`, once its screen is loaded (start-calls.ts). */
export function startScreenCalls(user: StoredUser, path: string): void {
  startScreen(path)?.startCalls(user);
}

export interface PageAreaProps {
  readonly pathname: string;
  /** The page title, or `null` where title and breadcrumb are hidden (000 §2.1). */
  readonly title: string | null;
  /** The path is unknown or not in the user's access list (000 §2.1): the not-found variant shows. */
  readonly notFound: boolean;
}

/**
 * The page: its title and 'You are here:' breadcrumb (hidden on /app, /app/crm-dashboard, /app/crypto-dashboard,
 * 000 §2.1), then the screen of the first route of {@link PAGE_ROUTES} that matches, else of the plain list whose
 * route matches; a route without its screen yet says 'Coming soon' with its title.
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
              {PAGE_ROUTES.map(({ path, page }) => (
                <Route key={path} path={path}>
                  {page}
                </Route>
              ))}
              <Route>
                <PlainListScreen fallback={<ComingSoonPage title={title ?? pageTitle(pathname)} />} />
              </Route>
            </Switch>
          </Suspense>
        )}
      </div>
    </>
  );
}
