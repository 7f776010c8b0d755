import { z } from 'zod';
import { CALL_AGENT_ACCESS } from '../api/calls.js';
import { CALL_STATUSES } from '../constants.js';
import { listPatient } from '../patient-identity.js';
import { defineList, type ListColumn, type ListFilter } from './define-list.js';
import { LIST_ROUTES } from './list-routes.js';
import { PATIENT_FILTERS as F, PATIENT_CHART_LINK, patientColumn } from './patient-row.js';

/**
 * The seven call pages (000 §2.4 Aws Call row): patients to call, and the call records of the
 * softphone and of the contact centre (bff/src/calls/). Open to the 'Aws Call' page, a call link or a temporary
 * login (000 §6.2). Inbound calls are 'returned' by an agent's later outbound call to their number.
 */

/** The window events that start an outbound call to the patient's number (000 §4.9), with `{ patient_id, number }`. */
export const TASK_CALL_EVENTS = {
  mobile: 'make_task_call_mobile',
  phone: 'make_task_call_phone',
} as const;

/** One patient to call on aws-tasks: a missed-reading outreach task or a queued callback. */
export const callTaskRow = z.object({
  /** Twice the outreach task's id, or twice the callback's call id plus one (decisions.md "AWS Tasks rows"). */
  item_id: z.number().int(),
  source: z.enum(['outreach', 'callback']),
  patient_id: z.number().int(),
  patient_name: z.string(),
  patient: listPatient,
  practice_name: z.string(),
  reason: z.string(),
  /** The patient's numbers, ten digits (the softphone dials +1 and the number, 000 §4.9). */
  mobile: z.string().nullable(),
  phone: z.string().nullable(),
  due_at: z.string().nullable(),
  created_at: z.string(),
});
export type CallTaskRow = z.infer<typeof callTaskRow>;

const SOURCE_OPTIONS = [
  { value: 'outreach', label: 'Missed readings' },
  { value: 'callback', label: 'Callback' },
] as const;

/**
 * aws-tasks (000 §2.4): the patients to call — open missed-reading outreach tasks that ask for a call
 * (001 §3 call_miss) and callbacks not yet returned — due first; each row dials the patient's mobile or phone.
 */
export const awsTasksList = defineList({
  name: 'aws-tasks',
  title: 'AWS Tasks',
  spec: '000 §2.4, §4.9',
  route: LIST_ROUTES.awsTasks,
  ...CALL_AGENT_ACCESS,
  row: callTaskRow,
  idKey: 'item_id',
  columns: [
    { key: 'due_at', label: 'Due', sortable: true, format: 'datetime' },
    patientColumn(),
    { key: 'practice_name', label: 'Practice', sortable: true },
    {
      key: 'source',
      label: 'Type',
      sortable: true,
      rank: ['outreach', 'callback'],
      thenBy: { key: 'due_at', order: 'asc' },
    },
    { key: 'reason', label: 'Reason' },
    { key: 'mobile', label: 'Mobile', format: 'phone' },
    { key: 'phone', label: 'Phone', format: 'phone' },
    { key: 'created_at', label: 'Created', sortable: true, format: 'datetime' },
  ],
  defaultSort: { key: 'due_at', order: 'asc' },
  filters: [
    { key: 'source', label: 'Type', multi: true, options: SOURCE_OPTIONS },
    F.practice,
    { key: 'due', label: 'Due Date', dateRange: true, future: true },
  ],
  searchPlaceholder: 'Search patient name or RPM ID',
  exports: ['pdf', 'csv'],
  open: PATIENT_CHART_LINK,
});

