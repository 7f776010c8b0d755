import { z } from 'zod';
import {
  COMPLIANCE_STRIP_MONTHS,
  COMPLIANCE_STRIP_MONTHS_BACK,
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
} from '../constants.js';
import { MSG } from '../messages.js';
import { defineCall } from './contract.js';
import { listEnvelope, pageEnvelope } from './envelope.js';
import { recordId, recordIdParam } from './ids.js';
import { chartDayField, chartText } from './rules.js';

/**
 * The patient chart's own calls (000 §2.3; 001 §2.3, §2.9, §4 status changes and compliance strip, §7 "Patient
 * and session"), and the calls of its Overview, Devices, Readings, Alerts, Activity Logs, Notes and Tasks tabs,
 * which the spec does not show (001 §7: "The calls that perform the RPM, CCM and BHI status updates ... are not
 * shown"): ours, documented here. Every patient call needs 'Patient Chart' and access to the patient (403
 * outside the user's practices, 404 for an unknown patient). Days are ISO 'YYYY-MM-DD' (UTC), times ISO 8601.
 */

const CHART = { page: 'Patient Chart' } as const;
const ok = z.object({ status: z.number().int(), message: z.string() });
const patientQuery = z.object({ patient_id: recordIdParam });

/** Paging of the chart's lists, as the list toolbar sends it (001 §2.4, §9). */
const paging = {
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  rowsPerPage: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'rowsPerPage must be 10, 25, 50 or 100')
    .default(DEFAULT_PAGE_SIZE),
};

// ── Patient and session (001 §7) ─────────────────────────────────────────────────────────────────────────

/** The demographics of POST rpm/patients/getdetailbyid (001 §3 "Patient demographics" and more). */
export const patientDemographics = z.object({
  patient_id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  /** Location, organisation, practice and physician ids, as the spec names them. */
  loc_id: z.number().int(),
  org_id: z.number().int(),
  prac_id: z.number().int(),
  phy_id: z.number().int().nullable(),
  dob: z.string(),
  gender: z.enum(['M', 'F', 'O', 'U']),
  mobile: z.string().nullable(),
  phone: z.string().nullable(),
  language_id: z.number().int(),
  language: z.string(),
  diagnosis_code: z.string().nullable(),
  health_med_id: z.string().nullable(),
  auth_number: z.string().nullable(),
  setup_date: z.string().nullable(),
  physician_name: z.string().nullable(),
  care_coordinator_id: z.number().int().nullable(),
  care_coordinator_name: z.string().nullable(),
  organization_name: z.string(),
  practice_name: z.string(),
  location_name: z.string(),
});
export type PatientDemographics = z.infer<typeof patientDemographics>;

export const getPatientDetailById = defineCall({
  method: 'POST',
  path: 'rpm/patients/getdetailbyid',
  spec: '001 §3 (Patient demographics), §7 Patient and session',
  summary: "The patient's demographics for the chart header and the Demographics tab (type 'demographics')",
  access: CHART,
  body: z.object({ patient_id: recordId, type: z.literal('demographics') }),
  response: z.object({ status: z.number().int(), data: patientDemographics }),
});

export const checkPageAccess = defineCall({
  method: 'GET',
  path: 'rpm/auth/checkPageAccess',
  spec: '000 §2.3; 001 §2.2, §6 (organizations header), §7 Patient and session',
  summary:
    'Status 1 when the user may open the patient chart; 403 outside their practices (the chart shows its blocked view). The organizations header of roles 9, 15, 16 and 17 is accepted but not trusted: the server checks the session',
  access: CHART,
  query: z.object({ patient_id: recordIdParam }),
  headers: z.object({ organizations: z.string().max(2000).optional() }),
  response: z.object({ status: z.literal(1), message: z.string() }),
});

