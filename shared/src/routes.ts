// Over 300 lines: the whole route table of 000 §2.4 is one declaration.
import { parse } from 'regexparam';
import { PRODUCT, PRODUCT_SLUG } from './constants.js';

/**
 * Who may open a route (000 §2.1-2.4):
 * - `session`: any signed-in user (000 §2.2);
 * - `page`: the user's access list (`pages`) must hold `page`; `requiresRole` must also be in `roleid`
 *   (Spirometry Test needs role 6); with `orCallLink` a call link or a temporary login also opens it (Aws Call).
 */
export type RouteAccess =
  | { readonly kind: 'session' }
  | {
      readonly kind: 'page';
      readonly page: string;
      readonly requiresRole?: number;
      readonly orCallLink?: boolean;
    };

export interface RouteEntry {
  /** A wouter/regexparam pattern, e.g. '/app/patient-chart/overview/:patientId?/:new?'. */
  readonly pattern: string;
  readonly access: RouteAccess;
  /** Where the spec lists the route, e.g. '000 §2.4'. */
  readonly spec: string;
}

/** What {@link canOpen} needs from the stored user and the temporary-login flag (000 §3). */
export interface AccessContext {
  readonly pages: readonly string[];
  readonly roleid: readonly number[];
  readonly aws_link: string | null;
  readonly tempLogin: boolean;
}

const SESSION: RouteAccess = { kind: 'session' };

/**
 * The access-list entry of the insurance plans, which also keeps the Insurance Table's rows: /app/insurance-table is
 * open to every session (000 §2.2), its data only with this page (decisions.md "Insurance Table").
 */
export const INSURANCE_PLANS_PAGE = 'Insurance Plans Table';

/** Rows sharing one access, all under /app. */
function rows(access: RouteAccess, spec: string, paths: readonly string[]): RouteEntry[] {
  return paths.map((path) => ({ pattern: `/app/${path}`, access, spec }));
}

/** Rows of 000 §2.4 unlocked by the access-list entry `page`. */
function pageRows(page: string, paths: readonly string[], spec = '000 §2.4'): RouteEntry[] {
  return rows({ kind: 'page', page }, spec, paths);
}

/** The access-list entry of the utilities group's landing page and the routes it unlocks (000 §2.4). */
export const BILLING_UTILITY_PAGE = 'Billing Utility';

/** The routes of 000 §2.4's 'Billing Utility' row, in the row's order; the landing page lists the others. */
export const BILLING_UTILITY_ROUTES = [
  'billing-utility',
  'patient-consent',
  'reading-report',
  'practice-intervention',
  'organization-groups',
  'incoming-messages',
  'transcript-queues',
  'sleep-return-devices',
  'latest-assigned-devices',
  'ss-resource',
] as const;

const PATIENT_CHART: RouteAccess = { kind: 'page', page: 'Patient Chart' };

// 000 §2.3. Listed before everything else: a generic pattern such as '/app/:filter?/ccm' would otherwise take
// '/app/patient-chart/ccm'. The alert-rules row comes first in the group because its device type is a parameter
// in the third segment, where the other rows have a fixed tab name.
const patientChartRoutes: RouteEntry[] = [
  {
    pattern: '/app/patient-chart/:deviceType?/alert-rules/:patientId?',
    access: PATIENT_CHART,
    spec: '000 §2.3, 001 §2.2',
  },
  ...rows(PATIENT_CHART, '000 §2.3', [
    'patient-chart/overview/:patientId?/:new?',
    'patient-chart/reminder/:patientId?/:new?',
    'patient-chart/messages/:patientId?',
    'patient-chart/tasks/:patientId?',
    'patient-chart/demographics/:patientId?',
    'patient-chart/devices/:patientId?',
    'patient-chart/compliance-info/:patientId?',
    'patient-chart/readings/:patientId?',
    'patient-chart/alerts/:patientId?',
    'patient-chart/activity-logs/:patientId?',
    'patient-chart/reports/:patientId?',
    'patient-chart/notes/:patientId?/:add?/:op?',
    'patient-chart/authorization-history',
    'patient-chart/enroll-details/:patientId?',
    'patient-chart/sub-orders/:patientId?',
    'patient-chart/documents/:patientId?',
    'patient-chart/clinical/:patientId?',
    'patient-chart/ccm/:patientId?',
    'patient-chart/goals/:patientId?',
    'patient-chart/tips/:patientId?',
  ]),
];

