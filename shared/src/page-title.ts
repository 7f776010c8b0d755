/** Paths where the title and the breadcrumb are hidden (000 §2.1). */
const NO_TITLE_PATHS: ReadonlySet<string> = new Set(['/app', '/app/crm-dashboard', '/app/crypto-dashboard']);

/** Path segments of `pathname`, without query string, hash and empty segments. */
function segments(pathname: string): string[] {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  return path.split('/').filter((s) => s !== '');
}

const NUMERIC = /^\d+$/;

/**
 * The page title (000 §2.1): the last path segment with hyphens turned to spaces; under /app/patient-chart/ the
 * third segment ('/app/patient-chart/overview/12' → 'overview'). Capitalisation is left to CSS.
 * Trailing ids, alert rules and the bare chart: decisions.md "Page titles".
 */
export function pageTitle(pathname: string): string {
  const parts = segments(pathname);
  if (parts[0] === 'app' && parts[1] === 'patient-chart' && parts[2] !== undefined) {
    const tab = parts[3] === 'alert-rules' ? 'alert-rules' : parts[2];
    return tab.replaceAll('-', ' ');
  }
  while (parts.length > 1 && NUMERIC.test(parts[parts.length - 1] ?? '')) parts.pop();
  return (parts[parts.length - 1] ?? '').replaceAll('-', ' ');
}

/** Whether the title and the 'You are here:' breadcrumb show (000 §2.1): hidden on three paths. */
export function showsTitle(pathname: string): boolean {
  return !NO_TITLE_PATHS.has(`/${segments(pathname).join('/')}`);
}
