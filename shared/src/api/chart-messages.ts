import { z } from 'zod';
import { MSG } from '../messages.js';
import { TIMER_PROGRAMS } from './chart-activity.js';
import { CHART, idempotencyHeaders, paging } from './chart-common.js';
import { defineCall } from './contract.js';
import { okAnswer, pageEnvelope } from './envelope.js';
import { recordId, recordIdParam } from './ids.js';
import { chartText } from './rules.js';

/**
 * The chart's Messages tab (000 §2.3): two-way text messages with the patient, outbound free text or from
 * a Message Template chosen by Messages Category (000 §6.2 configurations), inbound from the SMS provider's webhook.
 * Paths: decisions.md "Message and reminder calls".
 */

/** Longest outbound message: three SMS segments (decisions.md "Message length"). */
export const MESSAGE_MAX = 480;
/** Longest inbound message stored (providers join long texts; decisions.md "Message length"). */
export const INBOUND_MESSAGE_MAX = 1600;
/** Most minutes one send logs to the activity timer's log (decisions.md "Time spent on a message"). */
export const MESSAGE_MINUTES_MAX = 60;

/** The header that carries the SMS provider's key on the webhook calls (like the intake's x-device-key). */
export const SMS_KEY_HEADER = 'x-sms-key';

/**
 * Where a message stands: queued (handed to the provider), sent, delivered, failed (provider's word), not_sent (no
 * provider configured: kept in the outbox), received (inbound).
 */
export const MESSAGE_STATUSES = ['queued', 'sent', 'delivered', 'failed', 'not_sent', 'received'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** What the thread says for each status (decisions.md "Message delivery status"). */
export const MESSAGE_STATUS_TEXT: Readonly<Record<MessageStatus, string>> = {
  queued: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
  not_sent: 'Not sent: no SMS provider configured',
  received: 'Received',
};

/** A template's placeholder for the patient's first name, filled by {@link fillTemplate}. */
const FIRST_NAME = '{first_name}';

/** A template's text for a patient: the one way the Messages tab fills a template. */
export const fillTemplate = (body: string, firstName: string): string =>
  body.split(FIRST_NAME).join(firstName);

export const patientMessage = z.object({
  message_id: z.number().int(),
  direction: z.enum(['out', 'in']),
  body: z.string(),
  phone: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  status_detail: z.string().nullable(),
  template_id: z.number().int().nullable(),
  reminder_id: z.number().int().nullable(),
  /** The staff member who sent it; null for reminders and inbound messages. */
  sender_name: z.string().nullable(),
  created_at: z.string(),
  status_at: z.string(),
});
export type PatientMessage = z.infer<typeof patientMessage>;

export const getPatientMessages = defineCall({
  method: 'GET',
  path: 'rpm/messages/getPatientMessages',
  spec: '000 §2.3 (Messages tab; ours)',
  summary: "The patient's message thread, newest first, both directions, with delivery status",
  access: CHART,
  query: z.object({ patient_id: recordIdParam, ...paging }),
  response: pageEnvelope(patientMessage),
});

export const messageTemplate = z.object({
  template_id: z.number().int(),
  category_id: z.number().int(),
  title: z.string(),
  body: z.string(),
});

export const getMessageTemplates = defineCall({
  method: 'GET',
  path: 'rpm/messages/getMessageTemplates',
  spec: '000 §6.2 Messages Category, Message Template (ours)',
  summary: 'The active Messages Categories with their active Message Templates',
  access: CHART,
  response: z.object({
    status: z.number().int(),
    data: z.array(
      z.object({ category_id: z.number().int(), name: z.string(), templates: z.array(messageTemplate) }),
    ),
  }),
});

export const sendPatientMessage = defineCall({
  method: 'POST',
  path: 'rpm/messages/sendPatientMessage',
  spec: '000 §2.3 (Messages tab; ours)',
  summary: `Texts the patient's mobile (1 to ${MESSAGE_MAX} characters, free or from a template) through the SMS provider; minutes, when given, log the time spent`,
  access: CHART,
  headers: idempotencyHeaders,
  body: z.object({
    patient_id: recordId,
    body: chartText(MESSAGE_MAX).refine((text) => text.trim() !== '', MSG.required),
    template_id: recordId.optional(),
    minutes: z.number().int().min(1).max(MESSAGE_MINUTES_MAX).optional(),
    program: z.enum(TIMER_PROGRAMS).default('RPM'),
  }),
  response: okAnswer.extend({ data: patientMessage }),
});

// ── The SMS provider's webhooks (no session: the key in x-sms-key, checked by the handler) ───────────────────

export const receiveSms = defineCall({
  method: 'POST',
  path: 'ingest/sms',
  spec: 'issue 13 Messages (ours)',
  summary:
    "An inbound text from a patient's phone; stored once per provider message id in the thread of the patient with that number",
  access: 'public',
  headers: z.object({ [SMS_KEY_HEADER]: z.string().max(200).optional() }),
  body: z.object({
    from: z.string().regex(/^\+?[0-9 ().-]{7,20}$/, 'from must be a phone number'),
    body: chartText(INBOUND_MESSAGE_MAX).refine((text) => text.trim() !== '', 'body must not be empty'),
    provider_message_id: z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'provider_message_id is 1 to 100 characters'),
  }),
  response: z.object({
    status: z.number().int(),
    data: z.object({ message_id: z.number().int(), matched: z.boolean(), duplicate: z.boolean() }),
  }),
});

export const smsDeliveryStatus = defineCall({
  method: 'POST',
  path: 'ingest/sms-status',
  spec: 'issue 13 Messages (ours)',
  summary: "The provider's delivery report for a message it sent",
  access: 'public',
  headers: z.object({ [SMS_KEY_HEADER]: z.string().max(200).optional() }),
  body: z.object({
    provider_message_id: z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'provider_message_id is 1 to 100 characters'),
    status: z.enum(['sent', 'delivered', 'failed']),
    detail: chartText(300).optional(),
  }),
  response: okAnswer,
});
