import { z } from 'zod';
import { MSG } from '../messages.js';
import { CHART, idempotencyHeaders, paging } from './chart-common.js';
import { defineCall } from './contract.js';
import { okAnswer, pageEnvelope } from './envelope.js';
import { recordId, recordIdParam } from './ids.js';
import { chartText } from './rules.js';

/** The chart's Notes tab (decisions.md "Chart calls"); access as in chart.ts. */

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
  headers: idempotencyHeaders,
  body: z.object({ patient_id: recordId, note: noteText }),
  response: okAnswer.extend({ data: patientNote }),
});

export const updatePatientNote = defineCall({
  method: 'POST',
  path: 'rpm/notes/updatePatientNote',
  spec: '000 §2.3 (notes/{patientId}/{add}/{op}; ours)',
  summary: 'Edits a note; only its author may',
  access: CHART,
  body: z.object({ note_id: recordId, note: noteText }),
  response: okAnswer.extend({ data: patientNote }),
});
