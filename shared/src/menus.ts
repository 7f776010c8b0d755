// Over 300 lines: the menus of 000 §2.7 as one table per menu, read side by side with the spec.
import { PRODUCT, PRODUCT_SLUG } from './constants.js';
import { MSG } from './messages.js';
import { lowestRoleId } from './roles.js';
import { type AccessContext, canOpen, findRoute, INSURANCE_PLANS_PAGE, type RouteAccess } from './routes.js';
import { type StartPageUser, startPage } from './start-page.js';
import type { StoredUser } from './user.js';

/**
 * The menus of the signed-in shell (000 §2.7) and who sees what (000 §6.2). Pure: no React, no storage.
 * The access-list key of every entry is read from the route table (000 §2.2-2.4, `findRoute`), so a menu entry
 * and its route cannot disagree about who may open it.
 */

/** Something the user can go to: a label and a path under /app. */
export interface MenuLink {
  /** Unique within its menu, e.g. 'dashboard' or 'chart-overview'. */
  readonly key: string;
  /** Readable label; the search box matches on it (000 §2.7). */
  readonly label: string;
  readonly link: string;
}

/** One entry of the main menu. */
export interface MenuEntry extends MenuLink {
  /** The access-list entry of 000 §2.3-2.4 that shows it; `null` for routes open to any signed-in user (000 §2.2). */
  readonly page: string | null;
  /** The route's access rule, as the route table gives it. */
  readonly access: RouteAccess;
  /** The route-table pattern the link matches: an entry is current when the browser's path matches it too. */
  readonly pattern: string;
}

/** Keys of the menu groups of 000 §2.7, plus the patient chart. */
export type MenuGroupKey =
  | 'patientChart'
  | 'main'
  | 'organizations'
  | 'users'
  | 'inventory'
  | 'configuration'
  | 'billing'
  | 'utilities';

export interface MenuGroup {
  readonly key: MenuGroupKey;
  readonly title: string;
  readonly entries: readonly MenuEntry[];
}

/** The stored-user fields the menus depend on (000 §3). */
export type MenuUser = Pick<
  StoredUser,
  | 'roleid'
  | 'pages'
  | 'aws_link'
  | 'is_dentist'
  | 'is_sleeplab_user'
  | 'is_onboarding'
  | 'is_external_care_coord'
>;

/** Session facts that are not in the stored user. */
export interface MenuOptions {
  /** A temporary login is active (000 §3 tempLogin): it opens the call pages (000 §2.4, §6.2). */
  readonly tempLogin: boolean;
  /** The current path: under /app/patient-chart/…/{patientId} it adds the patient-chart group (000 §2.7). */
  readonly pathname?: string;
}

/** The main menu as one user sees it. */
export interface VisibleMenu {
  /** The current patient's chart tabs, or `null` when no patient is current (000 §2.7). */
  readonly patientChart: MenuGroup | null;
  /** Non-empty groups in the order of 000 §2.7. With `flat`, one group whose title is not shown. */
  readonly groups: readonly MenuGroup[];
  /** Billers see their items as one list without group headings (000 §6.2). */
  readonly flat: boolean;
}

function entry(segment: string, label: string, key = segment): MenuEntry {
  const link = `/app/${segment}`;
  const route = findRoute(link);
  // A menu entry whose route the table does not know would always fall to not-found: fail at load, not at use.
  if (!route) throw new Error(`menu entry ${link} has no route in 000 §2.2-2.4`);
  const access = route.entry.access;
  return {
    key,
    label,
    link,
    page: access.kind === 'page' ? access.page : null,
    access,
    pattern: route.entry.pattern,
  };
}

function group(key: MenuGroupKey, title: string, items: readonly (readonly [string, string])[]): MenuGroup {
  return { key, title, entries: items.map(([segment, label]) => entry(segment, label)) };
}

