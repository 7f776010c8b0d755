import { z } from 'zod';
import { displayDate, displayPhone } from '../lists/format.js';
import type { TRANSCRIPT_KINDS } from '../lists/transcript-queues.js';
import { BILLING_UTILITY_PAGE } from '../routes.js';
import { PATIENT_NOTE_MAX } from './chart-notes.js';
import { defineCall } from './contract.js';
import { listEnvelope, okAnswer } from './envelope.js';
import { recordId, recordIdParam } from './ids.js';
import { chartText } from './rules.js';

/**
 * The Transcript Queues' writes (000 §2.4 'Billing Utility' transcript-queues; issue 42 §1; ours: the spec names
 * only the route, decisions.md "Transcript Queues"): assign a recording's transcript to someone who may see its
 * patient, and complete it with the text, which joins the patient's notes. A transcript outside the caller's scope
 * answers 404 like an unknown one; a completed one 409.
 */

/** Longest transcript or summary: a chart note (PATIENT_NOTE_MAX) with room for its heading. */
export const TRANSCRIPT_MAX = PATIENT_NOTE_MAX - 200;

/** The texts of the transcript calls. */
export const TRANSCRIPT_TEXT = {
  assigned: 'Transcript assigned.',
  completed: "Transcript added to the patient's notes.",
  unknown: (id: number) => `Transcript ${id} does not exist.`,
  alreadyCompleted: 'This transcript was already completed.',
  assignedToOther: (name: string) =>
    `This transcript is assigned to ${name}; assign it to yourself to complete it.`,
  notAssignable: (userId: number) =>
    `User ${userId} cannot be given this transcript: choose one of the offered assignees.`,
  required: 'transcript is required',
} as const;

/**
 * The note a completed transcript adds to the chart: what was recorded, with whom and on which day (UTC), then the
 * text as written.
 */
export function transcriptNote(
  kind: keyof typeof TRANSCRIPT_KINDS,
  phoneNumber: string,
  recordedDay: string,
  text: string,
): string {
  const what = kind === 'voicemail' ? 'voicemail from' : 'call with';
  return `Transcript of the ${what} ${displayPhone(phoneNumber)} on ${displayDate(recordedDay)}:\n${text.trim()}`;
}

const transcriptId = z.object({ transcript_id: recordIdParam });

export const getTranscriptAssignees = defineCall({
  method: 'GET',
  path: 'rpm/transcripts/getAssignees',
  spec: '000 §2.4 Transcript Queues (ours)',
  summary:
    "Who a transcript can be assigned to: active users holding 'Billing Utility' who may see its patient, the caller among them",
  access: { page: BILLING_UTILITY_PAGE },
  query: transcriptId,
  response: listEnvelope(z.object({ user_id: z.number().int(), name: z.string() })),
});

export const assignTranscript = defineCall({
  method: 'POST',
  path: 'rpm/transcripts/assign',
  spec: '000 §2.4 Transcript Queues (ours)',
  summary:
    'Assigns a queued or assigned transcript to someone getTranscriptAssignees offers (the caller: Assign to me); audited; 409 once completed',
  access: { page: BILLING_UTILITY_PAGE },
  body: z.object({ transcript_id: recordId, assigned_to: recordId }),
  response: okAnswer,
});

export const completeTranscript = defineCall({
  method: 'POST',
  path: 'rpm/transcripts/complete',
  spec: '000 §2.4 Transcript Queues (ours)',
  summary: `Completes a transcript with its text or summary (1 to ${TRANSCRIPT_MAX} characters), added to the patient's notes in the same transaction; audited; 409 once completed or while assigned to someone else`,
  access: { page: BILLING_UTILITY_PAGE },
  body: z.object({
    transcript_id: recordId,
    transcript: chartText(TRANSCRIPT_MAX).trim().min(1, TRANSCRIPT_TEXT.required),
  }),
  response: okAnswer.extend({ data: z.object({ note_id: z.number().int() }) }),
});
