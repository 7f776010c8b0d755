import { reportMonthOn } from '../calendar.js';
import { defineList } from './define-list.js';
import { LIST_ROUTES } from './list-routes.js';
import {
  PATIENT_COLUMNS as C,
  PATIENT_FILTERS as F,
  PATIENT_CHART_LINK,
  patientListRow,
} from './patient-row.js';

/**
 * Patients (000 §2.4 'Patients Table', route {patientStatus?}/{dashboardType?}/patients; 001 §2.3 filters, §2.9
 * strip). The route's segments preselect filters (route-presets.ts).
 */
export const patientsList = defineList({
  name: 'patients',
  title: 'Patients',
  spec: '000 §2.4; 001 §2.3, §2.9',
  route: LIST_ROUTES.patients,
  page: 'Patients Table',
  row: patientListRow,
  idKey: 'patient_id',
  columns: [
    C.id,
    C.name,
    C.dob,
    C.practice,
    C.rpmStatus,
    C.ccmStatus,
    { key: 'devices', label: 'Devices' },
    { key: 'reading_days', label: 'Reading Days', sortable: true, format: 'readingDays' },
    { key: 'rpm_minutes', label: 'RPM Minutes', sortable: true, format: 'minutes' },
    { key: 'last_reading_at', label: 'Last Reading', sortable: true, format: 'datetime' },
    { key: 'open_alerts', label: 'Open Alerts', sortable: true, format: 'number' },
    C.compliance,
  ],
  defaultSort: { key: 'patient_name', order: 'asc' },
  filters: [
    F.language,
    F.device,
    F.tags,
    F.assigned,
    F.organization,
    F.practice,
    F.careCoordinator,
    F.physician,
    F.rpmStatus,
    F.ccmStatus,
    F.progress,
    F.minutes,
    F.program,
  ],
  searchPlaceholder: 'Search name or RPM ID',
  exports: ['pdf', 'csv'],
  open: PATIENT_CHART_LINK,
  routeFilters: { patientStatus: 'rpm_status', dashboardType: 'program' },
});

/** Non Compliance Patients (000 §2.4; decisions.md "Non-compliance"). */
export const nonCompliancePatientsList = defineList({
  name: 'non-compliance-patients',
  title: 'Non Compliance Patients',
  spec: '000 §2.4',
  route: LIST_ROUTES.nonCompliancePatients,
  page: 'Non Compliance Patients',
  row: patientListRow,
  idKey: 'patient_id',
  columns: [
    C.id,
    C.name,
    { key: 'phone', label: 'Phone', format: 'phone' },
    C.practice,
    C.careCoordinator,
    { key: 'devices', label: 'Devices' },
    { key: 'reading_days', label: 'Reading Days', sortable: true, format: 'readingDays' },
    { key: 'progress', label: 'Progress', sortable: true },
    { key: 'last_reading_at', label: 'Last Reading', sortable: true, format: 'datetime' },
    { key: 'days_since_reading', label: 'Days Without Reading', sortable: true, format: 'number' },
    C.compliance,
  ],
  defaultSort: { key: 'days_since_reading', order: 'desc' },
  filters: [
    F.practice,
    F.careCoordinator,
    F.device,
    F.language,
    { ...F.progress, options: F.progress.options.filter((o) => o.value !== 'met') },
    {
      key: 'silent',
      label: 'No Reading For',
      options: [
        { value: '3', label: '3 days or more' },
        { value: '7', label: '7 days or more' },
        { value: '14', label: '14 days or more' },
      ],
    },
  ],
  searchPlaceholder: 'Search name or RPM ID',
  exports: ['pdf', 'csv'],
  open: PATIENT_CHART_LINK,
});

/**
 * Monthly Report (000 §2.4 'Compliant Table'): each RPM patient's month against the targets of 001 §9 (16 reading
 * days, 20/40/60 RPM minutes, the CCM goal of the patient's type). The month is a filter (this month by default,
 * the one just ended on the 1st).
 */