/** The menu groups of 000 §2.7, every entry in the spec's order (labels: decisions.md "Menu labels"). */
export const MENU_GROUPS: readonly MenuGroup[] = [
  group('main', 'Main', [
    ['dashboard', 'Dashboard'],
    ['sales-practice-dashboard', 'Sales Practice Dashboard'],
    ['leads', 'Leads'],
    ['onboarding', 'Onboarding'],
    ['sales-dashboard', 'Sales Rep Dashboard'],
    ['orders', 'Orders'],
    ['cpapPatients', 'CPAP Patients'],
    ['patients', 'Patients'],
    ['myTasks', 'My Tasks'],
    ['global-reports', 'Global Reports'],
    ['screened', 'Screened'],
    ['non-compliance-patients', 'Non Compliance Patients'],
    ['therapy-patients', 'Therapy Patients'],
    ['sleepTests', 'Sleep Tests'],
    ['sleepTestsInterpretation', 'Sleep Tests Co-Read'],
    ['sleep-consults', 'Sleep Consults'],
    ['sleep-appointments', 'Sleep Appointments'],
    ['pulseOximetry', 'Pulse Oximetry'],
    ['monthly-report', 'Monthly Report'],
    ['dentalDashboard', 'Dental Dashboard'],
    ['spirometry-test', 'Spirometry Test'],
    ['sleep-lab', 'Sleep Lab'],
    ['technician-calendar', 'Technician Calendar'],
    ['aws-tasks', 'AWS Tasks'],
  ]),
  group('organizations', 'Organizations', [
    ['organizations', 'Organizations'],
    ['practices', 'Practices'],
    ['locations', 'Locations'],
    ['programs', 'Programs'],
  ]),
  group('users', 'Users', [
    ['physicians', 'Physicians'],
    ['nurses', 'Nurses'],
    ['administrators', 'Administrators'],
    ['careCoordinators', 'Care Coordinators'],
    ['billers', 'Billers'],
    ['technicians', 'Technicians'],
    ['nonNursingStaff', 'Non Nursing Staff'],
    ['medicalAssistant', 'Medical Assistants'],
    ['salesRepresentative', 'Sales Representatives'],
    ['schedulers', 'Schedulers'],
    ['interpretingPhysician', 'Interpreting Physicians'],
    ['sleep-coordinators', 'Sleep Coordinators'],
  ]),
  group('inventory', 'Inventory', [
    ['devices', 'Devices'],
    ['edison-inventory', 'Edison Inventory'],
    ['inventory-uploads', 'Inventory Uploads'],
    ['device-history', 'Device History'],
    ['deactivated-devices', 'Deactivated Devices'],
  ]),
  group('configuration', 'Configuration', [
    ['vendors', 'Vendors'],
    ['warehouses', 'Warehouses'],
    ['deviceType', 'Device Types'],
    ['deviceName', 'Device Names'],
    ['vitalType', 'Vital Types'],
    ['bulk-uploads', 'Bulk Uploads'],
    ['notes-category', 'Notes Categories'],
    ['notes-comments', 'Notes Comments'],
    ['messages-category', 'Message Categories'],
    ['messages-template', 'Message Templates'],
    ['CPT-codes', 'CPT Codes'],
    ['insurances-default', 'Insurance Default Amounts'],
    ['device-data-logs', 'Device Data Logs'],
    ['insurance-table', 'Insurance Table'],
    ['insurance-plans', 'Insurance Plans'],
    ['hst-billing-config', 'HST Billing Configuration'],
  ]),
  group('billing', 'Billing', [
    ['billing-report', 'Billing Report'],
    ['billing-report-fixed', 'Fixed Billing Report'],
    ['bhi-billing', 'BHI Billing'],
    ['ccm-billing', 'CCM Billing'],
    ['pcm-billing', 'PCM Billing'],
    ['sleep-billing-report', 'Sleep Billing Report'],
    [`${PRODUCT_SLUG}-billing`, `${PRODUCT} Billing`],
    ['hst-billing', `HST ${PRODUCT} Billing`],
    ['billing-uploads', 'Billing Uploads'],
    ['billing-dashboard', 'Billing Dashboard'],
    ['invoices', 'Invoices'],
    ['co-read-billing', 'CoRead Billing'],
  ]),
  group('utilities', 'Utilities', [
    ['billing-utility', 'Billing Utility'],
    ['csv-utility', 'CSV Utility'],
    ['unassigned-devices', 'Unassigned Devices'],
    ['alert-rules', 'Alert Rules'],
    ['gm-utility', 'GM Utility'],
    ['reading-report', 'Reading Report'],
    ['practice-intervention', 'Practice Intervention'],
    ['organization-groups', 'Organization Groups'],
    ['incoming-messages', 'Incoming Messages'],
    ['latest-assigned-devices', 'Latest Assigned Devices'],
    ['patient-transfer', 'Patient Transfer'],
    ['transcript-queues', 'Transcript Queues'],
    ['ss-resource', 'SS Resource'],
    ['sleep-return-devices', 'Sleep Return Devices'],
    ['hst-order-billing', `HST ${PRODUCT} Order Billing`],
    // Not in the spec (decisions.md "Audit report").
    ['audit-report', 'Audit Report'],
  ]),
];

/**
 * The tabs of the patient chart in the order of 000 §2.3, each with the route it opens (the patient id is appended,
 * 000 §2.7 "children link to {link}/{patientId}"). Orders is enroll-details and Care Plan is ccm (000 §2.3).
 */
