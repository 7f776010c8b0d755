// Over 300 lines: the one route table of every screen, each lazily loaded, in the order wouter must match them.
import {
  LIST_ROUTES,
  MSG,
  pageTitle,
  STAFF_TABLES,
  START_PAGES,
  type StartPagePath,
  type StoredUser,
  UPLOAD_KIND_INFO,
} from '@rpm/shared';
import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { ComingSoonPage } from '../pages/coming-soon/ComingSoonPage';
import { NotFoundPage } from '../pages/not-found/NotFoundPage';
import { type Preloadable, preloadable } from '../routing/preloadable';
import { Breadcrumb } from './Breadcrumb';

const OrganizationsPage = preloadable(
  () => import('../organizations/OrganizationsPage'),
  (m) => m.OrganizationsPage,
);
// Billing (001 §2.1; 000 §6.1: the dashboard is the start page of roles 10 and 11). Added by the billing UI work.
const BillingReportPage = preloadable(
  () => import('../billing/BillingReportPage'),
  (m) => m.BillingReportPage,
);
const BillingDashboardPage = preloadable(
  () => import('../billing/BillingDashboardPage'),
  (m) => m.BillingDashboardPage,
  (m) => m.billingDashboardStart,
);
// The dashboard (000 §2.4, §6.1: the start page of most roles; issue 10).
const DashboardPage = preloadable(
  () => import('../dashboard/DashboardPage'),
  (m) => m.DashboardPage,
  (m) => m.dashboardStart,
);
// The Sales Rep Dashboard (000 §6.1: role 14's start page; decisions.md "Leads").
const SalesDashboardPage = preloadable(
  () => import('../sales/SalesDashboardPage'),
  (m) => m.SalesDashboardPage,
  (m) => m.salesDashboardStart,
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
// The profile: multi-factor sign-in (issue 11 "Add").
const ProfilePage = preloadable(
  () => import('../pages/profile/ProfilePage'),
  (m) => m.ProfilePage,
);
// The list screens (issue 10), on their definitions' route patterns.
const listScreen = <K extends keyof typeof import('../worklists/screens')>(name: K) =>
  preloadable(
    () => import('../worklists/screens'),
    (m) => m[name],
  );
const PatientsScreen = listScreen('PatientsScreen');
const NonCompliancePatientsScreen = listScreen('NonCompliancePatientsScreen');
const MonthlyReportScreen = listScreen('MonthlyReportScreen');
const CcmScreen = listScreen('CcmScreen');
const CareOrdersScreen = listScreen('CareOrdersScreen');
const AlertRulesScreen = listScreen('AlertRulesScreen');
const GlobalReportsScreen = listScreen('GlobalReportsScreen');
const PatientConsentScreen = listScreen('PatientConsentScreen');
const GmPatientsScreen = listScreen('GmPatientsScreen');
const LatestAssignedDevicesScreen = listScreen('LatestAssignedDevicesScreen');
// Sleep Return Devices, with its return action (decisions.md "Sleep Return Devices").
const SleepReturnsScreen = preloadable(
  () => import('../sleep/SleepReturnsScreen'),
  (m) => m.SleepReturnsScreen,
);
const ScreenedScreen = listScreen('ScreenedScreen');
const AuditReportScreen = listScreen('AuditReportScreen');
// The staff tables (000 §2.4 Users menu; issue 16 part 1).
const StaffScreen = preloadable(
  () => import('../staff/StaffScreen'),
  (m) => m.StaffScreen,
);
const IncomingMessagesScreen = listScreen('IncomingMessagesScreen');
// The call pages (issue 14; 000 §2.4 Aws Call row).
const callScreen = <K extends keyof typeof import('../calls/screens')>(name: K) =>
  preloadable(
    () => import('../calls/screens'),
    (m) => m[name],
  );
const AwsTasksScreen = callScreen('AwsTasksScreen');
const AwsMissedHistoryScreen = callScreen('AwsMissedHistoryScreen');
const AwsCallbackScreen = callScreen('AwsCallbackScreen');
const AwsCallbackHistoryScreen = callScreen('AwsCallbackHistoryScreen');
const AwsVoicemailScreen = callScreen('AwsVoicemailScreen');
const AwsVoicemailHistoryScreen = callScreen('AwsVoicemailHistoryScreen');
const AwsUnattendedCallsScreen = callScreen('AwsUnattendedCallsScreen');
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
// The sleep study worklists (issue 15).
const sleepScreen = <K extends keyof typeof import('../sleep/screens')['START_CALLS']>(name: K) =>
  preloadable(
    () => import('../sleep/screens'),
    (m) => m[name],
    (m) => m.START_CALLS[name],
  );
const SleepTestsScreen = sleepScreen('SleepTestsScreen');
const SleepCoReadScreen = sleepScreen('SleepCoReadScreen');
const PulseOximetryScreen = sleepScreen('PulseOximetryScreen');
const SpirometryScreen = sleepScreen('SpirometryScreen');
const SleepLabScreen = sleepScreen('SleepLabScreen');
// Sleep consults, appointments, the Technician Calendar, CPAP and Therapy patients (issue 15 §1/§3).
const scheduleScreen = <K extends keyof typeof import('../sleep/schedule-screens')>(name: K) =>
  preloadable(
    () => import('../sleep/schedule-screens'),
    (m) => m[name],
  );
const SleepConsultsScreen = scheduleScreen('SleepConsultsScreen');
const SleepAppointmentsScreen = scheduleScreen('SleepAppointmentsScreen');
// The role 20 start page loads the calendar alone, not the schedule lists beside it (issue 17 goal 1).
const TechnicianCalendarScreen = preloadable(
  () => import('../sleep/TechnicianCalendar'),
  (m) => m.TechnicianCalendar,
);
const CpapPatientsScreen = scheduleScreen('CpapPatientsScreen');
const TherapyPatientsScreen = scheduleScreen('TherapyPatientsScreen');
const SleepInterpretationScreen = preloadable(
  () => import('../sleep/InterpretationScreen'),
  (m) => m.SleepInterpretationScreen,
);
// The Dental Dashboard, Custom Interpretation Config, the sleep billing lists and their configuration (issue 15 §3).
const DentalDashboard = preloadable(
  () => import('../sleep/DentalDashboard'),
  (m) => m.DentalDashboard,
  (m) => m.dentalDashboardStart,
);
const TemplatesScreen = preloadable(
  () => import('../sleep/TemplatesScreen'),
  (m) => m.TemplatesScreen,
);
// Bulk Uploads, Inventory Uploads and the CSV Utility (issue 38 §4).
const UploadPage = preloadable(
  () => import('../uploads/UploadPage'),
  (m) => m.UploadPage,
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
const CoReadBillingScreen = sleepBillingScreen('CoReadBillingScreen');
const HstBillingScreen = sleepBillingScreen('HstBillingScreen');
const HstOrderBillingScreen = sleepBillingScreen('HstOrderBillingScreen');
// The device inventory (issue 16 part 4).
const deviceScreen = <K extends keyof typeof import('../devices/screens')>(name: K) =>
  preloadable(
    () => import('../devices/screens'),
    (m) => m[name],
  );
const DevicesScreen = deviceScreen('DevicesScreen');
const EdisonInventoryScreen = deviceScreen('EdisonInventoryScreen');
const UnassignedDevicesScreen = deviceScreen('UnassignedDevicesScreen');
const DeactivatedDevicesScreen = deviceScreen('DeactivatedDevicesScreen');
const DeviceHistoryScreen = deviceScreen('DeviceHistoryScreen');
const DeviceDataLogsScreen = deviceScreen('DeviceDataLogsScreen');
const VendorsScreen = deviceScreen('VendorsScreen');
// Notification Defaults (000 §2.2, §6.2; issue 16 part 6).
const NotificationDefaultsPage = preloadable(
  () => import('../defaults/NotificationDefaultsPage'),
  (m) => m.NotificationDefaultsPage,
);
// Configure Defaults and CCM Care Plan Defaults (000 §2.2, §6.2; issue 16 part 6).
const ConfigureDefaultsPage = preloadable(
  () => import('../defaults/ConfigureDefaultsPage'),
  (m) => m.ConfigureDefaultsPage,
);
const CarePlanDefaultsPage = preloadable(
  () => import('../defaults/CarePlanDefaultsPage'),
  (m) => m.CarePlanDefaultsPage,
);
// RPM Protocol, Notes and Insurance Defaults (000 §2.2, §6.2; issue 16 part 6).
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
// Practices, Locations, Programs (issue 16 part 3).
const structureScreen = <K extends keyof typeof import('../organizations/StructureScreens')>(name: K) =>
  preloadable(
    () => import('../organizations/StructureScreens'),
    (m) => m[name],
  );
const PracticesScreen = structureScreen('PracticesScreen');
const LocationsScreen = structureScreen('LocationsScreen');
const ProgramsScreen = structureScreen('ProgramsScreen');
// Roles and their access lists (issue 16 part 3).
const RolesScreen = preloadable(
  () => import('../roles/RolesScreen'),
  (m) => m.RolesScreen,
);
// Configuration tables (issue 16 part 5).
const ConfigTableScreen = preloadable(
  () => import('../configuration/ConfigScreens'),
  (m) => m.ConfigTableScreen,
);

/**
 * The screen of each start page (000 §6.1). Signing in loads it with the frame before showing the page, so the start
 * page draws without a 'Loading...' pause (issue 17 goal 2).
 */
const START_SCREENS: Record<StartPagePath, Preloadable<object>> = {
  [START_PAGES.billingDashboard]: BillingDashboardPage,
  [START_PAGES.salesDashboard]: SalesDashboardPage,
  [START_PAGES.sleepTests]: SleepTestsScreen,
  [START_PAGES.coRead]: SleepCoReadScreen,
  [START_PAGES.dentalDashboard]: DentalDashboard,
  [START_PAGES.technicianCalendar]: TechnicianCalendarScreen,
  [START_PAGES.sleepLab]: SleepLabScreen,
  [START_PAGES.dashboard]: DashboardPage,
};

const startScreen = (path: string) =>
  Object.hasOwn(START_SCREENS, path) ? START_SCREENS[path as StartPagePath] : null;

/** Loads the screen of `path` when it is a start page; any other path loads when it is first shown. */
export function preloadStartScreen(path: string): Promise<void> {
  return startScreen(path)?.preload() ?? Promise.resolve();
}

/**
 * Start pages whose screen loads only for the user who lands there: the Technician Calendar's is 36 KiB of
 * react-big-calendar, for one role (decisions.md "Every start screen loaded while typing").
 */
const LOADED_ON_ARRIVAL: ReadonlySet<string> = new Set([START_PAGES.technicianCalendar]);

/** Loads every other start page's screen, one after another (signed-in-code.ts, while the password is typed). */
export async function preloadEveryStartScreen(): Promise<void> {
  for (const [path, screen] of Object.entries(START_SCREENS))
    if (!LOADED_ON_ARRIVAL.has(path)) await screen.preload();
}

/** Makes the first calls of the start page at `path` ahead for `user`, once its screen is loaded (start-calls.ts). */
export function startScreenCalls(user: StoredUser, path: string): void {
  startScreen(path)?.startCalls(user);
}

/** Props of {@link PageArea}. */
export interface PageAreaProps {
  readonly pathname: string;
  /** The page title, or `null` where title and breadcrumb are hidden (000 §2.1). */
  readonly title: string | null;
  /** The path is unknown or not in the user's access list (000 §2.1): the not-found variant shows. */
  readonly notFound: boolean;
}

/**
 * The page: its title and 'You are here:' breadcrumb (hidden on /app, /app/crm-dashboard, /app/crypto-dashboard,
 * 000 §2.1), then the screen for the route. Screens load on demand; a route without its screen yet says 'Coming
 * soon' with its title (the feature issues replace it). Fixed paths come before the lists' generic patterns, as in
 * shared/src/routes.ts ('/app/myTasks/…' before '/app/:filter?/ccm' and the monitor pattern).
 */
export function PageArea({ pathname, title, notFound }: PageAreaProps) {
  return (
    <>
      {title !== null && (
        <div className="shell-page-head">
          <h1 className="shell-page-title">{title}</h1>
          <Breadcrumb pathname={pathname} />
        </div>
      )}
      <div className="shell-page">
        {notFound ? (
          <NotFoundPage variant="frame" />
        ) : (
          <Suspense fallback={<p className="page-loading">{MSG.loading}</p>}>
            <Switch>
              <Route path="/app/organizations">
                <OrganizationsPage />
              </Route>
              <Route path="/app/billing-report">
                <BillingReportPage />
              </Route>
              <Route path="/app/billing-report-fixed">
                <BillingReportPage />
              </Route>
              <Route path="/app/patient-chart/overview/new">
                <RegisterPatientPage />
              </Route>
              <Route path="/app/patient-chart/*">
                <PatientChartPage />
              </Route>
              <Route path="/app/dashboard">
                <DashboardPage />
              </Route>
              <Route path="/app/profile">
                <ProfilePage />
              </Route>
              <Route path="/app/billing-dashboard">
                <BillingDashboardPage />
              </Route>
              <Route path={START_PAGES.salesDashboard}>
                <SalesDashboardPage />
              </Route>
              <Route path={LIST_ROUTES.awsTasks}>
                <AwsTasksScreen />
              </Route>
              <Route path={LIST_ROUTES.awsMissedHistory}>
                <AwsMissedHistoryScreen />
              </Route>
              <Route path={LIST_ROUTES.awsCallback}>
                <AwsCallbackScreen />
              </Route>
              <Route path={LIST_ROUTES.awsCallbackHistory}>
                <AwsCallbackHistoryScreen />
              </Route>
              <Route path={LIST_ROUTES.awsVoicemail}>
                <AwsVoicemailScreen />
              </Route>
              <Route path={LIST_ROUTES.awsVoicemailHistory}>
                <AwsVoicemailHistoryScreen />
              </Route>
              <Route path={LIST_ROUTES.awsUnattendedCalls}>
                <AwsUnattendedCallsScreen />
              </Route>
              <Route path={LIST_ROUTES.devices}>
                <DevicesScreen />
              </Route>
              <Route path={LIST_ROUTES.edisonInventory}>
                <EdisonInventoryScreen />
              </Route>
              <Route path={LIST_ROUTES.unassignedDevices}>
                <UnassignedDevicesScreen />
              </Route>
              <Route path={LIST_ROUTES.deactivatedDevices}>
                <DeactivatedDevicesScreen />
              </Route>
              <Route path={LIST_ROUTES.deviceHistory}>
                <DeviceHistoryScreen />
              </Route>
              <Route path={LIST_ROUTES.deviceDataLogs}>
                <DeviceDataLogsScreen />
              </Route>
              <Route path={LIST_ROUTES.practices}>
                <PracticesScreen />
              </Route>
              <Route path={LIST_ROUTES.locations}>
                <LocationsScreen />
              </Route>
              <Route path={LIST_ROUTES.programs}>
                <ProgramsScreen />
              </Route>
              <Route path={LIST_ROUTES.roles}>
                <RolesScreen />
              </Route>
              <Route path={LIST_ROUTES.cptCodes}>
                <ConfigTableScreen table="cpt" />
              </Route>
              <Route path={LIST_ROUTES.insuranceDefaults}>
                <ConfigTableScreen table="insuranceDefaults" />
              </Route>
              <Route path={LIST_ROUTES.deviceTypes}>
                <ConfigTableScreen table="deviceTypes" />
              </Route>
              <Route path={LIST_ROUTES.vitals}>
                <ConfigTableScreen table="vitals" />
              </Route>
              <Route path={LIST_ROUTES.vendors}>
                <VendorsScreen />
              </Route>
              <Route path="/app/deviceName">
                <ConfigTableScreen table="deviceNames" />
              </Route>
              <Route path="/app/warehouses">
                <ConfigTableScreen table="warehouses" />
              </Route>
              <Route path="/app/messages-category">
                <ConfigTableScreen table="messageCategories" />
              </Route>
              <Route path="/app/messages-template">
                <ConfigTableScreen table="messageTemplates" />
              </Route>
              <Route path="/app/notes-category">
                <ConfigTableScreen table="noteCategories" />
              </Route>
              <Route path="/app/notes-comments">
                <ConfigTableScreen table="noteComments" />
              </Route>
              <Route path="/app/insurance-plans">
                <ConfigTableScreen table="insurancePlans" />
              </Route>
              <Route path="/app/insurance-table">
                <ConfigTableScreen table="insuranceTable" />
              </Route>
              <Route path="/app/notification-defaults">
                <NotificationDefaultsPage />
              </Route>
              <Route path="/app/configure-defaults">
                <ConfigureDefaultsPage />
              </Route>
              <Route path="/app/ccm-defaults/:curId?">
                {(params) => <CarePlanDefaultsPage curId={params.curId} />}
              </Route>
              <Route path="/app/rpmProtocol-defaults">
                <ProtocolDefaultsPage />
              </Route>
              <Route path="/app/notes-defaults">
                <NotesDefaultsPage />
              </Route>
              <Route path="/app/insurances-defaults">
                <InsuranceDefaultsPage />
              </Route>
              <Route path={LIST_ROUTES.nonCompliancePatients}>
                <NonCompliancePatientsScreen />
              </Route>
              <Route path={LIST_ROUTES.monthlyReport}>
                <MonthlyReportScreen />
              </Route>
              <Route path={LIST_ROUTES.screened}>
                <ScreenedScreen />
              </Route>
              <Route path={LIST_ROUTES.audit}>
                <AuditReportScreen />
              </Route>
              {STAFF_TABLES.map((table) => (
                <Route key={table.name} path={`/app/${table.name}`}>
                  <StaffScreen name={table.name} />
                </Route>
              ))}
              <Route path={LIST_ROUTES.sleepConsults}>
                <SleepConsultsScreen />
              </Route>
              <Route path={LIST_ROUTES.sleepAppointments}>
                <SleepAppointmentsScreen />
              </Route>
              <Route path="/app/technician-calendar">
                <TechnicianCalendarScreen />
              </Route>
              <Route path={LIST_ROUTES.cpapPatients}>
                <CpapPatientsScreen />
              </Route>
              <Route path={LIST_ROUTES.therapyPatients}>
                <TherapyPatientsScreen />
              </Route>
              <Route path={LIST_ROUTES.sleepLab}>
                <SleepLabScreen />
              </Route>
              <Route path={LIST_ROUTES.dentalCases}>
                <DentalDashboard />
              </Route>
              <Route path={LIST_ROUTES.interpretationTemplates}>
                <TemplatesScreen />
              </Route>
              <Route path={LIST_ROUTES.sleepBillingReport}>
                <SleepBillingReportScreen />
              </Route>
              <Route path={LIST_ROUTES.coReadBilling}>
                <CoReadBillingScreen />
              </Route>
              <Route path={LIST_ROUTES.hstBilling}>
                <HstBillingScreen />
              </Route>
              <Route path={LIST_ROUTES.hstOrderBilling}>
                <HstOrderBillingScreen />
              </Route>
              <Route path="/app/hst-billing-config">
                <HstBillingConfigScreen section="prices" />
              </Route>
              <Route path="/app/athena-vitals-config">
                <HstBillingConfigScreen section="vitals" />
              </Route>
              <Route path="/app/sleep-test/:studyId">
                <SleepInterpretationScreen />
              </Route>
              <Route path={LIST_ROUTES.spirometry}>
                <SpirometryScreen />
              </Route>
              <Route path={LIST_ROUTES.sleepTests}>
                <SleepTestsScreen />
              </Route>
              <Route path={LIST_ROUTES.sleepCoRead}>
                <SleepCoReadScreen />
              </Route>
              <Route path={LIST_ROUTES.pulseOximetry}>
                <PulseOximetryScreen />
              </Route>
              <Route path={LIST_ROUTES.incomingMessages}>
                <IncomingMessagesScreen />
              </Route>
              <Route path={LIST_ROUTES.myTasks}>
                <MyTasksScreen />
              </Route>
              <Route path={LIST_ROUTES.patients}>
                <PatientsScreen />
              </Route>
              <Route path={LIST_ROUTES.ccm}>
                <CcmScreen />
              </Route>
              <Route path={LIST_ROUTES.monitor}>
                <MonitorScreen />
              </Route>
              {/* After My Tasks: '/app/myTasks/orders' is a task (shared/src/routes.ts). */}
              <Route path={LIST_ROUTES.careOrders}>
                <CareOrdersScreen />
              </Route>
              <Route path={LIST_ROUTES.alertRules}>
                <AlertRulesScreen />
              </Route>
              <Route path={LIST_ROUTES.patientTransfer}>
                <PatientTransferScreen />
              </Route>
              <Route path={LIST_ROUTES.globalReports}>
                <GlobalReportsScreen />
              </Route>
              <Route path={LIST_ROUTES.leads}>
                <ConfigTableScreen table="leads" />
              </Route>
              <Route path={LIST_ROUTES.patientConsent}>
                <PatientConsentScreen />
              </Route>
              <Route path={LIST_ROUTES.gmPatients}>
                <GmPatientsScreen />
              </Route>
              <Route path={LIST_ROUTES.latestAssignedDevices}>
                <LatestAssignedDevicesScreen />
              </Route>
              <Route path={LIST_ROUTES.sleepReturnDevices}>
                <SleepReturnsScreen />
              </Route>
              <Route path={UPLOAD_KIND_INFO.patients.route}>
                <UploadPage kind="patients" />
              </Route>
              <Route path={UPLOAD_KIND_INFO.devices.route}>
                <UploadPage kind="devices" />
              </Route>
              <Route path={LIST_ROUTES.csvUtility}>
                <CsvUtilityScreen />
              </Route>
              <Route>
                <ComingSoonPage title={title ?? pageTitle(pathname)} />
              </Route>
            </Switch>
          </Suspense>
        )}
      </div>
    </>
  );
}