export const monthlyReportList = defineList({
  name: 'monthly-report',
  title: 'Monthly Report',
  spec: '000 §2.4; 001 §2.3, §9',
  route: LIST_ROUTES.monthlyReport,
  page: 'Compliant Table',
  row: patientListRow,
  idKey: 'patient_id',
  columns: [
    C.id,
    C.name,
    C.practice,
    { key: 'month', label: 'Month', format: 'text' },
    { key: 'reading_days', label: 'Reading Days', sortable: true, format: 'readingDays' },
    { key: 'progress', label: 'Progress', sortable: true },
    { key: 'rpm_minutes', label: 'RPM Minutes', sortable: true, format: 'minutes' },
    { key: 'ccm_minutes', label: 'CCM Minutes', sortable: true, format: 'minutes' },
    { key: 'setup_date', label: 'Setup Date', sortable: true, format: 'date' },
    C.compliance,
  ],
  defaultSort: { key: 'patient_name', order: 'asc' },
  filters: [
    { key: 'month', label: 'Month', kind: 'month' },
    F.practice,
    F.organization,
    F.careCoordinator,
    F.progress,
    F.minutes,
  ],
  defaultFilters: { month: reportMonthOn },
  searchPlaceholder: 'Search name or RPM ID',
  exports: ['pdf', 'csv'],
  open: PATIENT_CHART_LINK,
});

/**
 * CCM (000 §2.4, route {filter?}/ccm): patients with a CCM status other than 30 ('not applicable'), with their CCM
 * minutes this month against the goal of their type (001 §9). The route's filter segment preselects a status.
 */
export const ccmList = defineList({
  name: 'ccm',
  title: 'CCM',
  spec: '000 §2.4; 001 §2.3, §9',
  route: LIST_ROUTES.ccm,
  page: 'CCM',
  row: patientListRow,
  idKey: 'patient_id',
  columns: [
    C.id,
    C.name,
    C.dob,
    C.practice,
    C.ccmStatus,
    C.careCoordinator,
    { key: 'ccm_minutes', label: 'CCM Minutes', sortable: true, format: 'minutes' },
    { key: 'ccm_goal_minutes', label: 'CCM Goal', format: 'minutes' },
    { key: 'care_plan', label: 'Care Plan' },
    { key: 'diagnosis_code', label: 'Diagnosis Code' },
  ],
  defaultSort: { key: 'patient_name', order: 'asc' },
  filters: [F.ccmStatus, F.practice, F.careCoordinator, F.physician, F.language],
  searchPlaceholder: 'Search name or RPM ID',
  exports: ['pdf', 'csv'],
  open: PATIENT_CHART_LINK,
  routeFilters: { filter: 'ccm_status' },
});

/**
 * Screened (000 §2.4 'Screened Table'): patients referred but not yet enrolled (RPM statuses before 'enrolled',
 * decisions.md "Screened"), newest referral first.
 */
export const screenedList = defineList({
  name: 'screened',
  title: 'Screened',
  spec: '000 §2.4',
  route: LIST_ROUTES.screened,
  page: 'Screened Table',
  row: patientListRow,
  idKey: 'patient_id',
  columns: [
    C.id,
    C.name,
    C.dob,
    { key: 'phone', label: 'Phone', format: 'phone' },
    C.practice,
    { key: 'diagnosis_code', label: 'Diagnosis Code' },
    C.rpmStatus,
    C.physician,
    { key: 'referred_at', label: 'Referred', sortable: true, format: 'date' },
  ],
  defaultSort: { key: 'referred_at', order: 'desc' },
  filters: [
    F.rpmStatus,
    F.practice,
    F.physician,
    F.language,
    { key: 'referred', label: 'Referred', dateRange: true },
  ],
  searchPlaceholder: 'Search name or RPM ID',
  exports: ['pdf', 'csv'],
  open: PATIENT_CHART_LINK,
});

/**
 * Patient Transfer (000 §2.4 'Care Coord Mapping', §2.7 Utilities): the patients in scope with their care coordinator,
 * so rows can be chosen and handed to another coordinator (transferPatients; decisions.md "Patient Transfer").
 */
export const patientTransferList = defineList({
  name: 'patient-transfer',
  title: 'Patient Transfer',
  spec: '000 §2.4, §2.7',
  route: LIST_ROUTES.patientTransfer,
  page: 'Care Coord Mapping',
  row: patientListRow,
  idKey: 'patient_id',
  columns: [C.id, C.name, C.dob, C.practice, C.careCoordinator, C.physician, C.rpmStatus, C.ccmStatus],
  defaultSort: { key: 'patient_name', order: 'asc' },
  filters: [F.careCoordinator, F.practice, F.physician, F.rpmStatus, F.ccmStatus],
  searchPlaceholder: 'Search name or RPM ID',
  exports: ['pdf', 'csv'],
  open: PATIENT_CHART_LINK,
});
