import { Callout, Intent, NonIdealState, Spinner, Tab, Tabs } from '@blueprintjs/core';
import {
  addCheckInEntry,
  checkPageAccess,
  getPatientDetailById,
  lowestRoleId,
  MSG,
  type PatientDemographics,
} from '@rpm/shared';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { ApiError, isAnswered } from '../api/api-error';
import { useApi } from '../errors/ErrorDialogProvider';
import { RecordStatusBanner } from '../patient/RecordStatus';
import { useSession } from '../session/SessionProvider';
import { recordChartOpened } from '../shell/menu/recent-charts';
import { ActivityLogsTab } from './ActivityLogsTab';
import { AlertRulesTab } from './AlertRulesTab';
import { AlertsTab } from './AlertsTab';
import { AuthorizationHistory } from './AuthorizationHistory';
import { CarePlanTab } from './CarePlanTab';
import { ClinicalTab } from './ClinicalTab';
import { ComplianceInfoTab } from './ComplianceInfoTab';
import {
  CHART_TABS,
  type ChartLocation,
  chartTabPath,
  EXTRA_ROUTES,
  isAuthorizationHistory,
  parseChartPath,
} from './chart-tabs';
import { DemographicsTab } from './DemographicsTab';
import { DevicesTab } from './DevicesTab';
import { DocumentsTab } from './DocumentsTab';
import { GoalsTab } from './GoalsTab';
import { MessagesTab } from './MessagesTab';
import { NotesTab } from './NotesTab';
import { OrdersTab } from './OrdersTab';
import { OverviewTab } from './OverviewTab';
import { PatientBanner } from './PatientBanner';
import { ReadingsTab } from './ReadingsTab';
import { ReminderTab } from './ReminderTab';
import { ReportsTab } from './ReportsTab';
import { SubOrdersTab } from './SubOrdersTab';
import { TasksTab } from './TasksTab';
import { TipsTab } from './TipsTab';
import './chart.css';

/** Lowest roles that record a check-in when they open a chart (000 §4.6, §6.2). */
const CHECK_IN_ROLES = [6, 8, 13];

/** The blocked view's text (000 §2.3: a user outside the patient's organisation/practice). */
export const CHART_ACCESS_DENIED = 'You do not have access to this patient.';
/** decisions.md "Chart without a patient". */
const CHART_NO_PATIENT = 'Open a patient from a patient list, a notification or a link to see the chart.';

/** The chart's access check failed for another reason than 403 (the error dialog says why). */
const CHART_FAILED = 'The chart could not be opened.';

type Access = 'checking' | 'allowed' | 'denied' | 'failed';

/**
 * The patient chart (000 §2.3): the patient from the route, the page-access check (403 → the blocked view), the
 * check-in of lowest roles 6, 8 and 13, the patient banner with the care timer (decisions.md "Patient banner") and the
 * 19 tabs, each linking to its route.
 */
