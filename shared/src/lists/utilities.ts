import { z } from 'zod';
import { listPatient } from '../patient-identity.js';
import { defineList } from './define-list.js';
import { DEVICE_TYPE_FILTER } from './devices.js';
import { LIST_ROUTES } from './list-routes.js';
import { PATIENT_COLUMNS as C, PATIENT_FILTERS as F, PATIENT_CHART_LINK } from './patient-row.js';
import { SLEEP_STUDY_KIND_LABELS } from './sleep.js';

/**
 * Three lists of the Utilities menu the spec names only by route and access entry (000 §2.4 'GM Patients' gm-utility;
 * 'Billing Utility' latest-assigned-devices, sleep-return-devices; §2.7 Utilities): what each holds is ours
 * (decisions.md "GM Patients", "Latest Assigned Devices", "Sleep Return Devices"). Each row names its patient with
 * the date of birth and MRN beside the name (shared/src/patient-identity.ts).
 */

/** The patient's identity fields beside the name, as every row here carries them. */
const identity = {
  patient_id: z.number().int(),
  patient_name: z.string(),
  /** YYYY-MM-DD. */
  dob: z.string(),
  mrn: z.string().nullable(),
  /** The patient as the 'Patient Name' column draws it (format 'patient'). */
  patient: listPatient,
};
const MRN_COLUMN = { key: 'mrn', label: 'MRN', sortable: true } as const;

/** One patient of a group practice (table `patients` with its organisation, practice and location). */
export const gmPatientRow = z.object({
  ...identity,
  /** The group: the organisation whose practices the patient belongs to. */
  organization_name: z.string(),
  practice_name: z.string(),
  location_name: z.string(),
  phone: z.string().nullable(),
  physician: z.string().nullable(),
  care_coordinator: z.string().nullable(),
  /** The programs the patient is in, e.g. 'RPM, CCM' (the Program filter's rule). */
  programs: z.string(),
  rpm_status: z.string(),
  /** Devices with the patient now. */
  devices: z.number().int(),
  last_reading_at: z.string().nullable(),
});
export type GmPatientRow = z.infer<typeof gmPatientRow>;

/**
 * GM Patients (000 §2.4 'GM Patients', /app/gm-utility): 'GM' read as group-managed, the patients of a group
 * practice, i.e. of the practices of an organisation, grouped by practice and organisation, with what a coordinator
 * needs to reach and place each (decisions.md "GM Patients"). A row opens the chart.
 */
export const gmPatientsList = defineList({
  name: 'gm-patients',
  title: 'GM Patients',
  spec: '000 §2.4 GM Patients, §2.7 Utilities',
  route: LIST_ROUTES.gmPatients,
  page: 'GM Patients',
  row: gmPatientRow,
  idKey: 'patient_id',
  columns: [
    { key: 'organization_name', label: 'Organization', sortable: true },
    { ...C.practice, thenBy: { key: 'patient_name', order: 'asc' } },
    { key: 'location_name', label: 'Location', sortable: true },
    C.name,
    C.dob,
    MRN_COLUMN,
    { key: 'phone', label: 'Phone', format: 'phone' },
    C.physician,
    C.careCoordinator,
    { key: 'programs', label: 'Programs' },
    C.rpmStatus,
    { key: 'devices', label: 'Devices', sortable: true, format: 'number' },
    { key: 'last_reading_at', label: 'Last Reading', sortable: true, format: 'datetime' },
  ],
  defaultSort: { key: 'practice_name', order: 'asc' },
  filters: [
    F.organization,
    F.practice,
    F.careCoordinator,
    F.physician,
    F.rpmStatus,
    { ...F.program, multi: true },
  ],
  searchPlaceholder: 'Search name, MRN or RPM ID',
  exports: ['pdf', 'csv'],
  open: PATIENT_CHART_LINK,
});

/** Whether an assigned device has sent a reading yet (values of the First Reading filter). */
export const FIRST_READING_OPTIONS = [
  { value: 'received', label: 'Received' },
  { value: 'none', label: 'None yet' },
] as const;

/** One device assignment with its device, patient, who handed it out and its first reading. */
export const latestAssignedDeviceRow = z.object({
  device_assign_id: z.number().int(),
  inventory_id: z.number().int(),
  device_name: z.string(),
  imei: z.string(),
  device_type: z.string(),
  ...identity,
  practice_name: z.string(),
  assigned_at: z.string(),
  /** Who handed the device out; null for assignments recorded before it was kept (migration 0037). */
  assigned_by: z.string().nullable(),
  first_reading_at: z.string().nullable(),
  /** Whole days since the assignment while the device, still with the patient, has sent nothing; else null. */
  days_without_reading: z.number().int().nullable(),
  returned_at: z.string().nullable(),
});
export type LatestAssignedDeviceRow = z.infer<typeof latestAssignedDeviceRow>;

/** Where an assignment opens: the chart's Devices tab, where it is returned or its rules set (000 §2.3). */
const DEVICES_TAB_LINK = '/app/patient-chart/devices/{patient_id}';

/**
 * Latest Assigned Devices (000 §2.4 'Billing Utility' latest-assigned-devices): every device assignment of the
 * patients in scope, newest first, with whether the device has sent its first reading, so a set-up that is not
 * transmitting (no 99453/99454 without readings, 001 §9) is seen in its first days.
 * decisions.md "Latest Assigned Devices".
 */
