import { describe, expect, it } from 'vitest';
import {
  currentPatientId,
  INSURANCE_DEFAULTS_ROLE_IDS,
  isCurrentEntry,
  MENU_GROUPS,
  type MenuEntry,
  type MenuUser,
  managementEntries,
  menuEntries,
  NOTIFICATION_DEFAULTS_ROLE_IDS,
  PATIENT_CHART_TABS,
  searchableEntries,
  searchSuggestions,
  userMenuEntries,
  type VisibleMenu,
  visibleMenu,
} from './menus.js';
import { findRoute, PAGES } from './routes.js';

const ALL_PAGES: readonly string[] = PAGES;
const without = (...drop: string[]) => ALL_PAGES.filter((p) => !drop.includes(p));

const user = (roleid: number[], pages: readonly string[], flags: Partial<MenuUser> = {}): MenuUser => ({
  roleid,
  pages: [...pages],
  aws_link: null,
  is_dentist: 0,
  is_sleeplab_user: 0,
  is_onboarding: 0,
  is_external_care_coord: 0,
  ...flags,
});

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

// The access list of the seeded billers (bff/src/db/seed/role-pages.ts): billing, prices and the patient list.
const BILLER_PAGES = [
  'Billing Dashboard',
  'Billing Report',
  'RPM Billing',
  'CCM Billing Report',
  'BHI Billing',
  'Billing Uploads',
  'Billing Utility',
  'Invoices',
  'Cpt Codes Table',
  'Insurances Default Amount Table',
  'Insurance Plans Table',
  'Patient Chart',
  'Patients Table',
];
const BILLER_11_PAGES = [...BILLER_PAGES, 'Sleep Billing Report', 'CoRead Billing', 'HST RPM Billing'];

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
    expect(MENU_GROUPS.map((g) => g.entries.length)).toEqual([24, 4, 12, 5, 16, 12, 15]);
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
      'onboarding flag off, no pages: only the routes open to all',
      user([8], []),
      {},
      { Main: OPEN_MAIN, Configuration: ['insurance-table'] },
      false,
    ],
    [
      'onboarding flag on, no pages',
      user([8], [], { is_onboarding: 1 }),
      {},
      { Main: ['onboarding', ...OPEN_MAIN], Configuration: ['insurance-table'] },
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
        Configuration: ['insurance-table'],
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
        Configuration: ['insurance-table'],
      },
      false,
    ],
    [
      'role 18 with the Dental Dashboard page (lowest role not 6): shown',
      user([18], ['Dental Dashboard', 'Sleep Lab Table']),
      {},
      {
        Main: ['global-reports', 'dentalDashboard', 'sleep-lab', 'technician-calendar'],
        Configuration: ['insurance-table'],
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
      { Main: [...OPEN_MAIN, 'aws-tasks'], Configuration: ['insurance-table'] },
      false,
    ],
    [
      'AWS Tasks through a temporary login',
      user([8], []),
      { tempLogin: true },
      { Main: [...OPEN_MAIN, 'aws-tasks'], Configuration: ['insurance-table'] },
      false,
    ],
    [
      "AWS Tasks through the 'Aws Call' page",
      user([8], ['Aws Call']),
      {},
      { Main: [...OPEN_MAIN, 'aws-tasks'], Configuration: ['insurance-table'] },
      false,
    ],
    [
      'no AWS Tasks without link, temporary login or page (a blank link counts as none)',
      user([8], [], { aws_link: '  ' }),
      {},
      { Main: OPEN_MAIN, Configuration: ['insurance-table'] },
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
      { Main: OPEN_MAIN, Organizations: ['organizations', 'practices'], Configuration: ['insurance-table'] },
      false,
    ],
    [
      'care coordinator (role 9, not external): the full menu of the pages',
      user([9], ['Practices Table', 'Dashboard', 'My Tasks']),
      {},
      {
        Main: ['dashboard', 'myTasks', ...OPEN_MAIN],
        Organizations: ['practices'],
        Configuration: ['insurance-table'],
      },
      false,
    ],
    [
      'Spirometry page without role 6: hidden',
      user([8], ['Spirometry Test']),
      {},
      { Main: OPEN_MAIN, Configuration: ['insurance-table'] },
      false,
    ],
    [
      'Spirometry page with role 6 in the list (lowest role 5)',
      user([5, 6], ['Spirometry Test']),
      {},
      {
        Main: ['global-reports', 'spirometry-test', 'technician-calendar'],
        Configuration: ['insurance-table'],
      },
      false,
    ],
    [
      'role 6 without the Spirometry page: hidden',
      user([6], ['Dashboard']),
      {},
      { Main: ['dashboard', ...OPEN_MAIN], Configuration: ['insurance-table'] },
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

describe('userMenuEntries: the user menu of 000 §2.7 with the rules of 000 §6.2', () => {
  const U = (roleid: number[], flags: Partial<MenuUser> = {}, pages: readonly string[] = ALL_PAGES) =>
    user(roleid, pages, flags);
  const keys = (u: MenuUser, tempLogin = false) => userMenuEntries(u, { tempLogin }).map((e) => e.key);

  it.each<[string, MenuUser, boolean, string[]]>([
    [
      'admin (1)',
      U([1]),
      false,
      [
        'profile',
        'configure-defaults',
        'notification-defaults',
        'insurances-defaults',
        'temporary-login',
        'logout',
      ],
    ],
    [
      'admin during a temporary login: no second one',
      U([1]),
      true,
      ['profile', 'configure-defaults', 'notification-defaults', 'insurances-defaults', 'logout'],
    ],
    ['organisation admin (2)', U([2]), false, ['profile', 'notification-defaults', 'logout']],
    ['3', U([3]), false, ['profile', 'notification-defaults', 'logout']],
    [
      'practice lead (5)',
      U([5]),
      false,
      [
        'profile',
        'configure-defaults',
        'notification-defaults',
        'insurances-defaults',
        'rpmProtocol-defaults',
        'ccm-defaults',
        'notes-defaults',
        'logout',
      ],
    ],
    [
      'sleep-lab user (5): no notification or insurance defaults',
      U([5], { is_sleeplab_user: 1 }),
      false,
      ['profile', 'configure-defaults', 'rpmProtocol-defaults', 'ccm-defaults', 'notes-defaults', 'logout'],
    ],
    [
      'physician (6), not a dentist',
      U([6]),
      false,
      [
        'profile',
        'configure-defaults',
        'notification-defaults',
        'interpretation-customs',
        'ccm-defaults',
        'notes-defaults',
        'logout',
      ],
    ],
    [
      'physician (6) without the Custom Interpretation Config page',
      U([6], {}, without('Custom Interpretation Config')),
      false,
      ['profile', 'configure-defaults', 'notification-defaults', 'ccm-defaults', 'notes-defaults', 'logout'],
    ],
    ['dentist (6)', U([6], { is_dentist: 1 }), false, ['profile', 'interpretation-customs', 'logout']],
    ['nurse (8)', U([8]), false, ['profile', 'configure-defaults', 'notification-defaults', 'logout']],
    [
      'dentist flag on a nurse (8)',
      U([8], { is_dentist: 1 }),
      false,
      ['profile', 'configure-defaults', 'logout'],
    ],
    ['care coordinator (9)', U([9]), false, ['profile', 'notification-defaults', 'logout']],
    ['biller (10)', U([10]), false, ['profile', 'insurances-defaults', 'logout']],
    ['biller (11)', U([11]), false, ['profile', 'insurances-defaults', 'logout']],
    [
      'medical assistant (13)',
      U([13]),
      false,
      ['profile', 'configure-defaults', 'notification-defaults', 'logout'],
    ],
    ['sales (14)', U([14]), false, ['profile', 'logout']],
    ['scheduler (15)', U([15]), false, ['profile', 'notification-defaults', 'logout']],
    ['sleep reader (16)', U([16]), false, ['profile', 'interpretation-customs', 'logout']],
    ['sleep coordinator (17)', U([17]), false, ['profile', 'logout']],
    ['18', U([18]), false, ['profile', 'logout']],
    ['technician (20)', U([20]), false, ['profile', 'logout']],
    ['the lowest role decides ([16, 5] reads as 5)', U([16, 5]), false, keys(U([5]))],
    ['no roles', U([]), false, ['profile', 'logout']],
  ])('%s', (_name, u, tempLogin, expected) => {
    expect(keys(u, tempLogin)).toEqual(expected);
  });

  it('links each entry to its route, with the spec labels', () => {
    const entries = userMenuEntries(U([5]), { tempLogin: false });
    const byKey = Object.fromEntries(entries.map((e) => [e.key, e]));
    expect(byKey.profile).toEqual({
      kind: 'link',
      key: 'profile',
      label: 'User Profile',
      link: '/app/profile',
    });
    expect(byKey['ccm-defaults']).toMatchObject({
      label: 'CCM Care Plan Defaults',
      link: '/app/ccm-defaults',
    });
    expect(byKey['rpmProtocol-defaults']).toMatchObject({ link: '/app/rpmProtocol-defaults' });
    expect(byKey['notes-defaults']).toMatchObject({ link: '/app/notes-defaults' });
    expect(byKey.logout).toEqual({ kind: 'logout', key: 'logout', label: 'Logout' });
    const physician = Object.fromEntries(
      userMenuEntries(U([6]), { tempLogin: false }).map((e) => [e.key, e]),
    );
    expect(physician['interpretation-customs']).toMatchObject({
      label: 'Custom Interpretation Config',
      link: '/app/interpretation-customs',
    });
    const admin = userMenuEntries(U([1]), { tempLogin: false });
    expect(admin.find((e) => e.key === 'temporary-login')).toEqual({
      kind: 'temporary-login',
      key: 'temporary-login',
      label: 'Sign in as another user',
    });
    expect(admin.find((e) => e.key === 'insurances-defaults')).toMatchObject({
      link: '/app/insurances-defaults',
    });
    expect(admin.find((e) => e.key === 'notification-defaults')).toMatchObject({
      link: '/app/notification-defaults',
    });
    expect(admin.find((e) => e.key === 'configure-defaults')).toMatchObject({
      link: '/app/configure-defaults',
    });
  });

  it('the chosen role lists of Notification and Insurance Defaults are exactly the lowest roles that see them', () => {
    const roles = [1, 2, 3, 5, 6, 8, 9, 10, 11, 13, 14, 15, 16, 17, 18, 20];
    const seeing = (key: string) => roles.filter((r) => keys(U([r])).includes(key as never));
    expect(seeing('notification-defaults')).toEqual([...NOTIFICATION_DEFAULTS_ROLE_IDS]);
    expect(seeing('insurances-defaults')).toEqual([...INSURANCE_DEFAULTS_ROLE_IDS]);
    expect(seeing('rpmProtocol-defaults')).toEqual([5]);
    expect(seeing('interpretation-customs')).toEqual([6, 16]);
    expect(seeing('configure-defaults')).toEqual([1, 5, 6, 8, 13]);
    expect(seeing('ccm-defaults')).toEqual([5, 6]);
    expect(seeing('notes-defaults')).toEqual([5, 6]);
    expect(seeing('temporary-login')).toEqual([1]);
  });
});

describe('searchSuggestions (000 §2.7, §5, §9)', () => {
  const admin = user([1], ALL_PAGES);
  const entries = menuEntries(visibleMenu(admin, { tempLogin: false }));
  const labels = (text: string) => searchSuggestions(entries, text).map((e) => e.label);

  it('suggests at most 5', () => {
    expect(entries.filter((e) => e.label.toLowerCase().includes('billing')).length).toBeGreaterThan(5);
    expect(labels('billing')).toHaveLength(5);
  });

  it('matches case-insensitively on the label', () => {
    expect(labels('DASHBOARD')).toEqual(labels('dashboard'));
    expect(labels('dAsHbOaRd')[0]).toBe('Dashboard');
    expect(labels('my tasks')).toEqual(['My Tasks']);
  });

  it('ranks labels that start with the text first, then word starts, then the rest, each in menu order', () => {
    expect(labels('dashboard')).toEqual([
      'Dashboard',
      'Sales Practice Dashboard',
      'Sales Rep Dashboard',
      'Dental Dashboard',
      'Billing Dashboard',
    ]);
    expect(labels('port')).toEqual([
      'Global Reports',
      'Monthly Report',
      'Billing Report',
      'Fixed Billing Report',
      'Sleep Billing Report',
    ]);
  });

  it.each(['', '   ', '!!', 'dash!', 'bill-ing', '<script>', 'a/b', "o'brien"])(
    'suggests nothing for %j (empty or special characters)',
    (text) => {
      expect(searchSuggestions(entries, text)).toEqual([]);
    },
  );

  it('finds hyphenated labels typed without the hyphen', () => {
    expect(labels('co read')).toEqual(['Sleep Tests Co-Read']);
    expect(labels('coread')).toEqual(['CoRead Billing', 'Sleep Tests Co-Read']);
  });

  it('suggests nothing the user may not open', () => {
    const biller = menuEntries(visibleMenu(user([10], BILLER_PAGES), { tempLogin: false }));
    expect(searchSuggestions(biller, 'physicians')).toEqual([]);
    expect(searchSuggestions(biller, 'billing dash').map((e) => e.link)).toEqual(['/app/billing-dashboard']);
  });

  it('gives each link once', () => {
    const twice = [...entries, ...entries];
    expect(searchSuggestions(twice, 'patients').map((e) => e.link)).toEqual([
      ...new Set(searchSuggestions(twice, 'patients').map((e) => e.link)),
    ]);
  });

  it('searches the user-menu links too, and the chart tabs of the current patient', () => {
    const all = searchableEntries(user([5], ['Patient Chart']), {
      tempLogin: false,
      pathname: '/app/patient-chart/overview/4',
    });
    expect(searchSuggestions(all, 'profile').map((e) => e.link)).toEqual(['/app/profile']);
    expect(searchSuggestions(all, 'care plan').map((e) => e.link)).toEqual([
      '/app/patient-chart/ccm/4',
      '/app/ccm-defaults',
    ]);
    expect(searchSuggestions(all, 'logout')).toEqual([]);
  });
});
