// Over 300 lines: every screen of the signed-in frame, each lazily loaded, and the route table in wouter's order.
import { LIST_ROUTES, ROW_VIEW_ROUTES, STAFF_TABLES, START_PAGES, UPLOAD_KIND_INFO } from '@rpm/shared';
import type { ReactNode } from 'react';
import { preloadable } from '../routing/preloadable';

const OrganizationsPage = preloadable(
  () => import('../organizations/OrganizationsPage'),
  (m) => m.OrganizationsPage,
);
// Billing (001 §2.1; 000 §6.1: the dashboard is the start page of roles 10 and 11).
const BillingReportPage = preloadable(
  () => import('../billing/BillingReportPage'),
  (m) => m.BillingReportPage,
);
export const BillingDashboardPage = preloadable(
  () => import('../billing/BillingDashboardPage'),
  (m) => m.BillingDashboardPage,
  (m) => m.billingDashboardStart,
);
// The utilities group's landing page (000 §2.4 'Billing Utility'; decisions.md "Billing Utility").
const BillingUtilityPage = preloadable(
  () => import('../billing/BillingUtilityPage'),
  (m) => m.BillingUtilityPage,
);
// The dashboard (000 §2.4, §6.1: the start page of most roles).
export const DashboardPage = preloadable(
  () => import('../dashboard/DashboardPage'),
  (m) => m.DashboardPage,
  (m) => m.dashboardStart,
);
// The Sales Rep Dashboard (000 §6.1: role 14's start page; decisions.md "Leads").
export const SalesDashboardPage = preloadable(
  () => import('../sales/SalesDashboardPage'),
  (m) => m.SalesDashboardPage,
  (m) => m.salesDashboardStart,
);
// The Sales Practice Dashboard (000 §2.4, role 14's menu; decisions.md "Sales Practice Dashboard").
const SalesPracticeDashboardPage = preloadable(
  () => import('../sales/SalesPracticeDashboardPage'),
  (m) => m.SalesPracticeDashboardPage,
);
// Form: the organisation's custom forms (decisions.md "Form").
const FhirClientsPage = preloadable(
  () => import('../fhir-clients/FhirClientsPage'),
  (m) => m.FhirClientsPage,
);
const FormsScreen = preloadable(
  () => import('../forms/FormsScreen'),
  (m) => m.FormsScreen,
);
// SS Resource: the sleep-study resource library (decisions.md "SS Resource").
const SsResourceScreen = preloadable(
  () => import('../ss-resources/SsResourceScreen'),
  (m) => m.SsResourceScreen,
);
// The patient chart (000 §2.3): every /app/patient-chart/... route of the spec; the page reads its tab itself.
const PatientChartPage = preloadable(
  () => import('../chart/PatientChartPage'),
  (m) => m.PatientChartPage,
);
// Registration: the overview's {new?} without a patient (000 §2.3; decisions.md "Patient registration").
const RegisterPatientPage = preloadable(
  () => import('../patient/RegisterPatientPage'),
  (m) => m.RegisterPatientPage,
);
const ProfilePage = preloadable(
  () => import('../pages/profile/ProfilePage'),
  (m) => m.ProfilePage,
);
// The list screens, on their definitions' route patterns.
const listScreen = <K extends keyof typeof import('../worklists/screens')>(name: K) =>
  preloadable(
    () => import('../worklists/screens'),
    (m) => m[name],
  );
const PatientsScreen = listScreen('PatientsScreen');
// Sleep Return Devices, with its return action (decisions.md "Sleep Return Devices").
const SleepReturnsScreen = preloadable(
  () => import('../sleep/SleepReturnsScreen'),
  (m) => m.SleepReturnsScreen,
);
// Transcript Queues, with assignment and completion (decisions.md "Transcript Queues").
const TranscriptQueuesScreen = preloadable(
  () => import('../transcripts/TranscriptQueuesScreen'),
  (m) => m.TranscriptQueuesScreen,
);
// The staff tables (000 §2.4 Users menu).
const StaffScreen = preloadable(
  () => import('../staff/StaffScreen'),
  (m) => m.StaffScreen,
);
// The call pages (000 §2.4 Aws Call row).
const callScreen = <K extends keyof typeof import('../calls/screens')>(name: K) =>
  preloadable(
    () => import('../calls/screens'),
    (m) => m[name],
  );
