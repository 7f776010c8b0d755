import { z } from 'zod';
import { listPatient } from '../patient-identity.js';
import { defineList, type FilterOption, type ListColumn, type ListFilter } from './define-list.js';
import { LIST_ROUTES } from './list-routes.js';
import { PATIENT_FILTERS as F, PATIENT_COLUMNS as P } from './patient-row.js';

/**
 * Sleep Consults and Sleep Appointments (000 §2.4) and what the Technician Calendar shows (000 §2.2
 * /app/technician-calendar). The codes and labels are the spec's, verbatim (001 §2.4); one declaration each.
 */

/** Appointment statuses (001 §2.4), by code. Consults share them (decisions.md "Sleep consults and appointments"). */
export const SLEEP_VISIT_STATUS = {
  2: 'Scheduled',
  3: 'Completed',
  4: 'No Show',
  6: 'Connectivity Issue',
} as const;
export type SleepVisitStatusCode = 2 | 3 | 4 | 6;
export const SLEEP_VISIT_SCHEDULED = 2;

/** Consult types (001 §2.4), by code. */
export const SLEEP_CONSULT_TYPE = {
  1: 'Evaluation',
  2: 'Impression',
  3: 'Evaluation & Impression',
  4: 'Insertion',
  5: 'Follow up',
} as const;
export type SleepConsultTypeCode = 1 | 2 | 3 | 4 | 5;

/** Where a visit's status may go: only a scheduled one is closed, once (enforced by the server). */
export const SLEEP_VISIT_NEXT: Readonly<Record<SleepVisitStatusCode, readonly SleepVisitStatusCode[]>> = {
  2: [3, 4, 6],
  3: [],
  4: [],
  6: [],
};

/** Default calendar event colour (001 §9); the other statuses' colours are ours (decisions.md "Calendar colours"). */
export const CALENDAR_DEFAULT_COLOR = '#EC407A';
export const SLEEP_VISIT_COLOR: Readonly<Record<SleepVisitStatusCode, string>> = {
  2: CALENDAR_DEFAULT_COLOR,
  3: '#238551',
  4: '#8F99A8',
  6: '#C87619',
};

/** Limits of a visit (bff/src/db/migrations/0024_sleep_schedule.sql). */
export const SLEEP_VISIT_DURATION_MIN = 5;
export const SLEEP_VISIT_DURATION_MAX = 480;
export const SLEEP_VISIT_NOTES_MAX = 1000;
/** The longest span the calendar's range call answers (a month view shows at most six weeks). */
export const CALENDAR_RANGE_MAX_DAYS = 62;

const codeOptions = (labels: Readonly<Record<number, string>>): FilterOption[] =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));
const STATUS_LABELS = Object.values(SLEEP_VISIT_STATUS) as [string, ...string[]];

/** The columns both visit rows have. */
const visitRow = z.object({
  patient_id: z.number().int(),
  patient_name: z.string(),
  patient: listPatient,
  dob: z.string(),
  practice_name: z.string(),
  status: z.enum(STATUS_LABELS),
  status_code: z.number().int(),
  scheduled_at: z.string(),
  duration_minutes: z.number().int(),
  notes: z.string(),
});

export const sleepConsultRow = visitRow.extend({
  consult_id: z.number().int(),
  physician_id: z.number().int(),
  physician: z.string(),
  consult_type: z.enum(Object.values(SLEEP_CONSULT_TYPE) as [string, ...string[]]),
  consult_type_code: z.number().int(),
});
export type SleepConsultRow = z.infer<typeof sleepConsultRow>;

export const sleepAppointmentRow = visitRow.extend({
  appointment_id: z.number().int(),
  technician_id: z.number().int(),
  technician: z.string(),
});
export type SleepAppointmentRow = z.infer<typeof sleepAppointmentRow>;

type VisitKey = keyof z.infer<typeof visitRow> & string;
const VC = {
  scheduled: { key: 'scheduled_at', label: 'Date & Time', sortable: true, format: 'datetime' },
  duration: { key: 'duration_minutes', label: 'Duration', sortable: true, format: 'minutes' },
  status: { key: 'status', label: 'Status', sortable: true, rank: STATUS_LABELS },
  notes: { key: 'notes', label: 'Notes' },
} as const satisfies Record<string, ListColumn<VisitKey>>;

const VF = {
  status: { key: 'visit_status', label: 'Status', multi: true, options: codeOptions(SLEEP_VISIT_STATUS) },
  // Schedule views may pick future dates (001 §5).
  scheduled: { key: 'scheduled', label: 'Date', dateRange: true, future: true },
} as const satisfies Record<string, ListFilter>;

const common = {
  spec: '000 §2.4; 001 §2.4; issue 15',
  defaultSort: { key: 'scheduled_at', order: 'asc' },
  // Open visits first (decisions.md "Sleep consults and appointments").
  defaultFilters: { visit_status: String(SLEEP_VISIT_SCHEDULED) },
  searchPlaceholder: 'Search patient name or RPM ID',
  exports: ['pdf', 'csv'],
} as const;

/** Sleep Consults (000 §2.4 'sleep-consults'). */
export const sleepConsultsList = defineList({
  ...common,
  name: 'sleep-consults',
  title: 'Sleep Consults',
  route: LIST_ROUTES.sleepConsults,
  page: 'Sleep Consults',
  row: sleepConsultRow,
  idKey: 'consult_id',
  columns: [
    { key: 'consult_id', label: 'Consult ID', sortable: true },
    P.name,
    P.dob,
    P.practice,
    { key: 'consult_type', label: 'Consult Type', sortable: true, rank: Object.values(SLEEP_CONSULT_TYPE) },
    { key: 'physician', label: 'Physician', sortable: true },
    VC.scheduled,
    VC.duration,
    VC.status,
    VC.notes,
  ],
  filters: [
    VF.status,
    { key: 'consult_type', label: 'Consult Type', multi: true, options: codeOptions(SLEEP_CONSULT_TYPE) },
    F.practice,
    F.physician,
    VF.scheduled,
  ],
});

/** Sleep Appointments (000 §2.4 'sleep-appointments'); the Technician Calendar shows the same appointments. */
export const sleepAppointmentsList = defineList({
  ...common,
  name: 'sleep-appointments',
  title: 'Sleep Appointments',
  route: LIST_ROUTES.sleepAppointments,
  page: 'Sleep Appointments',
  row: sleepAppointmentRow,
  idKey: 'appointment_id',
  columns: [
    { key: 'appointment_id', label: 'Appointment ID', sortable: true },
    P.name,
    P.dob,
    P.practice,
    { key: 'technician', label: 'Technician', sortable: true },
    VC.scheduled,
    VC.duration,
    VC.status,
    VC.notes,
  ],
  filters: [
    VF.status,
    F.practice,
    { key: 'technician', label: 'Technician', multi: true, search: true },
    VF.scheduled,
  ],
});