export const getOrgsForUser = defineCall({
  method: 'GET',
  path: 'rpm/users/getOrgsForUser',
  spec: '001 §6 (roles 9, 15, 16, 17 fetch their organizations), §7 Patient and session',
  summary:
    "The organisations the signed-in user belongs to (every one for role 1); role must be one of the user's",
  access: 'session',
  query: z.object({ role: recordIdParam }),
  response: z.object({
    status: z.number().int(),
    data: z.array(z.object({ organization_id: z.number().int(), organization_name: z.string() })),
  }),
});

// ── Statuses (001 §2.3, §4) ──────────────────────────────────────────────────────────────────────────────

/** The three status selectors of the dashboard card (001 §2.3). */
export type StatusProgram = 'RPM' | 'CCM' | 'BHI';

/** The dialog a status change opens first (001 §4). */
export type StatusDialog = 'enrollment' | 'rejected' | 'reject' | 'discharge';

/** RPM details show from this status (001 §2.3). */
export const RPM_DETAILS_FROM_STATUS = 4;
/** CCM progress shows from this status (001 §2.3). */
export const CCM_PROGRESS_FROM_STATUS = 2;
/** This CCM status (or none) hides the CCM tab (001 §2.3). */
export const CCM_TAB_HIDDEN_STATUS = 30;
/** RPM status 9 carries the reject reason and comment shown on hover (001 §2.3). */
export const RPM_REJECTED_STATUS = 9;

/**
 * The dialog a change from `from` to `to` opens (001 §4): RPM 1 (when it was not 1) enrollment details, RPM 9
 * (when it was not 9) the rejected dialog, RPM 13 the reject dialog (always), CCM 4 the discharge dialog; every
 * other change (and every BHI change) updates directly.
 */
export function statusDialog(program: StatusProgram, from: number | null, to: number): StatusDialog | null {
  if (program === 'RPM') {
    if (to === 1 && from !== 1) return 'enrollment';
    if (to === RPM_REJECTED_STATUS && from !== RPM_REJECTED_STATUS) return 'rejected';
    if (to === 13) return 'reject';
  }
  if (program === 'CCM' && to === 4) return 'discharge';
  return null;
}

/**
 * How a status appears in its selector (001 §4): status 6 is never offered (RPM and CCM); CCM 2 is shown but
 * disabled (we keep CCM enrolment to the care-plan work that sets it). Every other listed status is offered.
 */
export function statusAvailability(
  program: StatusProgram,
  status: number,
): 'offered' | 'disabled' | 'hidden' {
  if ((program === 'RPM' || program === 'CCM') && status === 6) return 'hidden';
  if (program === 'CCM' && status === 2) return 'disabled';
  return 'offered';
}

/** Whether the card shows RPM details (status 4 or higher, 001 §2.3). */
export const showsRpmDetails = (status: number | null): boolean =>
  status !== null && status >= RPM_DETAILS_FROM_STATUS;
/** Whether the card shows CCM progress (status 2 or higher, 001 §2.3). */
export const showsCcmProgress = (status: number | null): boolean =>
  status !== null && status >= CCM_PROGRESS_FROM_STATUS;
/** Whether the CCM tab shows: hidden at status 30 or none (001 §2.3). */
export const showsCcmTab = (status: number | null): boolean =>
  status !== null && status !== CCM_TAB_HIDDEN_STATUS;
/** Whether the BHI tab shows: only with a health-med id (001 §2.3). */
export const showsBhiTab = (healthMedId: string | null | undefined): boolean =>
  typeof healthMedId === 'string' && healthMedId.trim() !== '';

/** The hover text of RPM status 9 (001 §2.3): 'Not Available' without a reason, '-' without a comment. */
export function rejectHover(
  reason: string | null,
  comment: string | null,
): { reason: string; comment: string } {
  return {
    reason: reason?.trim() ? reason : MSG.rejectReasonEmpty,
    comment: comment?.trim() ? comment : MSG.rejectCommentEmpty,
  };
}