// 000 §2.2. The not-found fallback is not a row: an unknown path has no entry.
const sessionRoutes: RouteEntry[] = rows(SESSION, '000 §2.2', [
  'profile',
  'configure-defaults',
  'notification-defaults',
  'insurances-defaults',
  'rpmProtocol-defaults',
  'insurance-table',
  'ccm-defaults/:curId?',
  'notes-defaults',
  'global-reports',
  'onboarding',
  'technician-calendar',
]);

// 000 §2.4, rows whose paths start with a fixed segment, in the spec's order.
const fixedPageRoutes: RouteEntry[] = [
  ...pageRows('Compliant Table', ['monthly-report']),
  ...pageRows('Dashboard', ['dashboard', 'practice-protocol']),
  ...pageRows('CPAP Patients Table', ['cpapPatients']),
  ...pageRows('form', ['form']),
  // Ours (decisions.md "SMART backend services"): opened from the Organizations table.
  ...pageRows('FHIR Clients', ['fhir-clients'], 'issue 43'),
  ...pageRows('Roles Table', ['roles']),
  ...pageRows('Organizations Table', ['organizations']),
  ...pageRows('Locations Table', ['locations']),
  ...pageRows('Programs Table', ['programs']),
  ...pageRows('Practices Table', ['practices']),
  ...pageRows('Non Nursing Table', ['nonNursingStaff']),
  ...pageRows('Medical Assistant Table', ['medicalAssistant']),
  ...pageRows('Sales Rep Table', ['salesRepresentative']),
  ...pageRows('Interpreting Physicians Table', ['interpretingPhysician']),
  ...pageRows('Screened Table', ['screened']),
  ...pageRows('Physicians Table', ['physicians']),
  ...pageRows('Nurses Table', ['nurses']),
  ...pageRows('Admins Table', ['administrators']),
  ...pageRows('Care Co-ordinators', ['careCoordinators']),
  ...pageRows('Sleep Coordinators Table', ['sleep-coordinators']),
  ...pageRows('Sleep Consults', ['sleep-consults']),
  ...pageRows('Sleep Appointments', ['sleep-appointments']),
  ...rows({ kind: 'page', page: 'Spirometry Test', requiresRole: 6 }, '000 §2.4, §6.2', ['spirometry-test']),
  ...pageRows('Schedulers', ['schedulers']),
  ...pageRows('Devices Table', ['devices']),
  ...pageRows('Edison Inventory', ['edison-inventory']),
  ...pageRows('Billers Table', ['billers']),
  ...pageRows('Technician Table', ['technicians']),
  ...pageRows('Inventory Uploads', ['inventory-uploads']),
  ...pageRows('Bulk Uploads', ['bulk-uploads']),
  ...pageRows('Billing Uploads', ['billing-uploads']),
  ...pageRows('Billing Report', ['billing-report', 'billing-report-fixed'], '000 §2.4, 001 §2.1'),
  ...pageRows('BHI Billing', ['bhi-billing']),
  ...pageRows('CCM Billing Report', ['ccm-billing', 'pcm-billing']),
  ...pageRows(BILLING_UTILITY_PAGE, BILLING_UTILITY_ROUTES),
  ...pageRows('Care Coord Mapping', ['patient-transfer']),
  ...rows({ kind: 'page', page: 'Aws Call', orCallLink: true }, '000 §2.4, §6.2', [
    'aws-tasks',
    'aws-missed-history',
    'aws-callback',
    'aws-callback-history',
    'aws-voicemail-history',
    'aws-voicemail',
    'aws-unattended-calls',
  ]),
  ...pageRows('CSV Utility', ['csv-utility']),
  ...pageRows('Unassigned Devices', ['unassigned-devices']),
  ...pageRows('Non Compliance Patients', ['non-compliance-patients']),
  ...pageRows('Alert Rules', ['alert-rules']),
  ...pageRows('GM Patients', ['gm-utility']),
  ...pageRows(`${PRODUCT} Billing`, [`${PRODUCT_SLUG}-billing`]),
  ...pageRows('Cpt Codes Table', ['CPT-codes']),
  ...pageRows('Billing Dashboard', ['billing-dashboard']),
  ...pageRows('Sales Rep Dashboard', ['sales-dashboard']),
  ...pageRows('DeviceType Table', ['deviceType']),
  ...pageRows('DeviceName Table', ['deviceName']),
  ...pageRows('Vitals Table', ['vitalType']),
  ...pageRows('Vendors Table', ['vendors']),
  ...pageRows('Warehouses Table', ['warehouses']),
  ...pageRows('Insurances Default Amount Table', ['insurances-default']),
  ...pageRows('NotesCategory Table', ['notes-category']),
  ...pageRows('Notes Comments Table', ['notes-comments']),
  ...pageRows('Messages Category Table', ['messages-category']),
  ...pageRows('Message Template Table', ['messages-template']),
  ...pageRows('My Tasks', ['myTasks/:taskId?']),
  ...pageRows('Reports', ['reports']),
  ...pageRows('Therapy Patients', ['therapy-patients']),
  ...pageRows('Device Data logs', ['device-data-logs']),
  ...pageRows('Invoices', ['invoices']),
  ...pageRows('Sales Practice Dashboard', ['sales-practice-dashboard']),
  ...pageRows('Leads', ['leads']),
  // Onboarding submissions and each one's view, for sales and administrators (decisions.md "Onboarding").
  ...pageRows('Leads', ['practice-sign-ups', 'practice-sign-ups/:submission_id'], 'issue 42'),
  ...pageRows('Dental Dashboard', ['dentalDashboard']),
  ...pageRows('Sleep Lab Table', ['sleep-lab']),
  // A row's own view, not the chart (decisions.md "Dental case and sleep study views"; list-routes.ts).
  ...pageRows('Dental Dashboard', ['dentalDashboard/case/:case_id'], 'issue 41'),
  ...pageRows('Sleep Lab Table', ['sleep-lab/study/:study_id'], 'issue 41'),
  // decisions.md "Sleep interpretation view": the view of one study, opened from the reading lists.
  ...pageRows('Sleep Tests', ['sleep-test/:studyId'], 'issue 15'),
  ...pageRows('Custom Interpretation Config', ['interpretation-customs']),
  ...pageRows('Sleep Billing Report', ['sleep-billing-report']),
  ...pageRows('CoRead Billing', ['co-read-billing']),
  ...pageRows(INSURANCE_PLANS_PAGE, ['insurance-plans']),
  ...pageRows('HST Billing Configuration', ['hst-billing-config', 'athena-vitals-config']),
  ...pageRows(`HST ${PRODUCT} Billing`, ['hst-billing']),
  ...pageRows('Device History', ['device-history']),
  ...pageRows('Deactivated Devices', ['deactivated-devices']),
  ...pageRows(`HST ${PRODUCT} Order Billing`, ['hst-order-billing']),
  // Not in the spec (decisions.md "Audit report").
  ...rows({ kind: 'page', page: 'Audit Report', requiresRole: 1 }, 'issue 11', ['audit-report']),
];

