// Over 300 lines: the 131 routes of 000 §2.2-2.4 with their access entries, as case tables.
import { describe, expect, it } from 'vitest';
import { type AccessContext, canOpen, findRoute, PAGES, ROUTES } from './routes.js';

const signedIn = (pages: string[] = [], roleid: number[] = [1]): AccessContext => ({
  pages,
  roleid,
  aws_link: null,
  tempLogin: false,
});

// [concrete path, expected pattern, access-list entry or 'session', expected params]
type Row = [string, string, string, Record<string, string | undefined>?];

const sessionRows: Row[] = [
  ['/app/profile', '/app/profile', 'session'],
  ['/app/configure-defaults', '/app/configure-defaults', 'session'],
  ['/app/notification-defaults', '/app/notification-defaults', 'session'],
  ['/app/insurances-defaults', '/app/insurances-defaults', 'session'],
  ['/app/rpmProtocol-defaults', '/app/rpmProtocol-defaults', 'session'],
  ['/app/insurance-table', '/app/insurance-table', 'session'],
  ['/app/ccm-defaults', '/app/ccm-defaults/:curId?', 'session', { curId: undefined }],
  ['/app/ccm-defaults/4', '/app/ccm-defaults/:curId?', 'session', { curId: '4' }],
  ['/app/notes-defaults', '/app/notes-defaults', 'session'],
  ['/app/global-reports/', '/app/global-reports', 'session'],
  ['/app/onboarding', '/app/onboarding', 'session'],
  ['/app/technician-calendar', '/app/technician-calendar', 'session'],
];

const chart = 'Patient Chart';
const chartRows: Row[] = [
  [
    '/app/patient-chart/overview',
    '/app/patient-chart/overview/:patientId?/:new?',
    chart,
    { patientId: undefined, new: undefined },
  ],
  [
    '/app/patient-chart/overview/12',
    '/app/patient-chart/overview/:patientId?/:new?',
    chart,
    { patientId: '12', new: undefined },
  ],
  [
    '/app/patient-chart/overview/12/new',
    '/app/patient-chart/overview/:patientId?/:new?',
    chart,
    { patientId: '12', new: 'new' },
  ],
  [
    '/app/patient-chart/reminder/12/new',
    '/app/patient-chart/reminder/:patientId?/:new?',
    chart,
    { patientId: '12', new: 'new' },
  ],
  ['/app/patient-chart/messages/12', '/app/patient-chart/messages/:patientId?', chart, { patientId: '12' }],
  ['/app/patient-chart/tasks/12', '/app/patient-chart/tasks/:patientId?', chart],
  ['/app/patient-chart/demographics/12', '/app/patient-chart/demographics/:patientId?', chart],
  ['/app/patient-chart/devices/12', '/app/patient-chart/devices/:patientId?', chart],
  ['/app/patient-chart/compliance-info/12', '/app/patient-chart/compliance-info/:patientId?', chart],
  ['/app/patient-chart/readings/12', '/app/patient-chart/readings/:patientId?', chart],
  ['/app/patient-chart/alerts/12', '/app/patient-chart/alerts/:patientId?', chart],
  [
    '/app/patient-chart/bp/alert-rules/5',
    '/app/patient-chart/:deviceType?/alert-rules/:patientId?',
    chart,
    { deviceType: 'bp', patientId: '5' },
  ],
  [
    '/app/patient-chart/alert-rules/5',
    '/app/patient-chart/:deviceType?/alert-rules/:patientId?',
    chart,
    { deviceType: undefined, patientId: '5' },
  ],
  [
    '/app/patient-chart/alert-rules',
    '/app/patient-chart/:deviceType?/alert-rules/:patientId?',
    chart,
    { deviceType: undefined, patientId: undefined },
  ],
  ['/app/patient-chart/activity-logs/12', '/app/patient-chart/activity-logs/:patientId?', chart],
  ['/app/patient-chart/reports/12', '/app/patient-chart/reports/:patientId?', chart],
  [
    '/app/patient-chart/notes/12/add/3',
    '/app/patient-chart/notes/:patientId?/:add?/:op?',
    chart,
    { patientId: '12', add: 'add', op: '3' },
  ],
  ['/app/patient-chart/authorization-history', '/app/patient-chart/authorization-history', chart],
  ['/app/patient-chart/enroll-details/12', '/app/patient-chart/enroll-details/:patientId?', chart],
  ['/app/patient-chart/sub-orders/12', '/app/patient-chart/sub-orders/:patientId?', chart],
  ['/app/patient-chart/documents/12', '/app/patient-chart/documents/:patientId?', chart],
  ['/app/patient-chart/clinical/12', '/app/patient-chart/clinical/:patientId?', chart],
  ['/app/patient-chart/ccm/12', '/app/patient-chart/ccm/:patientId?', chart],
  ['/app/patient-chart/ccm', '/app/patient-chart/ccm/:patientId?', chart, { patientId: undefined }],
  ['/app/patient-chart/goals/12', '/app/patient-chart/goals/:patientId?', chart],
  ['/app/patient-chart/tips/12', '/app/patient-chart/tips/:patientId?', chart],
];