/** One entry of a status list (kept in the patient_status_options table). */
export const statusOption = z.object({
  status_id: z.number().int(),
  label: z.string(),
  /** Not offered in the selector (001 §4: status 6); the label still names a patient's current status. */
  hidden: z.boolean(),
  /** Shown but not selectable (001 §4: CCM 2). */
  disabled: z.boolean(),
  description: z.string(),
});
export type StatusOption = z.infer<typeof statusOption>;

export const getPatientStatuses = defineCall({
  method: 'GET',
  path: 'rpm/dashboard/getPatientStatuses',
  spec: '001 §2.3, §3 (Patient dashboard), §4 status changes',
  summary:
    "The patient's RPM, CCM and BHI statuses with the three status lists (from the database), the RPM reject reason and comment, set-up date, CCM enrolment and type",
  access: CHART,
  query: patientQuery,
  response: z.object({
    status: z.number().int(),
    data: z.object({
      patientCurStatus: z.number().int(),
      patientCurCCMStatus: z.number().int().nullable(),
      patientCurBhiStatus: z.number().int().nullable(),
      reject_reason: z.string().nullable(),
      reject_comment: z.string().nullable(),
      setupDate: z.string().nullable(),
      /** When the patient was first enrolled in CCM (status 2 or higher), null if never. */
      ccmCreated: z.string().nullable(),
      /** 1: 30/60-minute CCM codes; otherwise 20/40 (001 §9). */
      ccmType: z.number().int(),
      health_med_id: z.string().nullable(),
      rpmStatuses: z.array(statusOption),
      ccmStatuses: z.array(statusOption),
      bhiStatuses: z.array(statusOption),
    }),
  }),
});

const reasonText = chartText(200).refine((text) => text.trim() !== '', MSG.required);
const commentText = chartText(1000).default('');

/** The enrollment-details dialog (RPM 1, 001 §4); the spec shows no fields: ours. */
export const enrollmentDetails = z.object({
  /** The day the patient enrolled; not in the future. */
  enrolled_on: chartDayField(MSG.invalidDate),
  consent: z.enum(['verbal', 'written']),
  note: commentText,
});

/** The rejected (RPM 9) and reject (RPM 13) dialogs: a reason and a comment (001 §2.3 hover on 9). */
export const rejectDetails = z.object({ reason: reasonText, comment: commentText });

/** The discharge dialog (CCM 4); the spec shows no fields: ours. */
export const dischargeDetails = z.object({
  discharged_on: chartDayField(MSG.invalidDate),
  reason: reasonText,
  comment: commentText,
});

const statusId = z.number().int().min(1).max(999);

export const updateRpmStatus = defineCall({
  method: 'POST',
  path: 'rpm/dashboard/updateRpmStatus',
  spec: '001 §2.3, §4 RPM status change (call not shown: ours)',
  summary:
    'Changes the RPM status. Needs `enrollment` for 1 (from another status), `rejected` for 9 (from another status), `reject` for 13; 6 is never accepted',
  access: CHART,
  body: z.object({
    patient_id: recordId,
    status: statusId,
    enrollment: enrollmentDetails.optional(),
    rejected: rejectDetails.optional(),
    reject: rejectDetails.optional(),
  }),
  response: ok,
});

export const updateCcmStatus = defineCall({
  method: 'POST',
  path: 'rpm/dashboard/updateCcmStatus',
  spec: '001 §2.3, §4 CCM status change (call not shown: ours)',
  summary: 'Changes the CCM status. Needs `discharge` for 4; 6 is never accepted and 2 is not selectable',
  access: CHART,
  body: z.object({ patient_id: recordId, status: statusId, discharge: dischargeDetails.optional() }),
  response: ok,
});

export const updateBhiStatus = defineCall({
  method: 'POST',
  path: 'rpm/dashboard/updateBhiStatus',
  spec: '001 §2.3, §4 BHI status change (call not shown: ours)',
  summary: 'Changes the BHI status directly; only for a patient with a health-med id (the BHI tab needs one)',
  access: CHART,
  body: z.object({ patient_id: recordId, status: statusId }),
  response: ok,
});

// ── Monthly targets and compliance strip (001 §2.3, §2.9, §3, §4, §9) ────────────────────────────────────