export const PATIENT_CHART_TABS: readonly MenuEntry[] = (
  [
    ['overview', 'Overview'],
    ['demographics', 'Demographics'],
    ['devices', 'Devices'],
    ['readings', 'Readings'],
    ['goals', 'Goals'],
    ['alerts', 'Alerts'],
    ['alert-rules', 'Alert Rules'],
    ['activity-logs', 'Activity Logs'],
    ['reports', 'Reports'],
    ['notes', 'Notes'],
    ['tasks', 'Tasks'],
    ['enroll-details', 'Orders'],
    ['sub-orders', 'Sub Orders'],
    ['documents', 'Documents'],
    ['clinical', 'Clinical'],
    ['ccm', 'Care Plan'],
    ['compliance-info', 'Compliance Info'],
    ['reminder', 'Reminder'],
    ['messages', 'Messages'],
  ] as const
).map(([tab, label]) => entry(`patient-chart/${tab}`, label, `chart-${tab}`));

/** Title of the patient-chart group (000 §2.3, 001 §2.2 'Patient Chart'). */
const PATIENT_CHART_TITLE = MSG.patientChart;

const CHART_PATTERN = /^\/app\/patient-chart\//i;

/**
 * The patient id of the current path when it is a patient-chart route that names a patient
 * ('/app/patient-chart/notes/12/add' → '12', '/app/patient-chart/bp/alert-rules/5' → '5'), else `null` (000 §2.7).
 */
export function currentPatientId(pathname: string): string | null {
  const route = findRoute(pathname);
  if (!route || !CHART_PATTERN.test(route.entry.pattern)) return null;
  const id = route.params.patientId;
  return id === undefined || id === '' ? null : id;
}

/** Whether `entry` is the page at `pathname`: both match the same route-table row (000 §2.7 highlight). */
export function isCurrentEntry(entry: Pick<MenuEntry, 'pattern'>, pathname: string): boolean {
  return findRoute(pathname)?.entry.pattern === entry.pattern;
}

/** Lowest role ids of the billers, who see their items flat (000 §6.2, §6.1). */
const BILLER_ROLE_IDS: readonly number[] = [10, 11];

/** The entries an external care coordinator with role 9 sees (000 §6.2). */
const EXTERNAL_CARE_COORD_KEYS: ReadonlySet<string> = new Set(['practices', 'locations', 'programs']);
const DENTIST_KEYS: ReadonlySet<string> = new Set(['dentalDashboard']);
const SLEEP_LAB_KEYS: ReadonlySet<string> = new Set(['sleep-lab']);

/** What `canOpen` needs to know of the user (routes.ts), for the main menu and the user menu (user-menu.ts). */
export function accessContext(
  user: Pick<MenuUser, 'pages' | 'roleid' | 'aws_link'>,
  tempLogin: boolean,
): AccessContext {
  return { pages: user.pages, roleid: user.roleid, aws_link: user.aws_link, tempLogin };
}

/**
 * Whether one main-menu entry shows (000 §6.2), before the dentist, sleep-lab and external-care-coordinator
 * restrictions. `canOpen` applies the page list, Spirometry's role 6 and the call pages' link/temporary login.
 */
function entryAllowed(item: MenuEntry, user: MenuUser, ctx: AccessContext): boolean {
  if (!canOpen(item.link, ctx)) return false;
  if (item.key === 'onboarding') return user.is_onboarding === 1;
  // 000 §2.7 shows an entry when the page list holds its key: the Insurance Table's rows need the plans' page, so a
  // user without it would find only a refusal there (decisions.md "Insurance Table").
  if (item.key === 'insurance-table') return ctx.pages.includes(INSURANCE_PLANS_PAGE);
  // 000 §6.2 "hidden from role 6 unless the user is a dentist" (decisions.md "Lowest role for every rule").
  if (item.key === 'dentalDashboard') return lowestRoleId(user.roleid) !== 6 || user.is_dentist === 1;
  return true;
}

/**
 * The entries a restricted user may see at most (000 §6.2), or `null` for no restriction; several flags: decisions.md
 * "Menu restrictions". The entries still need their access-list key: a link to not-found helps nobody.
 */
function restriction(user: RestrictionFlags): ReadonlySet<string> | null {
  if (user.is_dentist === 1) return DENTIST_KEYS;
  if (user.is_sleeplab_user === 1) return SLEEP_LAB_KEYS;
  if (user.is_external_care_coord === 1 && user.roleid.includes(9)) return EXTERNAL_CARE_COORD_KEYS;
  return null;
}

/** The stored-user flags of 000 §6.2's menu restrictions. */
type RestrictionFlags = Pick<
  MenuUser,
  'roleid' | 'is_dentist' | 'is_sleeplab_user' | 'is_external_care_coord'
>;

/** The stored-user fields {@link restrictedPages} reads: the restriction flags and the start page's (§6.1). */
export type RestrictedUser = RestrictionFlags & StartPageUser;

