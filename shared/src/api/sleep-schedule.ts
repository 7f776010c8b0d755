import { z } from 'zod';
import { calendarDay, daysBetween } from '../calendar.js';
import {
  CALENDAR_RANGE_MAX_DAYS,
  SLEEP_VISIT_DURATION_MAX,
  SLEEP_VISIT_DURATION_MIN,
  SLEEP_VISIT_NOTES_MAX,
  sleepAppointmentRow,
  sleepConsultRow,
} from '../lists/sleep-schedule.js';
import { listPatient } from '../patient-identity.js';
import { idempotencyHeaders } from './chart-common.js';
import { defineCall } from './contract.js';
import { listEnvelope, okAnswer } from './envelope.js';
import { recordId } from './ids.js';

/** Sleep consults, appointments and the calendar's range (001 §2.4; decisions.md "Sleep schedule calls"). */

const CONSULTS = { page: 'Sleep Consults' } as const;
const APPOINTMENTS = { page: 'Sleep Appointments' } as const;

/** A visit's start: an ISO instant with its offset (the client sends the clinic's local time as UTC). */
const scheduledAt = z.iso.datetime({ offset: true, message: 'scheduled_at must be a date and time' });
const visitFields = {
  scheduled_at: scheduledAt,
  duration_minutes: z
    .number()
    .int()
    .min(
      SLEEP_VISIT_DURATION_MIN,
      `duration_minutes must be ${SLEEP_VISIT_DURATION_MIN} to ${SLEEP_VISIT_DURATION_MAX}`,
    )
    .max(
      SLEEP_VISIT_DURATION_MAX,
      `duration_minutes must be ${SLEEP_VISIT_DURATION_MIN} to ${SLEEP_VISIT_DURATION_MAX}`,
    ),
  notes: z
    .string()
    .trim()
    .max(SLEEP_VISIT_NOTES_MAX, `notes must be at most ${SLEEP_VISIT_NOTES_MAX} characters`),
};
const consultType = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]);
/** A scheduled visit's outcome (Scheduled → Completed / No Show / Connectivity Issue). */
const outcome = z.union([z.literal(3), z.literal(4), z.literal(6)]);

const consultFields = z.object({ physician_id: recordId, consult_type: consultType, ...visitFields });
const appointmentFields = z.object({ technician_id: recordId, ...visitFields });
export type ConsultFields = z.infer<typeof consultFields>;
export type AppointmentFields = z.infer<typeof appointmentFields>;

const consultAnswer = okAnswer.extend({ data: sleepConsultRow });
const appointmentAnswer = okAnswer.extend({ data: sleepAppointmentRow });

export const addSleepConsult = defineCall({
  method: 'POST',
  path: 'rpm/sleep/addSleepConsult',
  spec: '000 §2.4 Sleep Consults; 001 §2.4 consult types (ours)',
  summary: 'Schedules a consult for a patient in scope with a physician of the patient’s practice',
  access: CONSULTS,
  headers: idempotencyHeaders,
  body: consultFields.extend({ patient_id: recordId }),
  response: consultAnswer,
});

export const updateSleepConsult = defineCall({
  method: 'POST',
  path: 'rpm/sleep/updateSleepConsult',
  spec: '000 §2.4 Sleep Consults (ours)',
  summary: 'Edits a scheduled consult (physician, type, time, duration, notes)',
  access: CONSULTS,
  body: consultFields.extend({ consult_id: recordId }),
  response: consultAnswer,
});

export const setSleepConsultStatus = defineCall({
  method: 'POST',
  path: 'rpm/sleep/setSleepConsultStatus',
  spec: '001 §2.4 statuses (ours)',
  summary: 'Closes a scheduled consult as Completed, No Show or Connectivity Issue',
  access: CONSULTS,
  body: z.object({ consult_id: recordId, status: outcome }),
  response: consultAnswer,
});

export const cancelSleepConsult = defineCall({
  method: 'POST',
  path: 'rpm/sleep/cancelSleepConsult',
  spec: '000 §2.4 Sleep Consults (ours)',
  summary: 'Cancels a scheduled consult: it leaves the list',
  access: CONSULTS,
  body: z.object({ consult_id: recordId }),
  response: okAnswer,
});