/**
 * The months of the compliance strip (001 §2.9, §9): five squares counting from six months back. We count the
 * current month as the first of the six, so the strip shows the five full months before the current one (the
 * month being measured would always look red). Returns 'YYYY-MM', oldest first.
 */
export function complianceStripMonths(today: string): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  const months: string[] = [];
  for (
    let n = COMPLIANCE_STRIP_MONTHS_BACK - 1;
    n > COMPLIANCE_STRIP_MONTHS_BACK - 1 - COMPLIANCE_STRIP_MONTHS;
    n--
  ) {
    const d = new Date(Date.UTC(year, month - n, 1));
    months.push(d.toISOString().slice(0, 7));
  }
  return months;
}

/** The English name of a 'YYYY-MM' month, for the strip's tooltip (001 §2.9). */
export function stripMonthName(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
}

/**
 * A strip square's colour (001 §4 "Compliance strip square colour"): grey before the set-up date's month (and with
 * no set-up date), light green when the month's flag for the shown type is set, red otherwise.
 */
export function complianceSquareColour(
  month: string,
  setupDate: string | null,
  flag: boolean,
): 'grey' | 'lightGreen' | 'red' {
  if (setupDate === null || month < setupDate.slice(0, 7)) return 'grey';
  return flag ? 'lightGreen' : 'red';
}

/** Progress towards a time goal (001 §2.3 monthly targets, §9). */
const timeTarget = z.object({
  seconds: z.number().int(),
  goal_minutes: z.number().int(),
  /** The code the goal bills; null when not met yet. */
  code: z.string().nullable(),
});

export const getMonthlyTargets = defineCall({
  method: 'GET',
  path: 'rpm/dashboard/getMonthlyTargets',
  spec: '001 §2.3, §2.9, §3 (Monthly target data, CPT history), §4 compliance strip, §9',
  summary:
    "The month's targets from the billing summary (reading days against 16, RPM and CCM minutes against their goals, set-up), the CPT history and the compliance strip",
  access: CHART,
  query: z.object({
    patient_id: recordIdParam,
    /** 'YYYY-MM'; the current month when absent. */
    month: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be YYYY-MM')
      .optional(),
  }),
  response: z.object({
    status: z.number().int(),
    data: z.object({
      /** The billing code columns (001 §3): 'Setup', '16 Days Readings', 'RPM Time-20 mins', ... */
      columns: z.array(z.string()),
      /** The month shown: its first and last day. */
      range: z.object({ from: z.string(), to: z.string() }),
      setup: z.object({ setup_date: z.string().nullable(), code: z.string().nullable() }),
      compliance: z.object({ days: z.number().int(), target: z.number().int(), code: z.string().nullable() }),
      rpm_time: timeTarget,
      additional_rpm_time: timeTarget,
      ccm_time: timeTarget,
      additional_ccm_time: timeTarget,
      /** Codes billed per month, newest first (the last 24 months). */
      cpt_history: z.array(z.object({ date: z.string(), code: z.string() })),
      /** The five squares, oldest first. */
      strip: z.array(
        z.object({
          month: z.string(),
          month_name: z.string(),
          /** Before the set-up month (grey). */
          before_setup: z.boolean(),
          /** RPM: 16 reading days (99454). */
          rpm: z.boolean(),
          /** CCM: the month's first CCM time goal met. */
          ccm: z.boolean(),
        }),
      ),
    }),
  }),
});

// ── Devices and readings ─────────────────────────────────────────────────────────────────────────────────

const vitalRef = z.object({ vital_id: z.number().int(), vital_type: z.string(), unit: z.string() });

