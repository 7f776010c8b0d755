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
