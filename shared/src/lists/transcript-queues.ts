import { z } from 'zod';
import { listPatient } from '../patient-identity.js';
import { defineList } from './define-list.js';
import { LIST_ROUTES } from './list-routes.js';
import { PATIENT_COLUMNS as C, PATIENT_FILTERS as F, PATIENT_CHART_LINK } from './patient-row.js';

/**
 * Transcript Queues (000 §2.4 'Billing Utility' transcript-queues; issue 42 §1): the recorded calls and voicemails of
 * patients awaiting a written transcript or summary, each assigned to someone and completed into the patient's notes
 * (decisions.md "Transcript Queues").
 */

/** Where a transcript stands, by code, with the label a row shows; the queue's order (the column's rank). */
export const TRANSCRIPT_STATUSES = {
  queued: 'Queued',
  assigned: 'Assigned',
  completed: 'Completed',
} as const;
export type TranscriptStatus = keyof typeof TRANSCRIPT_STATUSES;

/** What was recorded, by code, with its label: a call answered or placed by an agent, or a voicemail. */
export const TRANSCRIPT_KINDS = { call: 'Call', voicemail: 'Voicemail' } as const;

/** One recording awaiting (or given) its transcript. */
export const transcriptRow = z.object({
  transcript_id: z.number().int(),
  call_id: z.number().int(),
  /** The contact centre's id of the contact, under which its recording is found there. */
  contact_id: z.string(),
  /** When the recording ended (ISO timestamp). */
  recorded_at: z.string(),
  /** TRANSCRIPT_KINDS' label. */
  kind: z.string(),
  phone_number: z.string(),
  /** The recording's length in seconds. */
  duration_seconds: z.number().int(),
  patient_id: z.number().int(),
  patient_name: z.string(),
  patient: listPatient,
  practice_name: z.string(),
  /** TRANSCRIPT_STATUSES' label. */
  status: z.string(),
  assignee: z.string().nullable(),
  /** Whether the signed-in user is the assignee. */
  assigned_to_me: z.boolean(),
  completed_at: z.string().nullable(),
  completed_by: z.string().nullable(),
});
export type TranscriptRow = z.infer<typeof transcriptRow>;

export const transcriptQueuesList = defineList({
  name: 'transcript-queues',
  title: 'Transcript Queues',
  spec: '000 §2.4 Billing Utility, §2.7 Utilities; issue 42 §1',
  route: LIST_ROUTES.transcriptQueues,
  page: 'Billing Utility',
  row: transcriptRow,
  idKey: 'transcript_id',
  columns: [
    { key: 'recorded_at', label: 'Recorded', sortable: true, format: 'datetime' },
    { key: 'kind', label: 'Type', sortable: true },
    C.name,
    C.practice,
    { key: 'phone_number', label: 'Phone', format: 'phone' },
    { key: 'duration_seconds', label: 'Length', sortable: true, format: 'duration' },
    { key: 'contact_id', label: 'Contact ID' },
    { key: 'status', label: 'Status', sortable: true, rank: Object.values(TRANSCRIPT_STATUSES) },
    { key: 'assignee', label: 'Assigned To', sortable: true },
    { key: 'completed_at', label: 'Completed', sortable: true, format: 'datetime' },
    { key: 'completed_by', label: 'Completed By', sortable: true },
  ],
  defaultSort: { key: 'recorded_at', order: 'asc' },
  filters: [
    {
      key: 'status',
      label: 'Status',
      multi: true,
      options: Object.entries(TRANSCRIPT_STATUSES).map(([value, label]) => ({ value, label })),
    },
    {
      key: 'kind',
      label: 'Type',
      options: Object.entries(TRANSCRIPT_KINDS).map(([value, label]) => ({ value, label })),
    },
    F.practice,
    { key: 'recorded', label: 'Recorded', dateRange: true },
  ],
  // The open work, the oldest recording first.
  defaultFilters: { status: 'queued,assigned' },
  searchPlaceholder: 'Search patient name, RPM ID or contact ID',
  exports: ['pdf', 'csv'],
  open: PATIENT_CHART_LINK,
});