export const patientDevice = z.object({
  device_assign_id: z.number().int(),
  inventory_id: z.number().int(),
  IMEI: z.string(),
  device_name: z.string(),
  device_type_id: z.number().int(),
  device_type: z.string(),
  /** File name under icons/ (000 §7). */
  icon: z.string(),
  assigned_at: z.string(),
  unassigned_at: z.string().nullable(),
  /** Assigned now (not returned). */
  current: z.boolean(),
  last_reading_at: z.string().nullable(),
  /** The device's rule in force today, if any. */
  active_rule_id: z.number().int().nullable(),
  vitals: z.array(vitalRef),
});
export type PatientDevice = z.infer<typeof patientDevice>;

export const getPatientDevices = defineCall({
  method: 'GET',
  path: 'rpm/devices/getPatientDevices',
  spec: '000 §2.3 (Devices tab); 001 §2.2 (the rule form lists current devices; none: No Device Available)',
  summary: "The patient's device assignments, current first, with each device's vitals and rule in force",
  access: CHART,
  query: patientQuery,
  response: listEnvelope(patientDevice),
});

/** Longest range the readings tab asks for at once. */
export const READINGS_RANGE_MAX_DAYS = 366;
/** Most readings answered per vital (the newest are kept). */
export const READINGS_PER_VITAL_MAX = 5000;

const thresholdsOut = z.object({
  critical_low: z.number(),
  abnormal_low: z.number(),
  abnormal_high: z.number().nullable(),
  critical_high: z.number().nullable(),
});

export const getPatientReadings = defineCall({
  method: 'GET',
  path: 'rpm/readings/getPatientReadings',
  spec: '000 §2.3 (Readings tab); 001 §2.6',
  summary: `Readings per vital between two days (at most ${READINGS_RANGE_MAX_DAYS} days), with the bounds of the rule in force today`,
  access: CHART,
  query: z
    .object({
      patient_id: recordIdParam,
      from: chartDayField('from must be a day, YYYY-MM-DD'),
      to: chartDayField('to must be a day, YYYY-MM-DD'),
      vital_id: recordIdParam.optional(),
    })
    .refine((q) => q.to >= q.from, { message: 'to must not be before from', path: ['to'] })
    .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < READINGS_RANGE_MAX_DAYS, {
      message: `The range may span ${READINGS_RANGE_MAX_DAYS} days at most`,
      path: ['to'],
    }),
  response: z.object({
    status: z.number().int(),
    data: z.object({
      vitals: z.array(
        vitalRef.extend({
          device_type_id: z.number().int(),
          /** The bounds of the device's rule in force today; null without one. */
          thresholds: thresholdsOut.nullable(),
          readings: z.array(
            z.object({
              reading_id: z.number().int(),
              taken_at: z.string(),
              value: z.number(),
              /** The alert the reading raised, if any. */
              alert_level: z.enum(['abnormal', 'critical']).nullable(),
            }),
          ),
          /** More readings than READINGS_PER_VITAL_MAX fell in the range; the oldest were left out. */
          truncated: z.boolean(),
        }),
      ),
    }),
  }),
});

// ── Alerts ───────────────────────────────────────────────────────────────────────────────────────────────

export const patientAlert = z.object({
  alert_id: z.number().int(),
  reading_id: z.number().int(),
  notification_rule_id: z.number().int().nullable(),
  vital_id: z.number().int(),
  vital_type: z.string(),
  unit: z.string(),
  device_name: z.string(),
  value: z.number(),
  level: z.enum(['abnormal', 'critical']),
  direction: z.enum(['low', 'high']),
  bound: z.number(),
  taken_at: z.string(),
  created_at: z.string(),
  acknowledged_at: z.string().nullable(),
  acknowledged_by: z.string().nullable(),
});
export type PatientAlert = z.infer<typeof patientAlert>;

export const getPatientAlerts = defineCall({
  method: 'GET',
  path: 'rpm/alerts/getPatientAlerts',
  spec: '000 §2.3 (Alerts tab); issue 5 part 5',
  summary: "The patient's alerts raised from readings, newest first: all, open or acknowledged",
  access: CHART,
  query: z.object({
    patient_id: recordIdParam,
    state: z.enum(['all', 'open', 'acknowledged']).default('all'),
    ...paging,
  }),
  response: pageEnvelope(patientAlert),
});

