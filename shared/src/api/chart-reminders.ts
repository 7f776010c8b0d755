import { z } from 'zod';
import { calendarDay } from '../calendar.js';
import { MSG } from '../messages.js';
import { CHART, idempotencyHeaders, paging } from './chart-common.js';
import { MESSAGE_MAX } from './chart-messages.js';
import { defineCall } from './contract.js';
import { okAnswer, pageEnvelope } from './envelope.js';
import { recordId, recordIdParam } from './ids.js';
import { chartText } from './rules.js';

/** The chart's Reminder tab (000 §2.3): scheduled texts to the patient, sent by a job (decisions.md "Reminders"). */

/** What a reminder is about, with the label the form shows. */
export const REMINDER_KINDS = {
  reading: 'Take a reading',
  appointment: 'Appointment',
  medication: 'Medication',
  other: 'Other',
} as const;
export type ReminderKind = keyof typeof REMINDER_KINDS;

/** How often a reminder repeats. */
export const REMINDER_FREQUENCIES = {
  once: 'Once',
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
} as const;

/** Weekdays as RFC 5545 names them, Monday first. */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;

/** Largest repeat interval ("every 12 weeks"). */
export const REMINDER_INTERVAL_MAX = 12;

/** An IANA time zone the runtime knows. */
const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const reminderFields = z.object({
  patient_id: recordId,
  kind: z.enum(Object.keys(REMINDER_KINDS) as [ReminderKind, ...ReminderKind[]]),
  message: chartText(MESSAGE_MAX).refine((text) => text.trim() !== '', MSG.required),
  frequency: z.enum(['once', 'daily', 'weekly', 'monthly']),
  interval: z.number().int().min(1).max(REMINDER_INTERVAL_MAX).default(1),
  /** Weekly reminders: the days it goes out (at least one). */
  weekdays: z.array(z.enum(WEEKDAYS)).max(7).default([]),
  start_date: calendarDay('start_date must be a day, YYYY-MM-DD'),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time must be HH:MM'),
  time_zone: z.string().max(64).refine(isTimeZone, 'time_zone must be an IANA time zone'),
  end_date: calendarDay('end_date must be a day, YYYY-MM-DD').optional(),
});

/** A new reminder: the form on the client validates with this same schema. */
export const reminderSchedule = reminderFields
  .refine((r) => r.frequency !== 'weekly' || r.weekdays.length > 0, {
    message: 'Choose at least one weekday',
    path: ['weekdays'],
  })
  .refine((r) => r.end_date === undefined || r.end_date >= r.start_date, {
    message: 'end_date must not be before start_date',
    path: ['end_date'],
  });
export type ReminderSchedule = z.infer<typeof reminderSchedule>;

export const patientReminder = z.object({
  reminder_id: z.number().int(),
  kind: z.enum(Object.keys(REMINDER_KINDS) as [ReminderKind, ...ReminderKind[]]),
  message: z.string(),
  frequency: z.enum(['once', 'daily', 'weekly', 'monthly']),
  interval: z.number().int(),
  weekdays: z.array(z.enum(WEEKDAYS)),
  start_date: z.string(),
  time: z.string(),
  time_zone: z.string(),
  end_date: z.string().nullable(),
  /** The schedule in words ("every week on Monday at 9:00 (America/New_York)"). */
  schedule: z.string(),
  active: z.boolean(),
  /** When it goes out next; null when it is stopped or has no time left. */
  next_at: z.string().nullable(),
  last_sent_at: z.string().nullable(),
  created_by_name: z.string(),
  created_at: z.string(),
});
export type PatientReminder = z.infer<typeof patientReminder>;

export const getPatientReminders = defineCall({
  method: 'GET',
  path: 'rpm/reminder/getPatientReminders',
  spec: '000 §2.3 (Reminder tab; ours)',
  summary: "The patient's reminders, active first, then newest",
  access: CHART,
  query: z.object({ patient_id: recordIdParam, ...paging }),
  response: pageEnvelope(patientReminder),
});

export const addPatientReminder = defineCall({
  method: 'POST',
  path: 'rpm/reminder/addPatientReminder',
  spec: '000 §2.3 (reminder/{patientId}/{new}; ours)',
  summary: 'Schedules a reminder text to the patient; it must have a time in the future',
  access: CHART,
  headers: idempotencyHeaders,
  body: reminderSchedule,
  response: okAnswer.extend({ data: patientReminder }),
});

export const setReminderActive = defineCall({
  method: 'POST',
  path: 'rpm/reminder/setReminderActive',
  spec: '000 §2.3 (Reminder tab; ours)',
  summary:
    'Pauses (active false) or resumes a reminder; a resumed reminder goes out at its next time from now',
  access: CHART,
  body: z.object({ reminder_id: recordId, active: z.boolean() }),
  response: okAnswer.extend({ data: patientReminder }),
});
