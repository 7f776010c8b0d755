import { z } from 'zod';
import { calendarDay } from '../calendar.js';
import { MSG } from '../messages.js';
import { CHART, patientQuery } from './chart-common.js';
import { defineCall } from './contract.js';
import { okAnswer } from './envelope.js';
import { recordId, recordIdParam } from './ids.js';
import { chartText } from './rules.js';

/**
 * The patient chart's own calls (000 §2.3; 001 §2.3, §4 status changes, §7 "Patient and session"). The calls of its
 * tabs are in chart-targets.ts (monthly targets, compliance strip), chart-readings.ts (Devices, Readings, Alerts),
 * chart-activity.ts (timer, Activity Logs), chart-notes.ts and chart-tasks.ts (decisions.md "Chart calls").
 * Every patient call needs 'Patient Chart' and access to the patient (403 outside the user's practices, 404 for an
 * unknown patient). Days are ISO 'YYYY-MM-DD' (UTC), times ISO 8601.
 */

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
  // What registration records (migration 0033).
  mrn: z.string().nullable(),
  email: z.string().nullable(),
  address_line1: z.string().nullable(),
  address_line2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  insurance_plan_id: z.number().int().nullable(),
  /** 'Payer · plan'. */
  insurance_plan_name: z.string().nullable(),
  insurance_member_id: z.string().nullable(),
  /** The record's version: the Demographics edit sends it back (a stale one is refused). */
  version: z.number().int(),
  /** The patient this record was merged into; null for a live record. */
  merged_into_id: z.number().int().nullable(),
  /** When the patient was deactivated (left the service); null while active. */
  deactivated_at: z.string().nullable(),
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
/** Every program a patient is enrolled in with a status: the card's three, PCM and RTM. */
export type EnrolmentProgram = StatusProgram | 'PCM' | 'RTM';

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
 * disabled (decisions.md "Status lists"). Every other listed status is offered.
 */
export function statusAvailability(
  program: EnrolmentProgram,
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

/** The enrollment-details dialog (RPM 1, 001 §4; decisions.md "Status dialog fields"). */
export const enrollmentDetails = z.object({
  /** The day the patient enrolled; not in the future. */
  enrolled_on: calendarDay(MSG.invalidDate),
  consent: z.enum(['verbal', 'written']),
  note: commentText,
});

/** The rejected (RPM 9) and reject (RPM 13) dialogs: a reason and a comment (001 §2.3 hover on 9). */
export const rejectDetails = z.object({ reason: reasonText, comment: commentText });

/** The discharge dialog (CCM 4; decisions.md "Status dialog fields"). */
export const dischargeDetails = z.object({
  discharged_on: calendarDay(MSG.invalidDate),
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
  response: okAnswer,
});

export const updateCcmStatus = defineCall({
  method: 'POST',
  path: 'rpm/dashboard/updateCcmStatus',
  spec: '001 §2.3, §4 CCM status change (call not shown: ours)',
  summary: 'Changes the CCM status. Needs `discharge` for 4; 6 is never accepted and 2 is not selectable',
  access: CHART,
  body: z.object({ patient_id: recordId, status: statusId, discharge: dischargeDetails.optional() }),
  response: okAnswer,
});

export const updateBhiStatus = defineCall({
  method: 'POST',
  path: 'rpm/dashboard/updateBhiStatus',
  spec: '001 §2.3, §4 BHI status change (call not shown: ours)',
  summary: 'Changes the BHI status directly; only for a patient with a health-med id (the BHI tab needs one)',
  access: CHART,
  body: z.object({ patient_id: recordId, status: statusId }),
  response: okAnswer,
});
