// Over 300 lines: the menus of 000 §2.7 for every role, as case tables read beside the spec.
import { describe, expect, it } from 'vitest';
import { ALL_PAGES, BILLER_11_PAGES, BILLER_PAGES, user, without } from './menu-test-users.js';
import {
  currentPatientId,
  isCurrentEntry,
  MENU_GROUPS,
  type MenuEntry,
  type MenuUser,
  managementEntries,
  menuEntries,
  PATIENT_CHART_TABS,
  type VisibleMenu,
  visibleMenu,
} from './menus.js';
import { findRoute } from './routes.js';

/** The menu as {group title: entry keys}, the chart group left out; flat menus under '(flat)'. */
function shape(menu: VisibleMenu): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const g of menu.groups) out[menu.flat ? '(flat)' : g.title] = g.entries.map((e) => e.key);
  return out;
}

const keysOf = (title: string) => MENU_GROUPS.find((g) => g.title === title)?.entries.map((e) => e.key) ?? [];
const allBut = (title: string, ...drop: string[]) => keysOf(title).filter((k) => !drop.includes(k));

/** Every group in full, with Main given. */
const fullMenu = (main: string[]) => ({
  Main: main,
  Organizations: keysOf('Organizations'),
  Users: keysOf('Users'),
  Inventory: keysOf('Inventory'),
  Configuration: keysOf('Configuration'),
  Billing: keysOf('Billing'),
  Utilities: keysOf('Utilities'),
});

/** Routes open to every signed-in user that sit in the menu (000 §2.2). */
const OPEN_MAIN = ['global-reports', 'technician-calendar'];

describe('the menu table of 000 §2.7', () => {
  it('has the groups in order, with the entries of the spec in order', () => {
    expect(MENU_GROUPS.map((g) => g.title)).toEqual([
      'Main',
      'Organizations',
      'Users',
      'Inventory',
      'Configuration',
      'Billing',
      'Utilities',
    ]);
    expect(keysOf('Main')).toEqual([
      'dashboard',
      'sales-practice-dashboard',
      'leads',
      'onboarding',
      'sales-dashboard',
      'orders',
      'cpapPatients',
      'patients',
      'myTasks',
      'global-reports',
      'screened',
      'non-compliance-patients',
      'therapy-patients',
      'sleepTests',
      'sleepTestsInterpretation',
      'sleep-consults',
      'sleep-appointments',
      'pulseOximetry',
      'monthly-report',
      'dentalDashboard',
      'spirometry-test',
      'sleep-lab',
      'technician-calendar',
      'aws-tasks',
    ]);
    expect(keysOf('Billing')).toEqual([
      'billing-report',
      'billing-report-fixed',
      'bhi-billing',
      'ccm-billing',
      'pcm-billing',
      'sleep-billing-report',
      'rpm-billing',
      'hst-billing',
      'billing-uploads',
      'billing-dashboard',
      'invoices',
      'co-read-billing',
    ]);
    // Utilities: the 15 of 000 §2.7 and the Audit Report.
    expect(MENU_GROUPS.map((g) => g.entries.length)).toEqual([24, 4, 12, 5, 16, 12, 16]);
  });

  it('gives every entry a readable label, a unique key and link, and the route it opens', () => {
    const all = MENU_GROUPS.flatMap((g) => g.entries);
    expect(new Set(all.map((e) => e.key)).size).toBe(all.length);
    expect(new Set(all.map((e) => e.link)).size).toBe(all.length);
    expect(new Set(all.map((e) => e.label)).size).toBe(all.length);
    for (const e of all) {
      expect(e.link).toBe(`/app/${e.key}`);
      expect(e.label).toMatch(/^[A-Z][A-Za-z0-9 -]+$/);
      expect(findRoute(e.link)?.entry.pattern).toBe(e.pattern);
    }
  });

  it.each<[string, string | null]>([
    ['dashboard', 'Dashboard'],
    ['orders', 'RPM Care Orders'],
    ['patients', 'Patients Table'],
    ['myTasks', 'My Tasks'],
    ['sleepTests', 'Sleep Tests'],
    ['monthly-report', 'Compliant Table'],
    ['aws-tasks', 'Aws Call'],
    ['rpm-billing', 'RPM Billing'],
    ['pcm-billing', 'CCM Billing Report'],
    ['reading-report', 'Billing Utility'],
    ['patient-transfer', 'Care Coord Mapping'],
    ['global-reports', null],
    ['technician-calendar', null],
    ['onboarding', null],
    ['insurance-table', null],
  ])('%s is shown by the access-list entry of 000 §2.4: %s', (key, page) => {
    const e = MENU_GROUPS.flatMap((g) => g.entries).find((x) => x.key === key);
    expect(e?.page).toBe(page);
  });

  it('labels the readable names the shell shows', () => {
    const label = (key: string) => MENU_GROUPS.flatMap((g) => g.entries).find((e) => e.key === key)?.label;
    expect([label('dashboard'), label('myTasks'), label('billing-report'), label('aws-tasks')]).toEqual([
      'Dashboard',
      'My Tasks',
      'Billing Report',
      'AWS Tasks',
    ]);
  });
});