/** One call record (bff/src/db/migrations/0018_calls.sql call_records). */
export const callRecordRow = z.object({
  call_id: z.number().int(),
  patient_id: z.number().int().nullable(),
  patient_name: z.string().nullable(),
  patient: listPatient.nullable(),
  practice_name: z.string().nullable(),
  /** E.164, as the softphone reported it. */
  phone_number: z.string(),
  direction: z.enum(['inbound', 'outbound']),
  outcome: z.enum(CALL_STATUSES).nullable(),
  /** The agent who took or missed the call; null for the contact centre's own records. */
  agent_name: z.string().nullable(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  duration_seconds: z.number().int().nullable(),
  callback_due_at: z.string().nullable(),
  /** When an agent's outbound call to the number returned it, and who. */
  returned_at: z.string().nullable(),
  returned_by: z.string().nullable(),
});
export type CallRecordRow = z.infer<typeof callRecordRow>;

type CallColumn = ListColumn<keyof CallRecordRow & string>;
/** The pages' columns, each with its literal key, so a page's sort keys are types (define-list.ts SortKeyOf). */
const COL = {
  started: (label: string) =>
    ({ key: 'started_at', label, sortable: true, format: 'datetime' }) as const satisfies CallColumn,
  patient: patientColumn(),
  practice: { key: 'practice_name', label: 'Practice', sortable: true },
  number: { key: 'phone_number', label: 'Number', sortable: true, format: 'phone' },
  agent: { key: 'agent_name', label: 'Agent', sortable: true },
  duration: (label: string) =>
    ({ key: 'duration_seconds', label, sortable: true, format: 'duration' }) as const satisfies CallColumn,
  due: { key: 'callback_due_at', label: 'Callback Due', sortable: true, format: 'datetime' },
  returned: (label: string) =>
    ({ key: 'returned_at', label, sortable: true, format: 'datetime' }) as const satisfies CallColumn,
  returnedBy: { key: 'returned_by', label: 'Returned By', sortable: true },
} as const satisfies Record<string, CallColumn | ((label: string) => CallColumn)>;

/** The filters of every call-record page: the patient's practice and the day the call came in. */
const CALL_FILTERS = [
  F.practice,
  { key: 'started', label: 'Call Date', dateRange: true },
] as const satisfies readonly ListFilter[];

/** What the seven pages share besides their name, route, columns and order. */
const RECORD_PAGE = {
  ...CALL_AGENT_ACCESS,
  row: callRecordRow,
  idKey: 'call_id',
  searchPlaceholder: 'Search patient name, RPM ID or number',
  exports: ['pdf', 'csv'],
} as const;

/** aws-missed-history: the calls an agent missed (000 §4.9 'Missed'), newest first, and whether returned. */
export const awsMissedHistoryList = defineList({
  ...RECORD_PAGE,
  name: 'aws-missed-history',
  title: 'Missed Call History',
  spec: '000 §2.4, §4.9',
  route: LIST_ROUTES.awsMissedHistory,
  columns: [
    COL.started('Call Time'),
    COL.patient,
    COL.practice,
    COL.number,
    COL.agent,
    COL.returned('Returned'),
    COL.returnedBy,
  ],
  defaultSort: { key: 'started_at', order: 'desc' },
  filters: CALL_FILTERS,
});

/** aws-callback: callbacks callers asked for in the queue, not yet returned, the soonest due first. */
export const awsCallbackList = defineList({
  ...RECORD_PAGE,
  name: 'aws-callback',
  title: 'Callbacks',
  spec: '000 §2.4',
  route: LIST_ROUTES.awsCallback,
  columns: [COL.due, COL.patient, COL.practice, COL.number, COL.started('Requested')],
  defaultSort: { key: 'callback_due_at', order: 'asc' },
  filters: CALL_FILTERS,
});

/** aws-callback-history: callbacks returned, the latest first. */
export const awsCallbackHistoryList = defineList({
  ...RECORD_PAGE,
  name: 'aws-callback-history',
  title: 'Callback History',
  spec: '000 §2.4',
  route: LIST_ROUTES.awsCallbackHistory,
  columns: [
    COL.returned('Called Back'),
    COL.patient,
    COL.practice,
    COL.number,
    COL.started('Requested'),
    COL.due,
    COL.returnedBy,
  ],
  defaultSort: { key: 'returned_at', order: 'desc' },
  filters: CALL_FILTERS,
});

/** aws-voicemail: voicemails not yet returned, the oldest first. */
export const awsVoicemailList = defineList({
  ...RECORD_PAGE,
  name: 'aws-voicemail',
  title: 'Voicemail',
  spec: '000 §2.4',
  route: LIST_ROUTES.awsVoicemail,
  columns: [COL.started('Received'), COL.patient, COL.practice, COL.number, COL.duration('Length')],
  defaultSort: { key: 'started_at', order: 'asc' },
  filters: CALL_FILTERS,
});

/** aws-voicemail-history: voicemails returned, the latest first. */
export const awsVoicemailHistoryList = defineList({
  ...RECORD_PAGE,
  name: 'aws-voicemail-history',
  title: 'Voicemail History',
  spec: '000 §2.4',
  route: LIST_ROUTES.awsVoicemailHistory,
  columns: [
    COL.returned('Returned'),
    COL.patient,
    COL.practice,
    COL.number,
    COL.started('Received'),
    COL.duration('Length'),
    COL.returnedBy,
  ],
  defaultSort: { key: 'returned_at', order: 'desc' },
  filters: CALL_FILTERS,
});

/**
 * aws-unattended-calls: inbound calls no agent took (abandoned in the queue or after hours), open ones by default,
 * newest first.
 */
export const awsUnattendedCallsList = defineList({
  ...RECORD_PAGE,
  name: 'aws-unattended-calls',
  title: 'Unattended Calls',
  spec: '000 §2.4',
  route: LIST_ROUTES.awsUnattendedCalls,
  columns: [
    COL.started('Call Time'),
    COL.patient,
    COL.practice,
    COL.number,
    COL.duration('Waited'),
    COL.returned('Returned'),
    COL.returnedBy,
  ],
  defaultSort: { key: 'started_at', order: 'desc' },
  filters: [
    {
      key: 'returned',
      label: 'State',
      options: [
        { value: 'open', label: 'Not returned' },
        { value: 'returned', label: 'Returned' },
      ],
    },
    ...CALL_FILTERS,
  ],
  defaultFilters: { returned: 'open' },
});
