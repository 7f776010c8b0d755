/** A tab of the patient chart (000 §2.3). */
export interface ChartTab {
  readonly id: string;
  readonly label: string;
  /** The route segment after /app/patient-chart/ (000 §2.3: Orders is enroll-details, Care Plan is ccm). */
  readonly segment: string;
  /** Filled by issue 5; the other tabs show their place in the frame only. */
  readonly filled: boolean;
}

/** The 19 tabs in the order of 000 §2.3. */
export const CHART_TABS: readonly ChartTab[] = [
  { id: 'overview', label: 'Overview', segment: 'overview', filled: true },
  { id: 'demographics', label: 'Demographics', segment: 'demographics', filled: true },
  { id: 'devices', label: 'Devices', segment: 'devices', filled: true },
  { id: 'readings', label: 'Readings', segment: 'readings', filled: true },
  { id: 'goals', label: 'Goals', segment: 'goals', filled: false },
  { id: 'alerts', label: 'Alerts', segment: 'alerts', filled: true },
  { id: 'alert-rules', label: 'Alert Rules', segment: 'alert-rules', filled: true },
  { id: 'activity-logs', label: 'Activity Logs', segment: 'activity-logs', filled: true },
  { id: 'reports', label: 'Reports', segment: 'reports', filled: false },
  { id: 'notes', label: 'Notes', segment: 'notes', filled: true },
  { id: 'tasks', label: 'Tasks', segment: 'tasks', filled: true },
  { id: 'orders', label: 'Orders', segment: 'enroll-details', filled: false },
  { id: 'sub-orders', label: 'Sub Orders', segment: 'sub-orders', filled: false },
  { id: 'documents', label: 'Documents', segment: 'documents', filled: false },
  { id: 'clinical', label: 'Clinical', segment: 'clinical', filled: false },
  { id: 'care-plan', label: 'Care Plan', segment: 'ccm', filled: false },
  { id: 'compliance-info', label: 'Compliance Info', segment: 'compliance-info', filled: false },
  { id: 'reminder', label: 'Reminder', segment: 'reminder', filled: false },
  { id: 'messages', label: 'Messages', segment: 'messages', filled: false },
];

/**
 * Routes of 000 §2.3 without a tab of their own: shown in the frame under their own name, with no tab selected.
 * 'tips' belongs to the care plan; 'authorization-history' has no patient id in its route.
 */
const EXTRA_ROUTES: Record<string, string> = {
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
  /** The route's parameters after the patient id (overview {new?}, notes {add?}/{op?}). */
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

/** The route of a tab for a patient. */
export function chartTabPath(tab: ChartTab, patientId: number): string {
  return `/app/patient-chart/${tab.segment}/${patientId}`;
}
