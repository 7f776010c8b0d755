import { z } from 'zod';
import { TIMER_PROGRAMS } from './chart-activity.js';

/**
 * The alert policy's acknowledgement (decisions.md "Acknowledging alerts"): wherever an alert is acknowledged
 * (the worklist, the chart's Alerts tab, several at once) it takes a note, and optional minutes of care logged to the
 * program chosen. Every acknowledging call's body extends these fields; the client's dialog checks the same schema.
 */

export const ACK_NOTE_MAX = 1000;
export const ACK_MINUTES_MAX = 120;
export const ACK_NOTE_REQUIRED = 'note is required';

export const alertAcknowledgement = z.object({
  note: z.string().trim().min(1, ACK_NOTE_REQUIRED).max(ACK_NOTE_MAX),
  /** Minutes of care to log per patient with a newly acknowledged alert (optional). */
  minutes: z.number().int().min(1).max(ACK_MINUTES_MAX).optional(),
  /** The program the minutes count toward. */
  program: z.enum(TIMER_PROGRAMS).default('RPM'),
});
export type AlertAcknowledgement = z.input<typeof alertAcknowledgement>;

/**
 * Escalation (decisions.md "Alert escalation"): an alert unacknowledged for its level's minutes (a practice setting)
 * goes to the next tier of the chain, each tier that many minutes after the one before.
 */
export const ESCALATION_MINUTES_DEFAULT = { critical: 15, abnormal: 240 } as const;
/** The longest a practice may set: a day for critical, a week for abnormal (0050's CHECKs). */
export const ESCALATION_MINUTES_MAX = { critical: 1440, abnormal: 10080 } as const;

/** The escalation chain: the patient's care team, by who they are to the patient. */
export const ESCALATION_CHAIN = [
  { role: 'care_coordinator', label: 'Care coordinator' },
  { role: 'clinical_staff', label: 'Clinical staff' },
  { role: 'physician', label: 'Physician' },
] as const;
export type EscalationRole = (typeof ESCALATION_CHAIN)[number]['role'];