export function PatientChartPage() {
  const [pathname, navigate] = useLocation();
  const place = parseChartPath(pathname);
  const patientId = place?.patientId ?? null;
  const { call, showError } = useApi();
  const { user } = useSession();
  const [access, setAccess] = useState<Access>('checking');
  const [patient, setPatient] = useState<PatientDemographics | null>(null);
  // Bumped when care time is logged: the banner's month and the Activity Logs read again.
  const [loggedVersion, setLoggedVersion] = useState(0);
  const lowest = user ? lowestRoleId(user.roleid) : undefined;
  const userId = user?.user_id;

  useEffect(() => {
    if (patientId === null) return;
    let live = true;
    setAccess('checking');
    setPatient(null);
    (async () => {
      try {
        await call(checkPageAccess, { query: { patient_id: patientId } }, { quiet: true });
      } catch (error) {
        if (!live) return;
        const denied = isAnswered(error) && error.status === 403;
        setAccess(denied ? 'denied' : 'failed');
        if (!denied && error instanceof ApiError) void showError(error);
        return;
      }
      if (!live) return;
      setAccess('allowed');
      // A chart the user may open is one the header search offers again (decisions.md "Patient search").
      if (userId !== undefined) recordChartOpened(userId, patientId);
      if (lowest !== undefined && CHECK_IN_ROLES.includes(lowest)) {
        // 000 §4.6: opening the chart checks these roles in; a failure is shown but does not close the chart.
        call(addCheckInEntry, { body: { patient_id: patientId } }).catch(() => undefined);
      }
      try {
        const answer = await call(getPatientDetailById, {
          body: { patient_id: patientId, type: 'demographics' },
        });
        if (live) setPatient(answer.data);
      } catch {
        // The error dialog has shown it.
      }
    })();
    return () => {
      live = false;
    };
  }, [call, showError, patientId, lowest, userId]);

  /** Reads the record again after a merge or (de)activation changed it. */
  const reloadPatient = () => {
    if (patientId === null) return;
    call(getPatientDetailById, { body: { patient_id: patientId, type: 'demographics' } })
      .then((answer) => setPatient(answer.data))
      .catch(() => undefined); // the error dialog has shown it
  };

  if (!place) return null;
  // decisions.md "Authorization history": without a patient, every patient the user may see.
  if (patientId === null && isAuthorizationHistory(place)) return <AuthorizationHistory patientId={null} />;
  if (patientId === null) {
    return <NonIdealState icon="person" title="Patient Chart" description={CHART_NO_PATIENT} />;
  }
  if (access === 'checking') return <Spinner aria-label={MSG.loading} />;
  if (access === 'denied') {
    return <NonIdealState icon="lock" title="Patient Chart" description={CHART_ACCESS_DENIED} />;
  }
  if (access === 'failed') {
    return <Callout intent={Intent.DANGER}>{CHART_FAILED}</Callout>;
  }

  return (
    <div className="chart">
      <PatientBanner
        patientId={patientId}
        patient={patient}
        version={loggedVersion}
        onLogged={() => setLoggedVersion((v) => v + 1)}
      />
      {patient && <RecordStatusBanner patient={patient} onChanged={reloadPatient} />}
      <Tabs
        id="patient-chart-tabs"
        className="chart-tabs"
        selectedTabId={place.tabId ?? undefined}
        onChange={(id) => {
          const tab = CHART_TABS.find((t) => t.id === id);
          if (tab) navigate(chartTabPath(tab, patientId));
        }}
      >
        {CHART_TABS.map((tab) => (
          <Tab key={tab.id} id={tab.id} title={tab.label} />
        ))}
      </Tabs>
      {/* The tabs' panel: Blueprint's tab titles point at this id (aria-controls) though the panel is drawn here. */}
      <section
        className="chart-panel"
        aria-label={place.label}
        id={place.tabId === null ? undefined : `bp6-tab-panel_patient-chart-tabs_${place.tabId}`}
      >
        <ChartSection
          place={place}
          patientId={patientId}
          patient={patient}
          onPatientSaved={setPatient}
          onPatientChanged={reloadPatient}
          loggedVersion={loggedVersion}
        />
      </section>
    </div>
  );
}

interface ChartSectionProps {
  readonly place: ChartLocation;
  readonly patientId: number;
  readonly patient: PatientDemographics | null;
  readonly onPatientSaved: (patient: PatientDemographics) => void;
  readonly onPatientChanged: () => void;
  readonly loggedVersion: number;
}

/** The panel of the selected tab. */
function ChartSection({
  place,
  patientId,
  patient,
  onPatientSaved,
  onPatientChanged,
  loggedVersion,
}: ChartSectionProps) {
  if (place.tabId === null && place.label === EXTRA_ROUTES.tips) return <TipsTab patientId={patientId} />;
  if (isAuthorizationHistory(place)) return <AuthorizationHistory patientId={patientId} />;
  switch (place.tabId) {
    case 'overview':
      return <OverviewTab patientId={patientId} enrolment={place.rest[0] === 'new'} />;
    case 'demographics':
      return <DemographicsTab patient={patient} onSaved={onPatientSaved} onChanged={onPatientChanged} />;
    case 'devices':
      return <DevicesTab patientId={patientId} />;
    case 'alerts':
      return <AlertsTab patientId={patientId} />;
    case 'activity-logs':
      return <ActivityLogsTab patientId={patientId} version={loggedVersion} />;
    case 'notes':
      return <NotesTab patientId={patientId} adding={place.rest[0] === 'add'} />;
    case 'tasks':
      return <TasksTab patientId={patientId} />;
    case 'readings':
      return <ReadingsTab patientId={patientId} />;
    case 'alert-rules':
      return <AlertRulesTab patientId={patientId} deviceType={place.deviceType} />;
    case 'reports':
      return <ReportsTab patientId={patientId} />;
    case 'compliance-info':
      return <ComplianceInfoTab patientId={patientId} />;
    case 'clinical':
      return <ClinicalTab patientId={patientId} />;
    case 'documents':
      return <DocumentsTab patientId={patientId} />;
    case 'orders':
      return <OrdersTab patientId={patientId} />;
    case 'sub-orders':
      return <SubOrdersTab patientId={patientId} />;
    case 'care-plan':
      return <CarePlanTab patientId={patientId} />;
    case 'goals':
      return <GoalsTab patientId={patientId} />;
    case 'messages':
      return <MessagesTab patientId={patientId} firstName={patient?.firstname ?? ''} />;
    case 'reminder':
      return <ReminderTab patientId={patientId} creating={place.rest[0] === 'new'} />;
    default:
      // Every tab and extra route of 000 §2.3 has its panel above.
      return null;
  }
}