/** Rows of 000 §2.4 whose pattern is the path itself. */
const fixed: [string, string[]][] = [
  ['Compliant Table', ['monthly-report']],
  ['Dashboard', ['dashboard', 'practice-protocol']],
  ['CPAP Patients Table', ['cpapPatients']],
  ['form', ['form']],
  ['Roles Table', ['roles']],
  ['Organizations Table', ['organizations']],
  ['Locations Table', ['locations']],
  ['Programs Table', ['programs']],
  ['Practices Table', ['practices']],
  ['Non Nursing Table', ['nonNursingStaff']],
  ['Medical Assistant Table', ['medicalAssistant']],
  ['Sales Rep Table', ['salesRepresentative']],
  ['Interpreting Physicians Table', ['interpretingPhysician']],
  ['Screened Table', ['screened']],
  ['Physicians Table', ['physicians']],
  ['Nurses Table', ['nurses']],
  ['Admins Table', ['administrators']],
  ['Care Co-ordinators', ['careCoordinators']],
  ['Sleep Coordinators Table', ['sleep-coordinators']],
  ['Sleep Consults', ['sleep-consults']],
  ['Sleep Appointments', ['sleep-appointments']],
  ['Spirometry Test', ['spirometry-test']],
  ['Schedulers', ['schedulers']],
  ['Devices Table', ['devices']],
  ['Edison Inventory', ['edison-inventory']],
  ['Billers Table', ['billers']],
  ['Technician Table', ['technicians']],
  ['Inventory Uploads', ['inventory-uploads']],
  ['Bulk Uploads', ['bulk-uploads']],
  ['Billing Uploads', ['billing-uploads']],
  ['Billing Report', ['billing-report', 'billing-report-fixed']],
  ['BHI Billing', ['bhi-billing']],
  ['CCM Billing Report', ['ccm-billing', 'pcm-billing']],
  [
    'Billing Utility',
    [
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
    ],
  ],
  ['Care Coord Mapping', ['patient-transfer']],
  [
    'Aws Call',
    [
      'aws-tasks',
      'aws-missed-history',
      'aws-callback',
      'aws-callback-history',
      'aws-voicemail-history',
      'aws-voicemail',
      'aws-unattended-calls',
    ],
  ],
  ['CSV Utility', ['csv-utility']],
  ['Unassigned Devices', ['unassigned-devices']],
  ['Non Compliance Patients', ['non-compliance-patients']],
  ['Alert Rules', ['alert-rules']],
  ['GM Patients', ['gm-utility']],
  ['RPM Billing', ['rpm-billing']],
  ['Cpt Codes Table', ['CPT-codes']],
  ['Billing Dashboard', ['billing-dashboard']],
  ['Sales Rep Dashboard', ['sales-dashboard']],
  ['DeviceType Table', ['deviceType']],
  ['DeviceName Table', ['deviceName']],
  ['Vitals Table', ['vitalType']],
  ['Vendors Table', ['vendors']],
  ['Warehouses Table', ['warehouses']],
  ['Insurances Default Amount Table', ['insurances-default']],
  ['NotesCategory Table', ['notes-category']],
  ['Notes Comments Table', ['notes-comments']],
  ['Messages Category Table', ['messages-category']],
  ['Message Template Table', ['messages-template']],
  ['Reports', ['reports']],
  ['Therapy Patients', ['therapy-patients']],
  ['Device Data logs', ['device-data-logs']],
  ['Invoices', ['invoices']],
  ['Sales Practice Dashboard', ['sales-practice-dashboard']],
  ['Leads', ['leads', 'practice-sign-ups']],
  ['Dental Dashboard', ['dentalDashboard']],
  ['Sleep Lab Table', ['sleep-lab']],
  ['Custom Interpretation Config', ['interpretation-customs']],
  ['Sleep Billing Report', ['sleep-billing-report']],
  ['CoRead Billing', ['co-read-billing']],
  ['Insurance Plans Table', ['insurance-plans']],
  ['HST Billing Configuration', ['hst-billing-config', 'athena-vitals-config']],
  ['HST RPM Billing', ['hst-billing']],
  ['Device History', ['device-history']],
  ['Deactivated Devices', ['deactivated-devices']],
  ['HST RPM Order Billing', ['hst-order-billing']],
  // Not in the spec (decisions.md "Audit report").
  ['Audit Report', ['audit-report']],
  // Not in the spec (decisions.md "SMART backend services").
  ['FHIR Clients', ['fhir-clients']],
];
const fixedRows: Row[] = fixed.flatMap(([page, paths]) =>
  paths.map((p): Row => [`/app/${p}`, `/app/${p}`, page]),
);