describe('visibleMenu: the rules of 000 §6.2', () => {
  it.each<[string, MenuUser, { tempLogin?: boolean }, Record<string, string[]>, boolean]>([
    [
      'admin (role 1, every page): everything but Onboarding (no flag) and Spirometry (no role 6)',
      user([1], ALL_PAGES),
      {},
      fullMenu(allBut('Main', 'onboarding', 'spirometry-test')),
      false,
    ],
    [
      'admin with is_onboarding: Onboarding too',
      user([1], ALL_PAGES, { is_onboarding: 1 }),
      {},
      fullMenu(allBut('Main', 'spirometry-test')),
      false,
    ],
    [
      'admin who also holds role 6: Spirometry, and the Dental Dashboard (lowest role 1)',
      user([6, 1], ALL_PAGES),
      {},
      fullMenu(allBut('Main', 'onboarding')),
      false,
    ],
    [
      'onboarding flag off, no pages: only the routes open to all, but the Insurance Table, whose rows need a page',
      user([8], []),
      {},
      { Main: OPEN_MAIN },
      false,
    ],
    [
      'the insurance plans page shows the Insurance Table beside the plans (decisions.md "Insurance Table")',
      user([8], ['Insurance Plans Table']),
      {},
      { Main: OPEN_MAIN, Configuration: ['insurance-table', 'insurance-plans'] },
      false,
    ],
    [
      'onboarding flag on, no pages',
      user([8], [], { is_onboarding: 1 }),
      {},
      { Main: ['onboarding', ...OPEN_MAIN] },
      false,
    ],
    [
      'biller 10: one flat list, billing items first',
      user([10], BILLER_PAGES),
      {},
      {
        '(flat)': [
          'billing-report',
          'billing-report-fixed',
          'bhi-billing',
          'ccm-billing',
          'pcm-billing',
          'rpm-billing',
          'billing-uploads',
          'billing-dashboard',
          'invoices',
          'patients',
          'global-reports',
          'technician-calendar',
          'CPT-codes',
          'insurances-default',
          'insurance-table',
          'insurance-plans',
          'billing-utility',
          'reading-report',
          'practice-intervention',
          'organization-groups',
          'incoming-messages',
          'latest-assigned-devices',
          'transcript-queues',
          'ss-resource',
          'sleep-return-devices',
        ],
      },
      true,
    ],
    [
      'biller 11 with the sleep and HST billing pages: flat too',
      user([11], BILLER_11_PAGES),
      {},
      {
        '(flat)': [
          'billing-report',
          'billing-report-fixed',
          'bhi-billing',
          'ccm-billing',
          'pcm-billing',
          'sleep-billing-report',
          'rpm-billing',
          'hst-billing',
          'billing-uploads',
          'billing-dashboard',
          'invoices',
          'co-read-billing',
          'patients',
          'global-reports',
          'technician-calendar',
          'CPT-codes',
          'insurances-default',
          'insurance-table',
          'insurance-plans',
          'billing-utility',
          'reading-report',
          'practice-intervention',
          'organization-groups',
          'incoming-messages',
          'latest-assigned-devices',
          'transcript-queues',
          'ss-resource',
          'sleep-return-devices',
        ],
      },
      true,
    ],
    [
      'a biller by a higher role only (lowest role 8) is not flat',
      user([8, 10], ['Billing Report']),
      {},
      {
        Main: OPEN_MAIN,
        Billing: ['billing-report', 'billing-report-fixed'],
      },
      false,
    ],
    [
      'dentist (role 6, every page): only the Dental Dashboard',
      user([6], ALL_PAGES, { is_dentist: 1, is_onboarding: 1, aws_link: 'https://x' }),
      {},
      { Main: ['dentalDashboard'] },
      false,
    ],
    [
      'dentist without the Dental Dashboard page: nothing',
      user([6], without('Dental Dashboard'), { is_dentist: 1 }),
      {},
      {},
      false,
    ],
    [
      'role-6 non-dentist with the Dental Dashboard page: hidden; Spirometry shown',
      user([6], ['Dental Dashboard', 'Spirometry Test', 'Dashboard']),
      {},
      {
        Main: ['dashboard', 'global-reports', 'spirometry-test', 'technician-calendar'],
      },
      false,
    ],
    [
      'role 18 with the Dental Dashboard page (lowest role not 6): shown',
      user([18], ['Dental Dashboard', 'Sleep Lab Table']),
      {},
      {
        Main: ['global-reports', 'dentalDashboard', 'sleep-lab', 'technician-calendar'],
      },
      false,
    ],
    [
      'sleep-lab user (role 5, every page): only Sleep Lab',
      user([5], ALL_PAGES, { is_sleeplab_user: 1 }),
      {},
      { Main: ['sleep-lab'] },
      false,
    ],
    [
      'dentist and sleep-lab user: the dentist rule first',
      user([6], ALL_PAGES, { is_dentist: 1, is_sleeplab_user: 1 }),
      {},
      { Main: ['dentalDashboard'] },
      false,
    ],
    [
      'AWS Tasks through the call link',
      user([8], [], { aws_link: 'https://demo.my.connect.aws/ccp-v2' }),
      {},
      { Main: [...OPEN_MAIN, 'aws-tasks'] },
      false,
    ],
    [
      'AWS Tasks through a temporary login',
      user([8], []),
      { tempLogin: true },
      { Main: [...OPEN_MAIN, 'aws-tasks'] },
      false,
    ],
    [
      "AWS Tasks through the 'Aws Call' page",
      user([8], ['Aws Call']),
      {},
      { Main: [...OPEN_MAIN, 'aws-tasks'] },
      false,
    ],
    [
      'no AWS Tasks without link, temporary login or page (a blank link counts as none)',
      user([8], [], { aws_link: '  ' }),
      {},
      { Main: OPEN_MAIN },
      false,
    ],
    [
      'external care coordinator with role 9 (every page): Practices, Locations, Programs only',
      user([9], ALL_PAGES, { is_external_care_coord: 1 }),
      {},
      { Organizations: ['practices', 'locations', 'programs'] },
      false,
    ],
    [
      'external care coordinator still needs the pages',
      user([9], ['Practices Table', 'Dashboard'], { is_external_care_coord: 1 }),
      {},
      { Organizations: ['practices'] },
      false,
    ],
    [
      'the external flag without role 9 restricts nothing',
      user([8], ['Organizations Table', 'Practices Table'], { is_external_care_coord: 1 }),
      {},
      { Main: OPEN_MAIN, Organizations: ['organizations', 'practices'] },
      false,
    ],
    [
      'care coordinator (role 9, not external): the full menu of the pages',
      user([9], ['Practices Table', 'Dashboard', 'My Tasks']),
      {},
      {
        Main: ['dashboard', 'myTasks', ...OPEN_MAIN],
        Organizations: ['practices'],
      },
      false,
    ],
    [
      'Spirometry page without role 6: hidden',
      user([8], ['Spirometry Test']),
      {},
      { Main: OPEN_MAIN },
      false,
    ],
    [
      'Spirometry page with role 6 in the list (lowest role 5)',
      user([5, 6], ['Spirometry Test']),
      {},
      {
        Main: ['global-reports', 'spirometry-test', 'technician-calendar'],
      },
      false,
    ],
    [
      'role 6 without the Spirometry page: hidden',
      user([6], ['Dashboard']),
      {},
      { Main: ['dashboard', ...OPEN_MAIN] },
      false,
    ],
  ])('%s', (_name, u, opts, expected, flat) => {
    const menu = visibleMenu(u, { tempLogin: opts.tempLogin ?? false });
    expect(shape(menu)).toEqual(expected);
    expect(menu.flat).toBe(flat);
    expect(menu.patientChart).toBeNull();
  });

  it('never shows an entry whose access-list key the user lacks', () => {
    for (const u of [
      user([1], ALL_PAGES),
      user([10], BILLER_PAGES),
      user([6], ['Dashboard']),
      user([20], []),
    ]) {
      for (const e of menuEntries(visibleMenu(u, { tempLogin: false }))) {
        expect(e.page === null || u.pages.includes(e.page)).toBe(true);
      }
    }
  });
});