const AwsTasksScreen = callScreen('AwsTasksScreen');
const MonitorScreen = preloadable(
  () => import('../worklists/MonitorScreen'),
  (m) => m.MonitorScreen,
);
const MyTasksScreen = preloadable(
  () => import('../worklists/MyTasksScreen'),
  (m) => m.MyTasksScreen,
);
const PatientTransferScreen = preloadable(
  () => import('../worklists/PatientTransferScreen'),
  (m) => m.PatientTransferScreen,
);
const sleepScreen = <K extends keyof typeof import('../sleep/screens')['START_CALLS']>(name: K) =>
  preloadable(
    () => import('../sleep/screens'),
    (m) => m[name],
    (m) => m.START_CALLS[name],
  );
export const SleepTestsScreen = sleepScreen('SleepTestsScreen');
export const SleepCoReadScreen = sleepScreen('SleepCoReadScreen');
const PulseOximetryScreen = sleepScreen('PulseOximetryScreen');
const SpirometryScreen = sleepScreen('SpirometryScreen');
export const SleepLabScreen = sleepScreen('SleepLabScreen');
// Sleep consults, appointments, the Technician Calendar, CPAP and Therapy patients.
const scheduleScreen = <K extends keyof typeof import('../sleep/schedule-screens')>(name: K) =>
  preloadable(
    () => import('../sleep/schedule-screens'),
    (m) => m[name],
  );
const SleepConsultsScreen = scheduleScreen('SleepConsultsScreen');
const SleepAppointmentsScreen = scheduleScreen('SleepAppointmentsScreen');
// The role 20 start page loads the calendar alone, not the schedule lists beside it.
export const TechnicianCalendarScreen = preloadable(
  () => import('../sleep/TechnicianCalendar'),
  (m) => m.TechnicianCalendar,
);
const SleepInterpretationScreen = preloadable(
  () => import('../sleep/InterpretationScreen'),
  (m) => m.SleepInterpretationScreen,
);
// The Dental Dashboard, Custom Interpretation Config, the sleep billing lists and their configuration.
export const DentalDashboard = preloadable(
  () => import('../sleep/DentalDashboard'),
  (m) => m.DentalDashboard,
  (m) => m.dentalDashboardStart,
);
// A Dental Dashboard row's case view and a Sleep Lab row's study view
// (decisions.md "Dental case and sleep study views").
const DentalCaseScreen = preloadable(
  () => import('../sleep/DentalCaseScreen'),
  (m) => m.DentalCaseScreen,
);
const SleepLabStudyScreen = preloadable(
  () => import('../sleep/SleepLabStudyScreen'),
  (m) => m.SleepLabStudyScreen,
);
const TemplatesScreen = preloadable(
  () => import('../sleep/TemplatesScreen'),
  (m) => m.TemplatesScreen,
);
// Bulk Uploads, Inventory Uploads and the CSV Utility.
const UploadPage = preloadable(
  () => import('../uploads/UploadPage'),
  (m) => m.UploadPage,
);
// Billing Uploads: the claim-status upload and the Denials Worklist (decisions.md "Billing Uploads").
const BillingUploadsPage = preloadable(
  () => import('../billing/BillingUploadsPage'),
  (m) => m.BillingUploadsPage,
);
// Invoices: the list with Issue Invoice, each row's PDF and Credit (decisions.md "Invoices").
const InvoicesScreen = preloadable(
  () => import('../billing/InvoicesScreen'),
  (m) => m.InvoicesScreen,
);
const CsvUtilityScreen = preloadable(
  () => import('../uploads/CsvUtilityScreen'),
  (m) => m.CsvUtilityScreen,
);
const HstBillingConfigScreen = preloadable(
  () => import('../sleep/HstBillingConfigScreen'),
  (m) => m.HstBillingConfigScreen,
);
const sleepBillingScreen = <K extends keyof typeof import('../sleep/billing-screens')>(name: K) =>
  preloadable(
    () => import('../sleep/billing-screens'),
    (m) => m[name],
  );
const SleepBillingReportScreen = sleepBillingScreen('SleepBillingReportScreen');
const deviceScreen = <K extends keyof typeof import('../devices/screens')>(name: K) =>
  preloadable(
    () => import('../devices/screens'),
    (m) => m[name],
  );