/**
 * The access-list entries a restricted user (000 §6.2) may use at all, or `null` for no restriction: the pages of
 * the menu entries left to them, of the patient chart's tabs, which the restrictions keep, and of their start page
 * (§6.1: an external care coordinator starts on the dashboard). The server refuses every other page's call the same
 * way (issue 44; decisions.md "Menu restrictions").
 */
export function restrictedPages(user: RestrictedUser): ReadonlySet<string> | null {
  const only = restriction(user);
  if (only === null) return null;
  const start = startPage(user, null);
  const key = `${[...only].join()} ${start}`;
  let pages = RESTRICTED_PAGES.get(key);
  if (!pages) {
    pages = pagesOf(only, start);
    RESTRICTED_PAGES.set(key, pages);
  }
  return pages;
}

/** restrictedPages of each restriction and start page, worked out once (the server asks on every call). */
const RESTRICTED_PAGES = new Map<string, ReadonlySet<string>>();

function pagesOf(only: ReadonlySet<string>, start: string): ReadonlySet<string> {
  const links = [
    ...MENU_GROUPS.flatMap((g) => g.entries)
      .filter((entry) => only.has(entry.key))
      .map((entry) => entry.link),
    ...PATIENT_CHART_TABS.map((tab) => `${tab.link}/1`),
    start,
  ];
  const pages = new Set<string>();
  for (const link of links) {
    const access = findRoute(link)?.entry.access;
    if (access?.kind === 'page') pages.add(access.page);
  }
  return pages;
}

/**
 * The patient-chart group for the patient in `pathname`, or `null` (000 §2.3, §2.7); 000 §6.2's restrictions do not
 * remove it (decisions.md "Menu restrictions").
 */
function patientChartGroup(pathname: string | undefined, ctx: AccessContext): MenuGroup | null {
  if (pathname === undefined) return null;
  const patientId = currentPatientId(pathname);
  if (patientId === null) return null;
  const entries = PATIENT_CHART_TABS.map((tab) => ({ ...tab, link: `${tab.link}/${patientId}` })).filter(
    (tab) => canOpen(tab.link, ctx),
  );
  return entries.length === 0 ? null : { key: 'patientChart', title: PATIENT_CHART_TITLE, entries };
}

/**
 * The main menu of `user` (000 §2.7, §6.2): entries whose access-list key the page list holds; dentists only the
 * Dental Dashboard, sleep-lab users only Sleep Lab; Onboarding with is_onboarding; AWS Tasks with a call link, a
 * temporary login or 'Aws Call'; Dental Dashboard hidden from role 6 unless a dentist; an external care coordinator
 * with role 9 only Practices, Locations and Programs; Spirometry with role 6; empty groups dropped. Billers (lowest
 * role 10 or 11) get one flat list.
 */
export function visibleMenu(user: MenuUser, options: MenuOptions): VisibleMenu {
  const ctx = accessContext(user, options.tempLogin);
  const only = restriction(user);
  const groups = MENU_GROUPS.map((g) => ({
    ...g,
    entries: g.entries.filter(
      (item) => (only === null || only.has(item.key)) && entryAllowed(item, user, ctx),
    ),
  })).filter((g) => g.entries.length > 0);
  const patientChart = patientChartGroup(options.pathname, ctx);

  const lowest = lowestRoleId(user.roleid);
  if (lowest === undefined || !BILLER_ROLE_IDS.includes(lowest) || groups.length === 0) {
    return { patientChart, groups, flat: false };
  }
  // 000 §6.2 "Billers (10, 11) see billing items listed flat" (decisions.md "Menu restrictions").
  const billing = groups.filter((g) => g.key === 'billing');
  const others = groups.filter((g) => g.key !== 'billing');
  const entries = [...billing, ...others].flatMap((g) => g.entries);
  return { patientChart, groups: [{ key: 'billing', title: 'Billing', entries }], flat: true };
}

/** Every entry of a visible menu in display order: the chart tabs first, then the groups. */
export function menuEntries(menu: VisibleMenu): MenuEntry[] {
  return [...(menu.patientChart?.entries ?? []), ...menu.groups.flatMap((g) => g.entries)];
}

// Management menu (000 §2.7)

/**
 * The management menu (000 §2.7): Organizations, Practices, Locations and Programs, each only if the page list
 * holds its table ('Organizations Table' etc., read from the route table).
 */
export function managementEntries(user: Pick<MenuUser, 'pages'>): MenuEntry[] {
  const organizations = MENU_GROUPS.find((g) => g.key === 'organizations');
  return (organizations?.entries ?? []).filter(
    (item) => item.page !== null && user.pages.includes(item.page),
  );
}

// User menu (000 §2.7, §6.2)
