import { z } from 'zod';
import { sleepStudyRow } from '../lists/sleep.js';
import { patientIdentity } from '../patient-identity.js';
import { viewDocuments } from './chart-documents.js';
import { defineCall } from './contract.js';
import { okAnswer } from './envelope.js';
import { recordId, recordIdParam } from './ids.js';

/**
 * The interpretation of a sleep test under its lock (000 §4.11). The spec names no path: ours, in
 * its style (decisions.md "Sleep interpretation calls"). Every write carries the lease's fencing token, which the
 * reader's client got from SLEEP::LOCK; a lapsed or broken lease answers 409 and writes nothing.
 */

/** Longest findings, impression or recommendations (bff/src/db/migrations/0019_sleep.sql). */
export const INTERPRETATION_TEXT_MAX = 4000;
/** Shortest reason for breaking a lock: a few words the holder and the audit can understand (decisions.md "Sleep lock break reason"). */
export const LOCK_BREAK_REASON_MIN = 10;
/** Longest reason for breaking a lock. */
export const LOCK_BREAK_REASON_MAX = 500;

const text = z.string().max(INTERPRETATION_TEXT_MAX);
/** The fencing token of the caller's lease (the SLEEP::LOCK acknowledgement's `token`). */
const lockToken = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const interpretationTexts = z.object({
  findings: text,
  impression: text,
  recommendations: text,
});
export type InterpretationTexts = z.infer<typeof interpretationTexts>;

const person = z.object({ user_id: z.number().int(), name: z.string() });

export const sleepTestDetail = z.object({
  /** The study as its worklist row shows it, with its codes besides the labels. */
  study: sleepStudyRow.extend({
    kind_code: z.string(),
    status_code: z.string(),
    needs_co_read: z.boolean(),
  }),
  /** The interpretation so far; null before the first draft. */
  interpretation: interpretationTexts
    .extend({
      template_id: z.number().int().nullable(),
      updated_by: z.string(),
      updated_at: z.string(),
      signed_by: person.nullable(),
      signed_at: z.string().nullable(),
      co_reader: person.nullable(),
      co_signed_at: z.string().nullable(),
    })
    .nullable(),
  /** The active templates of the study's kind (Custom Interpretation Config). */
  templates: z.array(interpretationTexts.extend({ template_id: z.number().int(), name: z.string() })),
  /** Who holds the study's lock now, and since when; null when free. */
  lock: person.extend({ since: z.string() }).nullable(),
});
export type SleepTestDetail = z.infer<typeof sleepTestDetail>;

export const getSleepTest = defineCall({
  method: 'GET',
  path: 'rpm/sleep/getSleepTest',
  spec: 'issue 15 §3 interpretation view (ours)',
  summary: 'One sleep test of a patient in scope: its measures, interpretation, templates and lock holder',
  access: { page: 'Sleep Tests' },
  query: z.object({ test_id: recordIdParam }),
  response: z.object({ status: z.number().int(), data: sleepTestDetail }),
});

const fenced = z.object({ test_id: recordId, token: lockToken });

export const saveSleepInterpretation = defineCall({
  method: 'POST',
  path: 'rpm/sleep/saveInterpretation',
  spec: 'issue 15 §2 fencing (ours)',
  summary: 'Saves the draft interpretation of an unsigned sleep test; needs the current lock token',
  access: { page: 'Sleep Tests' },
  body: fenced.extend(interpretationTexts.shape).extend({ template_id: recordId.nullable().optional() }),
  response: okAnswer,
});

export const signSleepInterpretation = defineCall({
  method: 'POST',
  path: 'rpm/sleep/signInterpretation',
  spec: 'issue 15 §1, §2 (ours)',
  summary:
    'Saves and signs the interpretation as its reading physician (awaiting interpretation → interpreted)',
  access: { page: 'Sleep Tests' },
  body: fenced.extend(interpretationTexts.shape).extend({ template_id: recordId.nullable().optional() }),
  response: okAnswer,
});