const DevicesScreen = deviceScreen('DevicesScreen');
const UnassignedDevicesScreen = deviceScreen('UnassignedDevicesScreen');
// Notification Defaults (000 §2.2, §6.2).
const NotificationDefaultsPage = preloadable(
  () => import('../defaults/NotificationDefaultsPage'),
  (m) => m.NotificationDefaultsPage,
);
// Configure Defaults and CCM Care Plan Defaults (000 §2.2, §6.2).
const ConfigureDefaultsPage = preloadable(
  () => import('../defaults/ConfigureDefaultsPage'),
  (m) => m.ConfigureDefaultsPage,
);
const CarePlanDefaultsPage = preloadable(
  () => import('../defaults/CarePlanDefaultsPage'),
  (m) => m.CarePlanDefaultsPage,
);
// RPM Protocol, Notes and Insurance Defaults (000 §2.2, §6.2).
const ProtocolDefaultsPage = preloadable(
  () => import('../defaults/ProtocolDefaultsPage'),
  (m) => m.ProtocolDefaultsPage,
);
const NotesDefaultsPage = preloadable(
  () => import('../defaults/NotesDefaultsPage'),
  (m) => m.NotesDefaultsPage,
);
const InsuranceDefaultsPage = preloadable(
  () => import('../defaults/InsuranceDefaultsPage'),
  (m) => m.InsuranceDefaultsPage,
);
// Practices, Locations, Programs.
const structureScreen = <K extends keyof typeof import('../organizations/StructureScreens')>(name: K) =>
  preloadable(
    () => import('../organizations/StructureScreens'),
    (m) => m[name],
  );
const PracticesScreen = structureScreen('PracticesScreen');
const LocationsScreen = structureScreen('LocationsScreen');
// Organization Groups (decisions.md "Organization Groups").
const OrganizationGroupsScreen = preloadable(
  () => import('../organizations/OrganizationGroupsScreen'),
  (m) => m.OrganizationGroupsScreen,
);
// Practice Protocol (decisions.md "Practice Protocol").
const PracticeProtocolPage = preloadable(
  () => import('../organizations/PracticeProtocolPage'),
  (m) => m.PracticeProtocolPage,
);
const RolesScreen = preloadable(
  () => import('../roles/RolesScreen'),
  (m) => m.RolesScreen,
);
const ConfigTableScreen = preloadable(
  () => import('../configuration/ConfigScreens'),
  (m) => m.ConfigTableScreen,
);
// The lists whose screen is their definition alone (architecture.md "Lists").
// Onboarding: a signed-in user's page and a sign-up's review view (decisions.md "Onboarding").
const OnboardingPage = preloadable(
  () => import('../onboarding/OnboardingPage'),
  (m) => m.OnboardingPage,
);
const OnboardingSubmissionScreen = preloadable(
  () => import('../onboarding/OnboardingSubmissionScreen'),
  (m) => m.OnboardingSubmissionScreen,
);
export const PlainListScreen = preloadable(
  () => import('../list/PlainListScreen'),
  (m) => m.PlainListScreen,
);

/** A route's screen: an element, or one made from the route's parameters. */
type PageOf = ReactNode | ((params: Readonly<Record<string, string | undefined>>) => ReactNode);

/**
 * The route table (000 §2.2-2.4), in the order wouter tries it: fixed paths before the lists' generic patterns, as
 * in shared/src/routes.ts ('/app/myTasks/...' before '/app/:filter?/ccm' and the monitor pattern). The plain lists
 * come last, from their definitions' routes ({@link PlainListScreen}); a path nothing claims says 'Coming soon'.
 */
