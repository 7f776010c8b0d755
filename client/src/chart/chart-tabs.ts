import { PATIENT_CHART_TABS } from '@rpm/shared';

/** A tab of the patient chart (000 §2.3). */
export interface ChartTab {
  readonly id: string;
  readonly label: string;
  /** The route segment after /app/patient-chart/ (000 §2.3: Orders is enroll-details, Care Plan is ccm). */
  readonly segment: string;
}

/** Tab ids for the two tabs whose route segment differs from their name (000 §2.3). */
const ID_BY_SEGMENT: Readonly<Record<string, string>> = { 'enroll-details': 'orders', ccm: 'care-plan' };

/** The 19 tabs in the order of 000 §2.3, from the shared menu table (the patientChart group uses it too). */
export const CHART_TABS: readonly ChartTab[] = PATIENT_CHART_TABS.map((tab) => {
  const segment = tab.link.replace('/app/patient-chart/', '');
  const id = ID_BY_SEGMENT[segment] ?? segment;
  return { id, label: tab.label, segment };
});

/**
 * Routes of 000 §2.3 without a tab of their own: shown in the frame under their own name, with no tab selected.
 * 'tips' belongs to the care plan; 'authorization-history' has no patient id in its route.
 */
export const EXTRA_ROUTES: Record<string, string> = {
  tips: 'Tips',
  'authorization-history': 'Authorization History',
};

/** Where a chart path points: the tab (or extra route), the patient and the route's other parameters. */
export interface ChartLocation {
  /** The tab id, or null for an extra route. */
  readonly tabId: string | null;
  /** The name shown for the section. */
  readonly label: string;
  readonly patientId: number | null;
  /** The alert-rules route's device type (000 §2.3 {deviceType?}). */
  readonly deviceType: string | null;
  /**
   * The route's parameters after the patient id: overview {new?} (decisions.md "Overview route segment"), notes
   * {add?}/{op?}.
   */
  readonly rest: readonly string[];
}

const toId = (text: string | undefined): number | null =>
  text !== undefined && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null;

/** Reads a /app/patient-chart/... path (000 §2.3); null when it is not a chart route. */
export function parseChartPath(pathname: string): ChartLocation | null {
  const match = /^\/app\/patient-chart\/(.*)$/i.exec(pathname.replace(/\/+$/, ''));
  if (!match) return null;
  const parts = (match[1] ?? '').split('/').filter(Boolean).map(decodeURIComponent);
  const rulesAt = parts.findIndex((p) => p.toLowerCase() === 'alert-rules');
  if (rulesAt === 0 || rulesAt === 1) {
    return {
      tabId: 'alert-rules',
      label: 'Alert Rules',
      deviceType: rulesAt === 1 ? (parts[0] ?? null) : null,
      patientId: toId(parts[rulesAt + 1]),
      rest: [],
    };
  }
  const segment = parts[0]?.toLowerCase() ?? '';
  const tab = CHART_TABS.find((t) => t.segment === segment);
  const extra = EXTRA_ROUTES[segment];
  if (!tab && !extra) return null;
  return {
    tabId: tab?.id ?? null,
    label: tab?.label ?? extra ?? '',
    deviceType: null,
    patientId: toId(parts[1]),
    rest: parts.slice(2),
  };
}

/** Whether the location is the authorization-history route (decisions.md "Authorization history"). */
export const isAuthorizationHistory = (place: ChartLocation): boolean =>
  place.tabId === null && place.label === EXTRA_ROUTES['authorization-history'];

/** The route of a tab for a patient. */
export function chartTabPath(tab: ChartTab, patientId: number): string {
  return `/app/patient-chart/${tab.segment}/${patientId}`;
}

/** The chart of a patient, opened on its overview. */
export const chartOf = (patientId: number): string => `/app/patient-chart/overview/${patientId}`;