// 000 §2.4, rows that start with optional parameters and end in a fixed segment: after every fixed-prefix row so
// that '/app/myTasks/orders' is a task, not an orders list with orderStatus 'myTasks'. Monitor is last because it
// also ends in an optional parameter.
const genericPageRoutes: RouteEntry[] = [
  ...pageRows(`${PRODUCT} Care Orders`, [':orderStatus?/:dashboardType?/orders']),
  ...pageRows('Patients Table', [':patientStatus?/:dashboardType?/patients']),
  ...pageRows('Sleep Tests', [':filter?/sleepTests']),
  ...pageRows('Pulse Oximetry Tests', [':filter?/pulseOximetry']),
  ...pageRows('Sleep Tests Co-Read', [':filter?/sleepTestsInterpretation']),
  ...pageRows('CCM', [':filter?/ccm']),
  ...pageRows('Monitoring Table', [':dashboardType?/:filter?/monitor/:patId?'], '000 §2.4, §2.8'),
];

/**
 * The route/access table of 000 §2.2-2.4, most specific pattern first: {@link findRoute} takes the first match.
 * Bare '/app' is not a row: it redirects to the start page (000 §2.1, §6.1).
 */
export const ROUTES: readonly RouteEntry[] = [
  ...patientChartRoutes,
  ...sessionRoutes,
  ...fixedPageRoutes,
  ...genericPageRoutes,
];

