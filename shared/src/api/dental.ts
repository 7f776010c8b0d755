import { z } from 'zod';
import { ORAL_APPLIANCE_STAGES, type OralApplianceStage } from '../lists/dental.js';
import { SLEEP_STUDY_KIND_LABELS, SLEEP_STUDY_STATUS_LABELS } from '../lists/sleep.js';
import { patientIdentity } from '../patient-identity.js';
import { viewDocuments } from './chart-documents.js';
import { defineCall } from './contract.js';
import { okAnswer } from './envelope.js';
import { recordId, recordIdParam } from './ids.js';
import { sleepStudyReport } from './sleep.js';

/** The Dental Dashboard's calls (000 §2.4 'dentalDashboard'), ours (decisions.md "Dental Dashboard stages"). */

const stage = z.enum(ORAL_APPLIANCE_STAGES as [OralApplianceStage, ...OralApplianceStage[]]);

export const getDentalStageCounts = defineCall({
  method: 'GET',
  path: 'rpm/dental/getStageCounts',
  spec: 'issue 15 §3 Dental Dashboard (ours)',
  summary: 'How many oral-appliance cases in the caller scope are at each stage',
  access: { page: 'Dental Dashboard' },
  response: z.object({
    status: z.number().int(),
    data: z.array(z.object({ stage, count: z.number().int() })),
  }),
});

export const advanceDentalStage = defineCall({
  method: 'POST',
  path: 'rpm/dental/advanceStage',
  spec: 'issue 15 §3 Dental Dashboard (ours): stages only in order',
  summary: 'Moves an oral-appliance case to its next stage, dated today; `to_stage` must be the next one',
  access: { page: 'Dental Dashboard' },
  body: z.object({ case_id: recordId, to_stage: stage }),
  response: okAnswer,
});

/** What a sleep study is to an oral-appliance case (decisions.md "Dental case and sleep study views"). */
export const DENTAL_STUDY_PURPOSE_LABELS = {
  diagnostic: 'Diagnostic',
  follow_up: 'Follow-up',
} as const;
export type DentalStudyPurpose = keyof typeof DENTAL_STUDY_PURPOSE_LABELS;

/** A sleep-apnea study of the case's patient, as the case view shows it. */
export const dentalCaseStudy = z.object({
  study_id: z.number().int(),
  kind: z.enum(Object.values(SLEEP_STUDY_KIND_LABELS) as [string, ...string[]]),
  status: z.enum(Object.values(SLEEP_STUDY_STATUS_LABELS) as [string, ...string[]]),
  /**
   * 'diagnostic' when ordered before the appliance was inserted (the study behind the referral), 'follow_up' when
   * ordered on or after the insertion day (the test of the appliance).
   */
  purpose: z.enum(Object.keys(DENTAL_STUDY_PURPOSE_LABELS) as [DentalStudyPurpose, ...DentalStudyPurpose[]]),
  ordered_at: z.string(),
  /** 'YYYY-MM-DD', null until recorded. */
  recorded_on: z.string().nullable(),
  /** Apnea-hypopnea index, events per hour of sleep. */
  ahi: z.number().nullable(),
  /** Lowest SpO2, percent. */
  spo2_nadir: z.number().nullable(),
  /** The interpreting physician. */
  reader: z.string().nullable(),
  report: sleepStudyReport,
});
export type DentalCaseStudy = z.infer<typeof dentalCaseStudy>;

/** One oral-appliance case with what the dentist works from (issue 41 §4). */
export const dentalCaseView = z.object({
  patient: patientIdentity,
  case: z.object({
    case_id: z.number().int(),
    practice_name: z.string(),
    dentist: z.string(),
    stage,
    /** The stage the case moves to next (advanceDentalStage); null at the last one. */
    next_stage: stage.nullable(),
  }),
  /** Every stage in order with the day the case reached it ('YYYY-MM-DD'), null for those ahead. */
  stages: z.array(z.object({ stage, reached_on: z.string().nullable() })),
  /** The patient's HST and in-lab PSG studies, newest first. */
  studies: z.array(dentalCaseStudy),
  documents: viewDocuments,
});
export type DentalCaseView = z.infer<typeof dentalCaseView>;

export const getDentalCase = defineCall({
  method: 'GET',
  path: 'rpm/dental/getCase',
  spec: "000 §2.4 'dentalDashboard'; issue 41 §4 case view (ours)",
  summary:
    "One oral-appliance case in the caller's scope: its patient, stages with their days, the patient's sleep studies and documents",
  access: { page: 'Dental Dashboard' },
  query: z.object({ case_id: recordIdParam }),
  response: z.object({ status: z.number().int(), data: dentalCaseView }),
});

export const getDentalCaseDocumentFile = defineCall({
  method: 'GET',
  path: 'rpm/dental/getCaseDocumentFile',
  spec: "000 §2.4 'dentalDashboard'; issue 41 §4 case view (ours)",
  summary:
    "A document of the case's patient, from the case view (a file; errors use the JSON error envelope)",
  access: { page: 'Dental Dashboard' },
  query: z.object({ case_id: recordIdParam, document_id: recordIdParam }),
  response: z.unknown(),
});