const monitor = '/app/:dashboardType?/:filter?/monitor/:patId?';
const orders = '/app/:orderStatus?/:dashboardType?/orders';
const patients = '/app/:patientStatus?/:dashboardType?/patients';
const paramRows: Row[] = [
  ['/app/myTasks', '/app/myTasks/:taskId?', 'My Tasks', { taskId: undefined }],
  ['/app/myTasks/12', '/app/myTasks/:taskId?', 'My Tasks', { taskId: '12' }],
  ['/app/myTasks/orders', '/app/myTasks/:taskId?', 'My Tasks', { taskId: 'orders' }],
  [
    '/app/monitor',
    monitor,
    'Monitoring Table',
    { dashboardType: undefined, filter: undefined, patId: undefined },
  ],
  [
    '/app/ActiveNotifications/monitor/12',
    monitor,
    'Monitoring Table',
    { dashboardType: 'ActiveNotifications', filter: undefined, patId: '12' },
  ],
  [
    '/app/rpm/critical/monitor/12',
    monitor,
    'Monitoring Table',
    { dashboardType: 'rpm', filter: 'critical', patId: '12' },
  ],
  ['/app/orders', orders, 'RPM Care Orders', { orderStatus: undefined, dashboardType: undefined }],
  ['/app/pending/rpm/orders', orders, 'RPM Care Orders', { orderStatus: 'pending', dashboardType: 'rpm' }],
  ['/app/patients', patients, 'Patients Table', { patientStatus: undefined, dashboardType: undefined }],
  ['/app/active/patients', patients, 'Patients Table', { patientStatus: 'active', dashboardType: undefined }],
  ['/app/active/ccm/patients', patients, 'Patients Table', { patientStatus: 'active', dashboardType: 'ccm' }],
  ['/app/sleepTests', '/app/:filter?/sleepTests', 'Sleep Tests', { filter: undefined }],
  ['/app/pending/sleepTests', '/app/:filter?/sleepTests', 'Sleep Tests', { filter: 'pending' }],
  ['/app/pulseOximetry', '/app/:filter?/pulseOximetry', 'Pulse Oximetry Tests'],
  ['/app/done/pulseOximetry', '/app/:filter?/pulseOximetry', 'Pulse Oximetry Tests', { filter: 'done' }],
  ['/app/sleepTestsInterpretation', '/app/:filter?/sleepTestsInterpretation', 'Sleep Tests Co-Read'],
  [
    '/app/x/sleepTestsInterpretation',
    '/app/:filter?/sleepTestsInterpretation',
    'Sleep Tests Co-Read',
    { filter: 'x' },
  ],
  // The interpretation view of one study (decisions.md "Sleep interpretation view").
  ['/app/sleep-test/41', '/app/sleep-test/:studyId', 'Sleep Tests', { studyId: '41' }],
  // A Dental Dashboard or Sleep Lab row's own view (decisions.md "Dental case and sleep study views").
  [
    '/app/dentalDashboard/case/31',
    '/app/dentalDashboard/case/:case_id',
    'Dental Dashboard',
    { case_id: '31' },
  ],
  ['/app/sleep-lab/study/41', '/app/sleep-lab/study/:study_id', 'Sleep Lab Table', { study_id: '41' }],
  // An onboarding sign-up's review view (decisions.md "Onboarding").
  ['/app/practice-sign-ups/9', '/app/practice-sign-ups/:submission_id', 'Leads', { submission_id: '9' }],
  ['/app/ccm', '/app/:filter?/ccm', 'CCM', { filter: undefined }],
  ['/app/enrolled/ccm', '/app/:filter?/ccm', 'CCM', { filter: 'enrolled' }],
];