export const acknowledgeAlerts = defineCall({
  method: 'POST',
  path: 'rpm/alerts/acknowledgeAlerts',
  spec: 'issue 5 part 5 (ours)',
  summary:
    'Acknowledges alerts of one patient (already acknowledged ones are left as they were); an alert is never raised again for the same reading',
  access: CHART,
  body: z.object({ patient_id: recordId, alert_id: z.array(recordId).min(1).max(500) }),
  response: ok.extend({ data: z.object({ acknowledged: z.number().int() }) }),
});

// ── Activity timer and log ───────────────────────────────────────────────────────────────────────────────

/** The programs the chart's timer logs (issue 5 part 6: RPM or CCM minutes). */
export const TIMER_PROGRAMS = ['RPM', 'CCM'] as const;

/**
 * The longest stretch one timer logs. The spec is silent; a forgotten timer must not bill hours of monitoring
 * time, so we cap one timer at an hour (the RPM codes stop at 60 minutes a month, 001 §3).
 */
export const TIMER_MAX_SECONDS = 3600;

export const activityTimer = z.object({
  timer_id: z.number().int(),
  patient_id: z.number().int(),
  program: z.enum(TIMER_PROGRAMS),
  started_at: z.string(),
});
export type ActivityTimer = z.infer<typeof activityTimer>;

export const startActivityTimer = defineCall({
  method: 'POST',
  path: 'rpm/activity/startTimer',
  spec: '000 §2.3 (chart activity timer); 001 §2.3 monthly targets (ours)',
  summary:
    "Starts timing the user's RPM or CCM work on the patient on the server's clock; the same patient and program answer the running timer; another running timer gives 409",
  access: CHART,
  body: z.object({ patient_id: recordId, program: z.enum(TIMER_PROGRAMS) }),
  response: z.object({ status: z.number().int(), data: activityTimer }),
});

export const stopActivityTimer = defineCall({
  method: 'POST',
  path: 'rpm/activity/stopTimer',
  spec: '000 §2.3; 001 §2.3, §9 (ours)',
  summary: `Stops the user's timer and logs the time (at most ${TIMER_MAX_SECONDS / 60} minutes) against the patient's month; discard: log nothing`,
  access: CHART,
  body: z.object({
    timer_id: recordId,
    note: chartText(500).optional(),
    discard: z.boolean().default(false),
  }),
  response: z.object({
    status: z.number().int(),
    data: z.object({ time_log_id: z.number().int().nullable(), seconds: z.number().int() }),
  }),
});

export const getRunningTimer = defineCall({
  method: 'GET',
  path: 'rpm/activity/getRunningTimer',
  spec: '000 §2.3 (ours)',
  summary: "The signed-in user's running timer, or null",
  access: CHART,
  response: z.object({ status: z.number().int(), data: activityTimer.nullable() }),
});

export const getActivityLogs = defineCall({
  method: 'GET',
  path: 'rpm/activity/getActivityLogs',
  spec: '000 §2.3 (Activity Logs tab; ours)',
  summary: "The patient's logged care time between two days, newest first, with totals per program",
  access: CHART,
  query: z
    .object({
      patient_id: recordIdParam,
      from: chartDayField('from must be a day, YYYY-MM-DD'),
      to: chartDayField('to must be a day, YYYY-MM-DD'),
      ...paging,
    })
    .refine((q) => q.to >= q.from, { message: 'to must not be before from', path: ['to'] }),
  response: z.object({
    status: z.number().int(),
    data: z.array(
      z.object({
        time_log_id: z.number().int(),
        logged_at: z.string(),
        program: z.string(),
        seconds: z.number().int(),
        user_id: z.number().int(),
        user_name: z.string(),
        note: z.string().nullable(),
      }),
    ),
    count: z.number().int(),
    /** Seconds per program over the whole range. */
    totals: z.record(z.string(), z.number().int()),
  }),
});

// ── Notes ────────────────────────────────────────────────────────────────────────────────────────────────

