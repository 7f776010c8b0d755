import { Button } from '@blueprintjs/core';
import {
  alertRulesList,
  auditList,
  careOrdersList,
  ccmList,
  globalReportsList,
  gmPatientsList,
  incomingMessagesList,
  latestAssignedDevicesList,
  mayEditPatients,
  monthlyReportList,
  nonCompliancePatientsList,
  patientConsentList,
  patientsList,
  screenedList,
} from '@rpm/shared';
import { useLocation } from 'wouter';
import { ListScreen } from '../list/ListScreen';
import { useSession } from '../session/SessionProvider';

/** The patients list's action and where it goes (decisions.md "Patient registration"). */
const ADD_PATIENT = 'Add Patient';
const REGISTER_PATH = '/app/patient-chart/overview/new';

// The plain lists of 000 §2.4: a definition each, nothing more (architecture.md "Lists").

/** Patients (000 §2.4 'Patients Table'; 001 §2.3, §2.9). */
export function PatientsScreen() {
  const { user } = useSession();
  const [, navigate] = useLocation();
  // 'Add Patient' opens registration (issue 38 §1) for the roles that register patients.
  const add =
    user && mayEditPatients(user.roleid)
      ? () => <Button icon="add" text={ADD_PATIENT} onClick={() => navigate(REGISTER_PATH)} />
      : undefined;
  return <ListScreen def={patientsList} {...(add ? { toolbarActions: add } : {})} />;
}

/** Non Compliance Patients (000 §2.4). */
export function NonCompliancePatientsScreen() {
  return <ListScreen def={nonCompliancePatientsList} />;
}

/** Monthly Report (000 §2.4 'Compliant Table'; 001 §9). */
export function MonthlyReportScreen() {
  return <ListScreen def={monthlyReportList} />;
}

/** CCM (000 §2.4). */
export function CcmScreen() {
  return <ListScreen def={ccmList} />;
}

/** Screened (000 §2.4 'Screened Table'). */
export function ScreenedScreen() {
  return <ListScreen def={screenedList} />;
}

/** Audit Report (issue 11 "Add", ONC 170.315(d)(2)/(3); role 1 only). */
export function AuditReportScreen() {
  return <ListScreen def={auditList} />;
}

/** Incoming Messages (000 §2.4 'Billing Utility' incoming-messages; issue 13). */
export function IncomingMessagesScreen() {
  return <ListScreen def={incomingMessagesList} />;
}

/** Care Orders (000 §2.4 '{product} Care Orders'; decisions.md "Care Orders"): the devices ordered, open ones first. */
export function CareOrdersScreen() {
  return <ListScreen def={careOrdersList} />;
}

/** Alert Rules, the utility (000 §2.7 Utilities; decisions.md "Alert Rules utility"): every patient's rules in scope. */
export function AlertRulesScreen() {
  return <ListScreen def={alertRulesList} />;
}

/** Global Reports (000 §2.2, §2.7 Main; decisions.md "Global Reports"): each practice's month against its targets. */
export function GlobalReportsScreen() {
  return <ListScreen def={globalReportsList} />;
}

/** Patient Consent (000 §2.4 Billing Utility; decisions.md "Patient Consent"): consents and authorisations on file. */
export function PatientConsentScreen() {
  return <ListScreen def={patientConsentList} />;
}

/** GM Patients (000 §2.4 gm-utility; decisions.md "GM Patients"): the patients of the group's practices. */
export function GmPatientsScreen() {
  return <ListScreen def={gmPatientsList} />;
}

/** Latest Assigned Devices (000 §2.4 Billing Utility; decisions.md "Latest Assigned Devices"): newest first. */
export function LatestAssignedDevicesScreen() {
  return <ListScreen def={latestAssignedDevicesList} />;
}