describe('the patient-chart group (000 §2.3, §2.7)', () => {
  const nurse = user([8], ['Patient Chart', 'Dashboard']);

  it.each<[string, string | null]>([
    ['/app/patient-chart/overview/12', '12'],
    ['/app/patient-chart/overview/12/new', '12'],
    ['/app/patient-chart/notes/12/add/3', '12'],
    ['/app/patient-chart/bp/alert-rules/5', '5'],
    ['/app/patient-chart/alert-rules/5', '5'],
    ['/app/patient-chart/ccm/9?tab=1', '9'],
    ['/app/patient-chart/overview', null],
    ['/app/patient-chart/authorization-history', null],
    ['/app/dashboard', null],
    ['/app/ActiveNotifications/monitor/12', null],
    ['/app/nowhere', null],
  ])('the current patient of %s is %s', (path, id) => {
    expect(currentPatientId(path)).toBe(id);
  });

  it('shows the 19 tabs of 000 §2.3 in order, linking to {link}/{patientId}, while a patient is current', () => {
    const chart = visibleMenu(nurse, {
      tempLogin: false,
      pathname: '/app/patient-chart/notes/12/add',
    }).patientChart;
    expect(chart?.title).toBe('Patient Chart');
    expect(chart?.key).toBe('patientChart');
    expect(chart?.entries.map((e) => e.label)).toEqual([
      'Overview',
      'Demographics',
      'Devices',
      'Readings',
      'Goals',
      'Alerts',
      'Alert Rules',
      'Activity Logs',
      'Reports',
      'Notes',
      'Tasks',
      'Orders',
      'Sub Orders',
      'Documents',
      'Clinical',
      'Care Plan',
      'Compliance Info',
      'Reminder',
      'Messages',
    ]);
    const links = chart?.entries.map((e) => e.link) ?? [];
    expect(links[0]).toBe('/app/patient-chart/overview/12');
    expect(links[6]).toBe('/app/patient-chart/alert-rules/12');
    expect(links[11]).toBe('/app/patient-chart/enroll-details/12');
    expect(links[15]).toBe('/app/patient-chart/ccm/12');
    for (const link of links) expect(link).toMatch(/^\/app\/patient-chart\/[a-z-]+\/12$/);
    expect(PATIENT_CHART_TABS).toHaveLength(19);
  });

  it.each<[string, MenuUser, string]>([
    ['no patient in the path', nurse, '/app/patient-chart/overview'],
    ['not under the chart', nurse, '/app/dashboard'],
    ['no Patient Chart page', user([8], ['Dashboard']), '/app/patient-chart/overview/12'],
  ])('is absent with %s', (_name, u, pathname) => {
    expect(visibleMenu(u, { tempLogin: false, pathname }).patientChart).toBeNull();
  });

  it('comes first among the entries, before the groups, and stays out of the flat biller list', () => {
    const menu = visibleMenu(user([10], BILLER_PAGES), {
      tempLogin: false,
      pathname: '/app/patient-chart/readings/7',
    });
    expect(menu.flat).toBe(true);
    expect(menu.patientChart?.entries).toHaveLength(19);
    expect(menuEntries(menu)[0]?.link).toBe('/app/patient-chart/overview/7');
    expect(menu.groups[0]?.entries.some((e) => e.link.includes('patient-chart'))).toBe(false);
  });
});