export const PATIENT_NOTE_MAX = 5000;

export const patientNote = z.object({
  note_id: z.number().int(),
  note: z.string(),
  author_id: z.number().int(),
  author_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const getPatientNotes = defineCall({
  method: 'GET',
  path: 'rpm/notes/getPatientNotes',
  spec: '000 §2.3 (Notes tab; ours)',
  summary: "The patient's notes, newest first",
  access: CHART,
  query: z.object({ patient_id: recordIdParam, ...paging }),
  response: pageEnvelope(patientNote),
});

const noteText = chartText(PATIENT_NOTE_MAX).refine((text) => text.trim() !== '', MSG.required);

export const addPatientNote = defineCall({
  method: 'POST',
  path: 'rpm/notes/addPatientNote',
  spec: '000 §2.3 (notes/{patientId}/{add}; ours)',
  summary: 'Adds a note to the patient (trimmed, 1 to 5000 characters)',
  access: CHART,
  body: z.object({ patient_id: recordId, note: noteText }),
  response: ok.extend({ data: patientNote }),
});

export const updatePatientNote = defineCall({
  method: 'POST',
  path: 'rpm/notes/updatePatientNote',
  spec: '000 §2.3 (notes/{patientId}/{add}/{op}; ours)',
  summary: 'Edits a note; only its author may',
  access: CHART,
  body: z.object({ note_id: recordId, note: noteText }),
  response: ok.extend({ data: patientNote }),
});

// ── Tasks and care team ──────────────────────────────────────────────────────────────────────────────────

export const careTeamMember = z.object({
  user_id: z.number().int(),
  name: z.string(),
  /** Why the user is on the team. */
  role: z.enum(['physician', 'care_coordinator', 'clinical_staff']),
});

export const getCareTeam = defineCall({
  method: 'GET',
  path: 'rpm/patients/getCareTeam',
  spec: 'issue 5 part 5 (alert recipients), part 6 (task assignees; ours)',
  summary:
    "The patient's care team: physician, care coordinator and the practice's clinical staff (roles 8 and 13 covering the patient's location); alerts go to them",
  access: CHART,
  query: patientQuery,
  response: listEnvelope(careTeamMember),
});

export const patientTask = z.object({
  task_id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  status: z.enum(['open', 'in_progress', 'completed']),
  assigned_to: z.number().int(),
  assigned_to_name: z.string(),
  due_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  created_by: z.number().int(),
  created_at: z.string(),
});

export const getPatientTasks = defineCall({
  method: 'GET',
  path: 'rpm/tasks/getPatientTasks',
  spec: '000 §2.3 (Tasks tab; ours)',
  summary: "The patient's tasks: open ones (open and in progress) first by due date, or completed, or all",
  access: CHART,
  query: z.object({
    patient_id: recordIdParam,
    state: z.enum(['all', 'open', 'completed']).default('open'),
    ...paging,
  }),
  response: pageEnvelope(patientTask),
});

export const addPatientTask = defineCall({
  method: 'POST',
  path: 'rpm/tasks/addPatientTask',
  spec: '000 §2.3 (Tasks tab; ours)',
  summary: "Adds a task about the patient for a member of the patient's care team",
  access: CHART,
  body: z.object({
    patient_id: recordId,
    assigned_to: recordId,
    title: chartText(200).refine((text) => text.trim() !== '', MSG.required),
    description: chartText(2000).optional(),
    due_at: z.iso.datetime({ offset: true }).optional(),
  }),
  response: ok.extend({ data: patientTask }),
});

export const updatePatientTask = defineCall({
  method: 'POST',
  path: 'rpm/tasks/updatePatientTask',
  spec: '000 §2.3 (Tasks tab; ours)',
  summary: 'Moves a task of a patient the user may see to open, in progress or completed',
  access: CHART,
  body: z.object({ task_id: recordId, status: z.enum(['open', 'in_progress', 'completed']) }),
  response: ok.extend({ data: patientTask }),
});