export const addSleepAppointment = defineCall({
  method: 'POST',
  path: 'rpm/sleep/addSleepAppointment',
  spec: '000 §2.4 Sleep Appointments; 000 §2.2 technician-calendar (ours)',
  summary: 'Schedules an appointment for a patient in scope with a technician of the patient’s practice',
  access: APPOINTMENTS,
  headers: idempotencyHeaders,
  body: appointmentFields.extend({ patient_id: recordId }),
  response: appointmentAnswer,
});

export const updateSleepAppointment = defineCall({
  method: 'POST',
  path: 'rpm/sleep/updateSleepAppointment',
  spec: '000 §2.4 Sleep Appointments (ours)',
  summary: 'Edits a scheduled appointment (technician, time, duration, notes)',
  access: APPOINTMENTS,
  body: appointmentFields.extend({ appointment_id: recordId }),
  response: appointmentAnswer,
});

export const setSleepAppointmentStatus = defineCall({
  method: 'POST',
  path: 'rpm/sleep/setSleepAppointmentStatus',
  spec: '001 §2.4 appointment statuses (ours)',
  summary: 'Closes a scheduled appointment as Completed, No Show or Connectivity Issue',
  access: APPOINTMENTS,
  body: z.object({ appointment_id: recordId, status: outcome }),
  response: appointmentAnswer,
});

export const cancelSleepAppointment = defineCall({
  method: 'POST',
  path: 'rpm/sleep/cancelSleepAppointment',
  spec: '000 §2.4 Sleep Appointments (ours)',
  summary: 'Cancels a scheduled appointment: it leaves the list and the calendar',
  access: APPOINTMENTS,
  body: z.object({ appointment_id: recordId }),
  response: okAnswer,
});

const day = (field: string) => calendarDay(`${field} must be a calendar day, YYYY-MM-DD`);

export const getAppointmentsInRange = defineCall({
  method: 'GET',
  path: 'rpm/sleep/getAppointmentsInRange',
  spec: '000 §2.2 technician-calendar; issue 15 §3 (ours)',
  summary: `The appointments in scope from one day to another (at most ${CALENDAR_RANGE_MAX_DAYS} days), cancelled ones left out`,
  access: APPOINTMENTS,
  query: z
    .object({
      from: day('from'),
      to: day('to'),
      technician_id: z.coerce.number().int().positive().optional(),
    })
    .superRefine((q, ctx) => {
      if (q.to < q.from)
        ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
      else if (daysBetween(q.from, q.to) + 1 > CALENDAR_RANGE_MAX_DAYS)
        ctx.addIssue({
          code: 'custom',
          path: ['to'],
          message: `The range is at most ${CALENDAR_RANGE_MAX_DAYS} days`,
        });
    }),
  response: listEnvelope(sleepAppointmentRow),
});

/** Patients in scope a visit can be scheduled for, by name or RPM ID (the schedule forms' picker). */
const patientPick = z.object({
  patient_id: z.number().int(),
  patient_name: z.string(),
  dob: z.string(),
  patient: listPatient,
});
const searchQuery = z.object({ search: z.string().trim().min(1, 'search is required').max(100) });
export const findAppointmentPatients = defineCall({
  method: 'GET',
  path: 'rpm/sleep/findAppointmentPatients',
  spec: 'issue 15 §3 (ours)',
  summary: 'Up to 20 patients in scope matching a name or RPM ID, for an appointment',
  access: APPOINTMENTS,
  query: searchQuery,
  response: listEnvelope(patientPick),
});
export const findConsultPatients = defineCall({
  method: 'GET',
  path: 'rpm/sleep/findConsultPatients',
  spec: 'issue 15 §3 (ours)',
  summary: 'Up to 20 patients in scope matching a name or RPM ID, for a consult',
  access: CONSULTS,
  query: searchQuery,
  response: listEnvelope(patientPick),
});