const allRows = [...sessionRows, ...chartRows, ...fixedRows, ...paramRows];

describe('findRoute: a concrete path per row of 000 §2.2-2.4', () => {
  it.each(allRows)('%s → %s (%s)', (path, pattern, page, params) => {
    const found = findRoute(path);
    expect(found?.entry.pattern).toBe(pattern);
    const access = found?.entry.access;
    expect(access?.kind === 'page' ? access.page : access?.kind).toBe(page);
    if (params) expect(found?.params).toEqual(params);
  });

  it('every row of ROUTES is reached by one of the paths above (no row is shadowed)', () => {
    const reached = new Set(allRows.map(([path]) => findRoute(path)?.entry.pattern));
    expect(ROUTES.map((e) => e.pattern).filter((p) => !reached.has(p))).toEqual([]);
  });

  it('patterns are unique and every row names its spec section', () => {
    expect(new Set(ROUTES.map((e) => e.pattern)).size).toBe(ROUTES.length);
    for (const e of ROUTES) expect(e.spec).toMatch(/^(00[01] §\d|issue \d+$)/);
  });

  it.each<[string, string]>([
    ['/app/monthly-report?month=3', '/app/monthly-report'],
    ['/app/monthly-report/', '/app/monthly-report'],
    ['/app/monthly-report#top', '/app/monthly-report'],
    ['/app/cpt-codes', '/app/CPT-codes'],
    ['/app/patient-chart/overview/12/?tab=1', '/app/patient-chart/overview/:patientId?/:new?'],
  ])('normalises %s → %s', (path, pattern) => {
    expect(findRoute(path)?.entry.pattern).toBe(pattern);
  });

  it.each([
    '/',
    '/app',
    '/app/',
    '/login',
    '/register',
    '/app/nope',
    '/app/dashboard/extra',
    '/app/profile/1',
    '/apple',
    '/app/a/b/c/patients',
    '/app/patient-chart',
    '/app/patient-chart/unknown/12',
    '/app/patient-chart/orders',
    '/app/patient-chart/overview/1/2/3',
    '/app//patients',
    '/app/crm-dashboard',
  ])('unknown: %s', (path) => {
    expect(findRoute(path)).toBeUndefined();
    expect(canOpen(path, signedIn([...PAGES], [6]))).toBe(false);
  });
});