describe('isCurrentEntry: the highlight follows the route, not the exact path', () => {
  const find = (key: string): MenuEntry => {
    const e = [...MENU_GROUPS.flatMap((g) => g.entries), ...PATIENT_CHART_TABS].find((x) => x.key === key);
    if (!e) throw new Error(key);
    return e;
  };
  it.each<[string, string, boolean]>([
    ['dashboard', '/app/dashboard', true],
    ['dashboard', '/app/dashboard/', true],
    ['dashboard', '/app/practice-protocol', false],
    ['orders', '/app/pending/rpm/orders', true],
    ['myTasks', '/app/myTasks/31', true],
    ['sleepTests', '/app/critical/sleepTests', true],
    ['billing-report', '/app/billing-report-fixed', false],
    ['billing-report-fixed', '/app/billing-report-fixed', true],
    ['patients', '/app/dashboard', false],
    ['chart-overview', '/app/patient-chart/overview/12/new', true],
    ['chart-alert-rules', '/app/patient-chart/bp/alert-rules/12', true],
    ['chart-notes', '/app/patient-chart/overview/12', false],
  ])('%s is current at %s: %s', (key, path, current) => {
    expect(isCurrentEntry(find(key), path)).toBe(current);
  });
});

describe('managementEntries (000 §2.7)', () => {
  it.each<[string[], string[]]>([
    [
      ['Organizations Table', 'Practices Table', 'Locations Table', 'Programs Table'],
      ['Organizations', 'Practices', 'Locations', 'Programs'],
    ],
    [
      ['Programs Table', 'Organizations Table'],
      ['Organizations', 'Programs'],
    ],
    [['Locations Table'], ['Locations']],
    [['Dashboard', 'Patients Table'], []],
    [[], []],
  ])('pages %j give %j', (pages, labels) => {
    const entries = managementEntries({ pages });
    expect(entries.map((e) => e.label)).toEqual(labels);
    for (const e of entries) expect(e.link).toBe(`/app/${e.key}`);
  });
});