export const coSignSleepInterpretation = defineCall({
  method: 'POST',
  path: 'rpm/sleep/coSignInterpretation',
  spec: 'issue 15 §1 co-reads (ours)',
  summary: 'Co-signs a signed interpretation that needs a second reader (interpreted → co-read)',
  access: { page: 'Sleep Tests Co-Read' },
  body: fenced,
  response: okAnswer,
});

export const breakSleepTestLock = defineCall({
  method: 'POST',
  path: 'rpm/sleep/breakLock',
  spec: 'issue 15 §2 (ours): an administrator breaks a lock with a reason',
  summary: "Breaks a sleep test's lock (administrators only); its holder's token stops working at once",
  access: { page: 'Sleep Tests' },
  body: z.object({
    test_id: recordId,
    reason: z
      .string()
      .trim()
      .min(LOCK_BREAK_REASON_MIN, `reason needs at least ${LOCK_BREAK_REASON_MIN} characters`)
      .max(LOCK_BREAK_REASON_MAX),
  }),
  response: okAnswer,
});

/**
 * Records that a home study's device came back (000 §2.4 'Billing Utility' sleep-return-devices; ours: decisions.md
 * "Sleep Return Devices"): 404 for a study outside the caller's scope, 409 for one returned already or without a
 * device that goes home.
 */
export const returnSleepDevice = defineCall({
  method: 'POST',
  path: 'rpm/sleep/returnDevice',
  spec: '000 §2.4 Sleep Return Devices (ours)',
  summary: "Marks a home sleep study's device returned today; an audit row records who received it",
  access: { page: 'Billing Utility' },
  body: z.object({ study_id: recordId }),
  response: okAnswer,
});

/** Where a study's report (its interpretation) stands, by code, with the label staff read. */
export const SLEEP_REPORT_STATE_LABELS = {
  none: 'Not started',
  draft: 'Draft',
  signed: 'Signed',
  co_signed: 'Co-signed',
} as const;
export type SleepReportState = keyof typeof SLEEP_REPORT_STATE_LABELS;

/**
 * A study's report as the case and study views show it (read-only): its state, who signed and co-signed it, and the
 * signed impression (a draft stays the reader's until signed: decisions.md "Dental case and sleep study views").
 */
export const sleepStudyReport = z.object({
  state: z.enum(Object.keys(SLEEP_REPORT_STATE_LABELS) as [SleepReportState, ...SleepReportState[]]),
  signed_by: z.string().nullable(),
  signed_at: z.string().nullable(),
  co_signed_by: z.string().nullable(),
  co_signed_at: z.string().nullable(),
  impression: z.string().nullable(),
});
export type SleepStudyReport = z.infer<typeof sleepStudyReport>;

/** The Sleep Lab's view of one in-lab study (issue 41 §4): the patient, the study, its report and documents. */
export const sleepLabStudyView = z.object({
  patient: patientIdentity,
  study: sleepStudyRow.extend({
    /** The sleep technologist who recorded the study (migration 0054); null before it is recorded or unknown. */
    technician: z.string().nullable(),
  }),
  report: sleepStudyReport,
  documents: viewDocuments,
});
export type SleepLabStudyView = z.infer<typeof sleepLabStudyView>;

export const getSleepLabStudy = defineCall({
  method: 'GET',
  path: 'rpm/sleep/getLabStudy',
  spec: "000 §2.4 'sleep-lab'; issue 41 §4 study view (ours)",
  summary:
    "One in-lab study of a patient in the caller's scope: the study, its technician, report state and the patient's documents",
  access: { page: 'Sleep Lab Table' },
  query: z.object({ study_id: recordIdParam }),
  response: z.object({ status: z.number().int(), data: sleepLabStudyView }),
});

export const getSleepLabDocumentFile = defineCall({
  method: 'GET',
  path: 'rpm/sleep/getLabStudyDocumentFile',
  spec: "000 §2.4 'sleep-lab'; issue 41 §4 study view (ours)",
  summary:
    "A document of the study's patient, from the Sleep Lab's study view (a file; errors use the JSON error envelope)",
  access: { page: 'Sleep Lab Table' },
  query: z.object({ study_id: recordIdParam, document_id: recordIdParam }),
  response: z.unknown(),
});