describe('canOpen (000 §2.1-2.4, §6.2)', () => {
  it.each(sessionRows)('%s is open to any signed-in user', (path) => {
    expect(canOpen(path, signedIn())).toBe(true);
  });

  const pageRows = [...chartRows, ...fixedRows, ...paramRows].filter(
    ([, , page]) => page !== 'Spirometry Test' && page !== 'Aws Call',
  );
  it.each(pageRows)('%s needs %s', (path, _pattern, page) => {
    expect(canOpen(path, signedIn([page]))).toBe(true);
    expect(canOpen(path, signedIn([]))).toBe(false);
    expect(
      canOpen(
        path,
        signedIn(
          PAGES.filter((p) => p !== page),
          [6],
        ),
      ),
    ).toBe(false);
  });

  it.each<[string, string, AccessContext, boolean]>([
    ['monthly report with its page', '/app/monthly-report', signedIn(['Compliant Table']), true],
    ['monthly report with another page', '/app/monthly-report', signedIn(['Dashboard']), false],
    ['monitor with its page', '/app/ActiveNotifications/monitor/12', signedIn(['Monitoring Table']), true],
    [
      'alert rules with the chart page',
      '/app/patient-chart/bp/alert-rules/5',
      signedIn(['Patient Chart']),
      true,
    ],
    [
      'alert rules with the Alert Rules page only',
      '/app/patient-chart/bp/alert-rules/5',
      signedIn(['Alert Rules']),
      false,
    ],
    ['spirometry with page and role 6', '/app/spirometry-test', signedIn(['Spirometry Test'], [6]), true],
    [
      'spirometry with page and role 6 among others',
      '/app/spirometry-test',
      signedIn(['Spirometry Test'], [1, 6]),
      true,
    ],
    ['spirometry with page, no role 6', '/app/spirometry-test', signedIn(['Spirometry Test'], [1, 5]), false],
    ['spirometry with role 6, no page', '/app/spirometry-test', signedIn([], [6]), false],
    ['aws-tasks with the page', '/app/aws-tasks', signedIn(['Aws Call']), true],
    [
      'aws-tasks with only aws_link',
      '/app/aws-tasks',
      { ...signedIn(), aws_link: 'https://x.awsapps.com/connect' },
      true,
    ],
    ['aws-tasks with only tempLogin', '/app/aws-tasks', { ...signedIn(), tempLogin: true }, true],
    ['aws-tasks with none', '/app/aws-tasks', signedIn(), false],
    ['aws-tasks with an empty aws_link', '/app/aws-tasks', { ...signedIn(), aws_link: '' }, false],
    ['aws-tasks with a blank aws_link', '/app/aws-tasks', { ...signedIn(), aws_link: '  ' }, false],
    ['aws-voicemail with only tempLogin', '/app/aws-voicemail', { ...signedIn(), tempLogin: true }, true],
    [
      'aws-unattended-calls with only aws_link',
      '/app/aws-unattended-calls',
      { ...signedIn(), aws_link: 'x' },
      true,
    ],
    [
      'a link does not open other pages',
      '/app/dashboard',
      { ...signedIn(), aws_link: 'x', tempLogin: true },
      false,
    ],
    ['rpm-billing with RPM Billing', '/app/rpm-billing', signedIn(['RPM Billing']), true],
    ['hst-billing with HST RPM Billing', '/app/hst-billing', signedIn(['HST RPM Billing']), true],
    ['orders with RPM Care Orders', '/app/orders', signedIn(['RPM Care Orders']), true],
  ])('%s', (_name, path, ctx, expected) => {
    expect(canOpen(path, ctx)).toBe(expected);
  });
});

describe('PAGES', () => {
  it('holds every distinct access-list entry of the table, once', () => {
    const expected = [
      'Patient Chart',
      ...new Set([...fixed.map(([page]) => page), ...paramRows.map(([, , page]) => page)]),
    ];
    expect([...PAGES].sort()).toEqual([...new Set(expected)].sort());
    expect(new Set(PAGES).size).toBe(PAGES.length);
  });

  it.each([
    'RPM Care Orders',
    'RPM Billing',
    'HST RPM Billing',
    'HST RPM Order Billing',
    'Spirometry Test',
    'Aws Call',
    'form',
  ])('includes %s', (page) => {
    expect(PAGES).toContain(page);
  });
});