/** Every distinct access-list entry (page name) the table uses, in table order (000 §2.3, §2.4). */
export const PAGES: readonly string[] = [
  ...new Set(ROUTES.flatMap((entry) => (entry.access.kind === 'page' ? [entry.access.page] : []))),
];

interface CompiledRoute {
  readonly entry: RouteEntry;
  readonly keys: readonly string[];
  readonly regex: RegExp;
  readonly inChart: boolean;
}

/** Paths under the patient chart match only patient-chart rows (see {@link findRoute}). */
const CHART_PREFIX = /^\/app\/patient-chart(?:\/|$)/i;

const compiled: readonly CompiledRoute[] = ROUTES.map((entry) => {
  const { keys, pattern } = parse(entry.pattern);
  return { entry, keys, regex: pattern, inChart: CHART_PREFIX.test(entry.pattern) };
});

/** The path without query string or hash, and without one trailing slash (but '/' stays '/'). */
function cleanPath(pathname: string): string {
  let path = pathname.split(/[?#]/, 1)[0] ?? '';
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path;
}

/**
 * The first table row matching `pathname`, with its parameters (raw path segments, not URI-decoded; an absent
 * optional parameter is `undefined`). Matching is case-insensitive, as wouter's is.
 * Other paths under /app/patient-chart/ match nothing (decisions.md "Unknown chart paths").
 */
export function findRoute(
  pathname: string,
): { entry: RouteEntry; params: Record<string, string | undefined> } | undefined {
  const path = cleanPath(pathname);
  const inChart = CHART_PREFIX.test(path);
  for (const route of compiled) {
    if (inChart !== route.inChart) continue;
    const match = route.regex.exec(path);
    if (!match) continue;
    const params: Record<string, string | undefined> = {};
    route.keys.forEach((key, i) => {
      params[key] = match[i + 1];
    });
    return { entry: route.entry, params };
  }
  return undefined;
}

/**
 * Whether a signed-in user may open `pathname` (000 §2.1-2.4, §6.2). An unknown path is `false`: it falls to the
 * not-found page, as does a route whose access-list entry the user lacks.
 */
export function canOpen(pathname: string, ctx: AccessContext): boolean {
  const access = findRoute(pathname)?.entry.access;
  if (!access) return false;
  if (access.kind === 'session') return true;
  if (access.requiresRole !== undefined && !ctx.roleid.includes(access.requiresRole)) return false;
  const hasPage = ctx.pages.includes(access.page);
  if (access.orCallLink) return hasPage || (ctx.aws_link ?? '').trim() !== '' || ctx.tempLogin;
  return hasPage;
}