export const latestAssignedDevicesList = defineList({
  name: 'latest-assigned-devices',
  title: 'Latest Assigned Devices',
  spec: '000 §2.4 Billing Utility, §2.7 Utilities',
  route: LIST_ROUTES.latestAssignedDevices,
  page: 'Billing Utility',
  row: latestAssignedDeviceRow,
  idKey: 'device_assign_id',
  columns: [
    { key: 'assigned_at', label: 'Assigned At', sortable: true, format: 'datetime' },
    { key: 'device_name', label: 'Device', sortable: true },
    { key: 'imei', label: 'IMEI', sortable: true },
    { key: 'device_type', label: 'Device Type', sortable: true },
    { ...C.name, link: DEVICES_TAB_LINK },
    C.dob,
    MRN_COLUMN,
    C.practice,
    { key: 'assigned_by', label: 'Assigned By', sortable: true },
    { key: 'first_reading_at', label: 'First Reading', sortable: true, format: 'datetime' },
    { key: 'days_without_reading', label: 'Days Without Reading', sortable: true, format: 'number' },
    { key: 'returned_at', label: 'Returned', sortable: true, format: 'datetime' },
  ],
  defaultSort: { key: 'assigned_at', order: 'desc' },
  filters: [
    DEVICE_TYPE_FILTER,
    F.practice,
    { key: 'issued', label: 'Assigned Date', dateRange: true },
    { key: 'first_reading', label: 'First Reading', options: FIRST_READING_OPTIONS },
    {
      key: 'returned',
      label: 'With Patient',
      options: [
        { value: 'open', label: 'With patient' },
        { value: 'returned', label: 'Returned' },
      ],
    },
  ],
  searchPlaceholder: 'Search patient name, RPM ID or IMEI',
  exports: ['pdf', 'csv'],
  open: DEVICES_TAB_LINK,
});

/**
 * Days a home study's device may stay out: it goes home with the order and comes back within a week (up to three
 * nights of recording and the trip back); the day after that it is overdue (decisions.md "Sleep Return Devices").
 */
export const SLEEP_DEVICE_RETURN_DAYS = 7;

/** The kinds of study whose device goes home with the patient (an in-lab PSG and office spirometry keep theirs). */
export const HOME_STUDY_KINDS = ['hst', 'oximetry'] as const;

/** Where a home study's device is, by code, with the label the row shows; urgency order (the column's rank). */
export const RETURN_STATES = { overdue: 'Overdue', out: 'Out', returned: 'Returned' } as const;

/** One home study's device: when it went out, when it is due back, and its return. */
export const sleepReturnDeviceRow = z.object({
  study_id: z.number().int(),
  ...identity,
  practice_name: z.string(),
  /** The kind's label (SLEEP_STUDY_KIND_LABELS). */
  kind: z.string(),
  device: z.string().nullable(),
  /** When the study was ordered and its device went out. */
  ordered_at: z.string(),
  /** YYYY-MM-DD: {@link SLEEP_DEVICE_RETURN_DAYS} after the order. */
  due_on: z.string(),
  /** RETURN_STATES' label. */
  return_state: z.string(),
  /** Whole days past the due day, until the return or today; null when not late. */
  days_overdue: z.number().int().nullable(),
  returned_at: z.string().nullable(),
  /** Who recorded the return. */
  returned_by: z.string().nullable(),
});
export type SleepReturnDeviceRow = z.infer<typeof sleepReturnDeviceRow>;

/**
 * Sleep Return Devices (000 §2.4 'Billing Utility' sleep-return-devices): the devices of home sleep studies (HST,
 * overnight oximetry) out with patients and due back, the overdue ones first, and their returns; a device still out
 * is marked returned from its row (returnSleepDevice). decisions.md "Sleep Return Devices".
 */
export const sleepReturnDevicesList = defineList({
  name: 'sleep-return-devices',
  title: 'Sleep Return Devices',
  spec: '000 §2.4 Billing Utility, §2.7 Utilities',
  route: LIST_ROUTES.sleepReturnDevices,
  page: 'Billing Utility',
  row: sleepReturnDeviceRow,
  idKey: 'study_id',
  columns: [
    { key: 'study_id', label: 'Test ID', sortable: true },
    C.name,
    C.dob,
    MRN_COLUMN,
    C.practice,
    { key: 'kind', label: 'Test Type', sortable: true },
    { key: 'device', label: 'Device', sortable: true },
    { key: 'ordered_at', label: 'Out Since', sortable: true, format: 'date' },
    { key: 'due_on', label: 'Due Back', sortable: true, format: 'date' },
    { key: 'return_state', label: 'Status', sortable: true, rank: Object.values(RETURN_STATES) },
    { key: 'days_overdue', label: 'Days Overdue', sortable: true, format: 'number' },
    { key: 'returned_at', label: 'Returned', sortable: true, format: 'datetime' },
    { key: 'returned_by', label: 'Received By', sortable: true },
  ],
  defaultSort: { key: 'due_on', order: 'asc' },
  filters: [
    {
      key: 'return_state',
      label: 'Status',
      multi: true,
      options: Object.entries(RETURN_STATES).map(([value, label]) => ({ value, label })),
    },
    {
      key: 'kind',
      label: 'Test Type',
      multi: true,
      options: HOME_STUDY_KINDS.map((kind) => ({ value: kind, label: SLEEP_STUDY_KIND_LABELS[kind] })),
    },
    F.practice,
    { key: 'due_back', label: 'Due Back', dateRange: true, future: true },
  ],
  defaultFilters: { return_state: 'overdue,out' },
  searchPlaceholder: 'Search patient name, RPM ID or test ID',
  exports: ['pdf', 'csv'],
  open: PATIENT_CHART_LINK,
});
