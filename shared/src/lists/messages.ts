import { z } from 'zod';
import { listPatient } from '../patient-identity.js';
import { defineList } from './define-list.js';
import { LIST_ROUTES } from './list-routes.js';
import { patientColumn } from './patient-row.js';

/**
 * Whether a staff text went to the number after an inbound one, by code with the label the row shows; the order the
 * column ranks them (decisions.md "Incoming Messages").
 */
export const REPLY_STATES = { awaiting: 'Awaiting reply', replied: 'Replied' } as const;

/** One inbound text, shown in the thread and on Incoming Messages (decisions.md "Incoming Messages"). */
export const incomingMessageRow = z.object({
  message_id: z.number().int(),
  received_at: z.string(),
  /** The number it came from, E.164. */
  phone: z.string(),
  /** The patient whose mobile number it is; null for an unknown number (decisions.md "Inbound messages"). */
  patient_id: z.number().int().nullable(),
  patient_name: z.string().nullable(),
  patient: listPatient.nullable(),
  practice_name: z.string().nullable(),
  body: z.string(),
  /** REPLY_STATES' label. */
  reply: z.string(),
});
export type IncomingMessageRow = z.infer<typeof incomingMessageRow>;

/**
 * Incoming Messages (000 §2.4): every text patients sent, newest first, with whether the care team has texted the
 * number since (decisions.md "Incoming Messages").
 */
export const incomingMessagesList = defineList({
  name: 'incoming-messages',
  title: 'Incoming Messages',
  spec: '000 §2.4; issue 13 Messages',
  route: LIST_ROUTES.incomingMessages,
  page: 'Billing Utility',
  row: incomingMessageRow,
  idKey: 'message_id',
  columns: [
    { key: 'received_at', label: 'Received', sortable: true, format: 'datetime' },
    patientColumn('/app/patient-chart/messages/{patient_id}'),
    { key: 'practice_name', label: 'Practice', sortable: true },
    { key: 'phone', label: 'From', sortable: true, format: 'phone' },
    { key: 'body', label: 'Message' },
    { key: 'reply', label: 'Reply', sortable: true, rank: Object.values(REPLY_STATES) },
  ],
  defaultSort: { key: 'received_at', order: 'desc' },
  filters: [
    { key: 'received', label: 'Received', dateRange: true },
    {
      key: 'reply',
      label: 'Reply',
      options: Object.entries(REPLY_STATES).map(([value, label]) => ({ value, label })),
    },
  ],
  searchPlaceholder: 'Search name, number or message',
  exports: ['pdf', 'csv'],
});