export const PAGE_ROUTES: readonly { readonly path: string; readonly page: PageOf }[] = [
  { path: '/app/organizations', page: <OrganizationsPage /> },
  { path: '/app/billing-report', page: <BillingReportPage /> },
  { path: '/app/billing-report-fixed', page: <BillingReportPage /> },
  { path: '/app/patient-chart/overview/new', page: <RegisterPatientPage /> },
  { path: '/app/patient-chart/*', page: <PatientChartPage /> },
  { path: '/app/dashboard', page: <DashboardPage /> },
  { path: '/app/practice-protocol', page: <PracticeProtocolPage /> },
  { path: '/app/fhir-clients', page: <FhirClientsPage /> },
  { path: '/app/profile', page: <ProfilePage /> },
  { path: '/app/billing-dashboard', page: <BillingDashboardPage /> },
  { path: '/app/billing-utility', page: <BillingUtilityPage /> },
  { path: START_PAGES.salesDashboard, page: <SalesDashboardPage /> },
  { path: '/app/sales-practice-dashboard', page: <SalesPracticeDashboardPage /> },
  { path: LIST_ROUTES.awsTasks, page: <AwsTasksScreen /> },
  { path: LIST_ROUTES.devices, page: <DevicesScreen /> },
  { path: LIST_ROUTES.unassignedDevices, page: <UnassignedDevicesScreen /> },
  { path: LIST_ROUTES.practices, page: <PracticesScreen /> },
  { path: LIST_ROUTES.locations, page: <LocationsScreen /> },
  { path: LIST_ROUTES.organizationGroups, page: <OrganizationGroupsScreen /> },
  { path: LIST_ROUTES.roles, page: <RolesScreen /> },
  { path: LIST_ROUTES.insuranceDefaults, page: <ConfigTableScreen table="insuranceDefaults" /> },
  { path: LIST_ROUTES.deviceTypes, page: <ConfigTableScreen table="deviceTypes" /> },
  { path: LIST_ROUTES.vitals, page: <ConfigTableScreen table="vitals" /> },
  { path: '/app/deviceName', page: <ConfigTableScreen table="deviceNames" /> },
  { path: '/app/warehouses', page: <ConfigTableScreen table="warehouses" /> },
  { path: '/app/messages-category', page: <ConfigTableScreen table="messageCategories" /> },
  { path: '/app/messages-template', page: <ConfigTableScreen table="messageTemplates" /> },
  { path: '/app/notes-category', page: <ConfigTableScreen table="noteCategories" /> },
  { path: '/app/notes-comments', page: <ConfigTableScreen table="noteComments" /> },
  { path: '/app/insurance-plans', page: <ConfigTableScreen table="insurancePlans" /> },
  { path: '/app/insurance-table', page: <ConfigTableScreen table="insuranceTable" /> },
  { path: '/app/notification-defaults', page: <NotificationDefaultsPage /> },
  { path: '/app/configure-defaults', page: <ConfigureDefaultsPage /> },
  { path: '/app/ccm-defaults/:curId?', page: (params) => <CarePlanDefaultsPage curId={params.curId} /> },
  { path: '/app/rpmProtocol-defaults', page: <ProtocolDefaultsPage /> },
  { path: '/app/notes-defaults', page: <NotesDefaultsPage /> },
  { path: '/app/insurances-defaults', page: <InsuranceDefaultsPage /> },
  ...STAFF_TABLES.map((table) => ({ path: `/app/${table.name}`, page: <StaffScreen name={table.name} /> })),
  { path: LIST_ROUTES.sleepConsults, page: <SleepConsultsScreen /> },
  { path: LIST_ROUTES.sleepAppointments, page: <SleepAppointmentsScreen /> },
  { path: '/app/technician-calendar', page: <TechnicianCalendarScreen /> },
  { path: LIST_ROUTES.sleepLab, page: <SleepLabScreen /> },
  { path: ROW_VIEW_ROUTES.sleepLabStudy, page: <SleepLabStudyScreen /> },
  { path: LIST_ROUTES.dentalCases, page: <DentalDashboard /> },
  { path: ROW_VIEW_ROUTES.dentalCase, page: <DentalCaseScreen /> },
  { path: LIST_ROUTES.interpretationTemplates, page: <TemplatesScreen /> },
  { path: LIST_ROUTES.sleepBillingReport, page: <SleepBillingReportScreen /> },
  { path: '/app/hst-billing-config', page: <HstBillingConfigScreen section="prices" /> },
  { path: '/app/athena-vitals-config', page: <HstBillingConfigScreen section="vitals" /> },
  { path: '/app/sleep-test/:studyId', page: <SleepInterpretationScreen /> },
  { path: LIST_ROUTES.spirometry, page: <SpirometryScreen /> },
  { path: LIST_ROUTES.sleepTests, page: <SleepTestsScreen /> },
  { path: LIST_ROUTES.sleepCoRead, page: <SleepCoReadScreen /> },
  { path: LIST_ROUTES.pulseOximetry, page: <PulseOximetryScreen /> },
  { path: LIST_ROUTES.myTasks, page: <MyTasksScreen /> },
  { path: LIST_ROUTES.patients, page: <PatientsScreen /> },
  { path: LIST_ROUTES.monitor, page: <MonitorScreen /> },
  { path: LIST_ROUTES.patientTransfer, page: <PatientTransferScreen /> },
  { path: LIST_ROUTES.leads, page: <ConfigTableScreen table="leads" /> },
  { path: '/app/onboarding', page: <OnboardingPage /> },
  { path: ROW_VIEW_ROUTES.onboardingSubmission, page: <OnboardingSubmissionScreen /> },
  { path: LIST_ROUTES.sleepReturnDevices, page: <SleepReturnsScreen /> },
  { path: LIST_ROUTES.transcriptQueues, page: <TranscriptQueuesScreen /> },
  { path: UPLOAD_KIND_INFO.patients.route, page: <UploadPage kind="patients" /> },
  { path: UPLOAD_KIND_INFO.devices.route, page: <UploadPage kind="devices" /> },
  { path: UPLOAD_KIND_INFO.claims.route, page: <BillingUploadsPage /> },
  { path: LIST_ROUTES.invoices, page: <InvoicesScreen /> },
  { path: LIST_ROUTES.ssResource, page: <SsResourceScreen /> },
  { path: LIST_ROUTES.form, page: <FormsScreen /> },
  { path: LIST_ROUTES.csvUtility, page: <CsvUtilityScreen /> },
];
