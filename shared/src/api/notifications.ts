import { z } from 'zod';
import { NOTIFICATION_MESSAGE_MAX } from '../constants.js';
import { MSG } from '../messages.js';
import { listPatient } from '../patient-identity.js';
import { defineCall } from './contract.js';
import { listEnvelope, okAnswer } from './envelope.js';
import { recordId, recordIdParam } from './ids.js';

/** A notification as the hub pushes it (000 §2.8, §3): the patient, the device-type icon file and the HTML message. */
export const notificationEntry = z.object({
  notification_id: z.number().int(),
  fk_patient_id: z.number().int().nullable(),
  device_type_icon: z.string().nullable(),
  /** HTML; the client sanitises it (DOMPurify) before showing it. */
  notification_message: z.string(),
  created_at: z.string(),
  is_read: z.union([z.literal(0), z.literal(1)]),
});

/**
 * A bell entry: the notification and its patient named as every screen names one (DOB, MRN or RPM ID,
 * 'Same name'), null for a notification without a patient. The push leaves it out: the bell reloads on a push.
 */
export const bellNotification = notificationEntry.extend({ patient: listPatient.nullable() });
export type BellNotification = z.infer<typeof bellNotification>;

export const getAllForBellIcon = defineCall({
  method: 'GET',
  path: 'rpm/notification/getAllForBellIcon',
  spec: '000 §2.8, §7',
  summary: "The signed-in user's notifications that are not cleared, newest first (at most 100)",
  access: 'session',
  response: listEnvelope(bellNotification),
});

export const getUnreadCount = defineCall({
  method: 'GET',
  path: 'rpm/notification/getUnreadCount',
  spec: '000 §4.6, §7',
  summary: "Unread notifications of the signed-in user (user_id must be the user's own)",
  access: 'session',
  query: z.object({ user_id: recordIdParam }),
  response: z.object({ status: z.number().int(), data: z.array(z.object({ count: z.number().int() })) }),
});

export const readAll = defineCall({
  method: 'GET',
  path: 'rpm/notification/readAll',
  spec: '000 §4.6, §7',
  summary: "Marks the user's notifications about one patient as read",
  access: 'session',
  query: z.object({
    user_id: recordIdParam,
    patient_id: recordIdParam,
  }),
  response: okAnswer,
});

export const clearAllNotificationsForUser = defineCall({
  method: 'POST',
  path: 'rpm/notification/clearAllNotificationsForUser',
  spec: '000 §2.8, §4.6, §7',
  summary: "Clears all of the user's notifications (userid must be the user's own)",
  access: 'session',
  body: z.object({ userid: recordId, roleid: z.number().int() }),
  response: okAnswer,
});

export const getUserTypes = defineCall({
  method: 'GET',
  path: 'rpm/notification/getUserTypes',
  spec: '000 §2.9, §7',
  summary: 'Roles a notification can be sent to (staff roles; not patients)',
  access: 'session',
  response: z.object({
    status: z.number().int(),
    data: z.array(z.object({ role_id: z.number().int(), role: z.string() })),
  }),
});

export const getUsers = defineCall({
  method: 'GET',
  path: 'rpm/notification/getUsers',
  spec: '000 §2.9, §7',
  summary:
    "Active users of a role in the sender's organisation (all organisations for role 1), without the sender",
  access: 'session',
  query: z.object({
    role_id: recordIdParam,
    org_id: recordIdParam.optional(),
    user_id: recordIdParam,
  }),
  response: z.object({
    status: z.number().int(),
    data: z.array(z.object({ user_id: z.number().int(), name: z.string() })),
  }),
});

/** 000 §5: letters, digits, underscore and space, 1 to 300 characters. */
export const NOTIFICATION_MESSAGE_PATTERN = new RegExp(`^[A-Za-z0-9_ ]{1,${NOTIFICATION_MESSAGE_MAX}}$`);

/**
 * Why a notification message is refused on Save (000 §5, §8), or undefined when it is fine: the spec's message for
 * the actual fault (issue 44): blank or only spaces 'Required', a disallowed character the character message, over
 * 300 characters the length message.
 */
export function notificationMessageError(message: string): string | undefined {
  if (message.trim() === '') return MSG.required;
  if (/[^A-Za-z0-9_ ]/.test(message)) return MSG.messageSpecialChars;
  if (!NOTIFICATION_MESSAGE_PATTERN.test(message)) return MSG.messageTooLong;
  return undefined;
}

export const sendNotification = defineCall({
  method: 'POST',
  path: 'rpm/notification/sendNotification',
  spec: '000 §2.9, §4.8, §5, §7',
  summary: 'Sends a text notification to one user; it reaches an open client at once over the hub',
  access: 'session',
  body: z.object({
    user_id_from: recordId,
    user_id_to: recordId,
    message: z.string().superRefine((message, ctx) => {
      const error = notificationMessageError(message);
      if (error) ctx.addIssue({ code: 'custom', message: error });
    }),
  }),
  response: z.object({ status: z.boolean(), message: z.string() }),
});
