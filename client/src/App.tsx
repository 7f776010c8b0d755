import { MSG } from '@rpm/shared';
import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { ErrorDialogProvider } from './errors/ErrorDialogProvider';
import { SignInPage } from './pages/sign-in/SignInPage';
import { AppGate } from './routing/AppGate';
import { Home } from './routing/Home';
import { ScrollToTop } from './routing/ScrollToTop';
import { SessionProvider } from './session/SessionProvider';

// The sign-in page is the only page in the first chunk; every other page loads on demand.
const RegisterPage = lazy(() =>
  import('./pages/register/RegisterPage').then((m) => ({ default: m.RegisterPage })),
);
const ResetPasswordPage = lazy(() =>
  import('./pages/reset-password/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
const MaintenancePage = lazy(() =>
  import('./pages/status/StatusPage').then((m) => ({ default: m.MaintenancePage })),
);
const ComingSoonPage = lazy(() =>
  import('./pages/status/StatusPage').then((m) => ({ default: m.ComingSoonPage })),
);
const NotFoundPage = lazy(() =>
  import('./pages/not-found/NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
);

/** '/app' and everything below it. */
const APP_PATHS = /^\/app(?:\/.*)?$/i;

/** The route table outside the signed-in frame (000 §2.1, §2.6). */
export function App() {
  return (
    <SessionProvider>
      <ErrorDialogProvider>
        <ScrollToTop />
        <Suspense fallback={<p className="page-loading">{MSG.loading}</p>}>
          <Switch>
            <Route path="/">
              <Home />
            </Route>
            <Route path="/login">
              <SignInPage />
            </Route>
            <Route path="/register">
              <RegisterPage />
            </Route>
            <Route path="/reset-password">
              <ResetPasswordPage />
            </Route>
            <Route path="/maintenance">
              <MaintenancePage />
            </Route>
            <Route path="/coming-soon">
              <ComingSoonPage />
            </Route>
            <Route path={APP_PATHS}>
              <AppGate />
            </Route>
            <Route>
              <NotFoundPage />
            </Route>
          </Switch>
        </Suspense>
      </ErrorDialogProvider>
    </SessionProvider>
  );
}
