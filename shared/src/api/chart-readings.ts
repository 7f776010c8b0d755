import { z } from 'zod';
import { calendarDay, daysBetween } from '../calendar.js';
import { alertAcknowledgement } from './alert-policy.js';
import { CHART, paging, patientQuery } from './chart-common.js';
import { defineCall } from './contract.js';
import { listEnvelope, okAnswer, pageEnvelope } from './envelope.js';
import { recordId, recordIdParam } from './ids.js';

/** The chart's Devices, Readings and Alerts tabs (decisions.md "Chart calls"); access as in chart.ts. */

// ── Devices and readings ─────────────────────────────────────────────────────────────────────────────────

const vitalRef = z.object({ vital_id: z.number().int(), vital_type: z.string(), unit: z.string() });

export const patientDevice = z.object({
  device_assign_id: z.number().int(),
  inventory_id: z.number().int(),
  IMEI: z.string(),
  device_name: z.string(),
  device_type_id: z.number().int(),
  device_type: z.string(),
  /** File name under icons/ (000 §7). */
  icon: z.string(),
  assigned_at: z.string(),
  unassigned_at: z.string().nullable(),
  /** Assigned now (not returned). */
  current: z.boolean(),
  last_reading_at: z.string().nullable(),
  /** The device's rule in force today, if any. */
  active_rule_id: z.number().int().nullable(),
  vitals: z.array(vitalRef),
});
export type PatientDevice = z.infer<typeof patientDevice>;

export const getPatientDevices = defineCall({
  method: 'GET',
  path: 'rpm/devices/getPatientDevices',
  spec: '000 §2.3 (Devices tab); 001 §2.2 (the rule form lists current devices; none: No Device Available)',
  summary: "The patient's device assignments, current first, with each device's vitals and rule in force",
  access: CHART,
  query: patientQuery,
  response: listEnvelope(patientDevice),
});

/** Longest range the readings tab asks for at once. */
export const READINGS_RANGE_MAX_DAYS = 366;
/** Most readings answered per vital (the newest are kept). */
export const READINGS_PER_VITAL_MAX = 5000;

const thresholdsOut = z.object({
  critical_low: z.number(),
  abnormal_low: z.number(),
  abnormal_high: z.number().nullable(),
  critical_high: z.number().nullable(),
});

/** Why an out-of-range reading raised no alert: a snooze of its bound, or an acknowledged alert (re-alert suppression). */
const heldBy = z.enum(['snoozed', 'acknowledged']);

export const getPatientReadings = defineCall({
  method: 'GET',
  path: 'rpm/readings/getPatientReadings',
  spec: '000 §2.3 (Readings tab); 001 §2.6; issue 41 §3',
  summary: `Readings per vital between two days (at most ${READINGS_RANGE_MAX_DAYS} days), each with the device that sent it, and the bounds of the rule in force today`,
  access: CHART,
  query: z
    .object({
      patient_id: recordIdParam,
      from: calendarDay('from must be a day, YYYY-MM-DD'),
      to: calendarDay('to must be a day, YYYY-MM-DD'),
      vital_id: recordIdParam.optional(),
    })
    .refine((q) => q.to >= q.from, { message: 'to must not be before from', path: ['to'] })
    .refine((q) => daysBetween(q.from, q.to) < READINGS_RANGE_MAX_DAYS, {
      message: `The range may span ${READINGS_RANGE_MAX_DAYS} days at most`,
      path: ['to'],
    }),
  response: z.object({
    status: z.number().int(),
    data: z.object({
      vitals: z.array(
        vitalRef.extend({
          device_type_id: z.number().int(),
          /** The bounds of the device's rule in force today; null without one. */
          thresholds: thresholdsOut.nullable(),
          /** Weight: the rule in force's gain and loss over the dry weight; null without a rule or a dry weight. */
          weight_rule: z
            .object({ dry_weight: z.number(), gain: z.number().nullable(), loss: z.number().nullable() })
            .nullable(),
          readings: z.array(
            z.object({
              reading_id: z.number().int(),
              taken_at: z.string(),
              value: z.number(),
              /** The device that sent it: one of `devices`. */
              device_assign_id: z.number().int(),
              /** The alert the reading raised, if any. */
              alert_level: z.enum(['abnormal', 'critical']).nullable(),
              /** Out of range, but held instead of raising an alert; null when not held. */
              held: heldBy.nullable(),
            }),
          ),
          /** More readings than READINGS_PER_VITAL_MAX fell in the range; the oldest were left out. */
          truncated: z.boolean(),
        }),
      ),
      /** The devices that sent the readings answered. */
      devices: z.array(
        z.object({
          device_assign_id: z.number().int(),
          device_name: z.string(),
          IMEI: z.string(),
          device_type: z.string(),
        }),
      ),
    }),
  }),
});

// ── Alerts ───────────────────────────────────────────────────────────────────────────────────────────────

export const patientAlert = z.object({
  alert_id: z.number().int(),
  reading_id: z.number().int(),
  notification_rule_id: z.number().int().nullable(),
  vital_id: z.number().int(),
  vital_type: z.string(),
  unit: z.string(),
  device_name: z.string(),
  value: z.number(),
  level: z.enum(['abnormal', 'critical']),
  direction: z.enum(['low', 'high']),
  bound: z.number(),
  taken_at: z.string(),
  created_at: z.string(),
  acknowledged_at: z.string().nullable(),
  acknowledged_by: z.string().nullable(),
});
export type PatientAlert = z.infer<typeof patientAlert>;

export const getPatientAlerts = defineCall({
  method: 'GET',
  path: 'rpm/alerts/getPatientAlerts',
  spec: '000 §2.3 (Alerts tab); issue 5 part 5',
  summary: "The patient's alerts raised from readings, newest first: all, open or acknowledged",
  access: CHART,
  query: z.object({
    patient_id: recordIdParam,
    state: z.enum(['all', 'open', 'acknowledged']).default('all'),
    ...paging,
  }),
  response: pageEnvelope(patientAlert),
});

export const acknowledgeAlerts = defineCall({
  method: 'POST',
  path: 'rpm/alerts/acknowledgeAlerts',
  spec: 'issue 5 part 5 (ours)',
  summary:
    'Acknowledges alerts of one patient with a note (already acknowledged ones are left as they were); optional minutes are logged to the chosen program; an alert is never raised again for the same reading',
  access: CHART,
  body: alertAcknowledgement.extend({ patient_id: recordId, alert_id: z.array(recordId).min(1).max(500) }),
  response: okAnswer.extend({ data: z.object({ acknowledged: z.number().int() }) }),
});
