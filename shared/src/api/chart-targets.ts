import { z } from 'zod';
import { monthsBefore } from '../calendar.js';
import { COMPLIANCE_STRIP_MONTHS, COMPLIANCE_STRIP_MONTHS_BACK } from '../constants.js';
import type { StripMonth } from '../lists/format.js';
import { CHART } from './chart-common.js';
import { defineCall } from './contract.js';
import { recordIdParam } from './ids.js';

/** The chart's monthly targets and compliance strip (001 §2.3, §2.9, §3, §4, §9); access as in chart.ts. */

// ── Monthly targets and compliance strip (001 §2.3, §2.9, §3, §4, §9) ────────────────────────────────────

/**
 * The months of the compliance strip (001 §2.9, §9): five squares counting from six months back. We count the
 * current month as the first of the six, so the strip shows the five full months before the current one (the
 * month being measured would always look red). Returns 'YYYY-MM', oldest first.
 */
export function complianceStripMonths(today: string): string[] {
  const months: string[] = [];
  for (
    let n = COMPLIANCE_STRIP_MONTHS_BACK - 1;
    n > COMPLIANCE_STRIP_MONTHS_BACK - 1 - COMPLIANCE_STRIP_MONTHS;
    n--
  ) {
    months.push(monthsBefore(today.slice(0, 7), n));
  }
  return months;
}

/**
 * A strip square's colour (001 §4 "Compliance strip square colour"): grey before the set-up date's month (and with
 * no set-up date), light green when the month's flag for the shown type is set, red otherwise.
 */
export function complianceSquareColour(
  month: string,
  setupDate: string | null,
  flag: boolean,
): 'grey' | 'lightGreen' | 'red' {
  if (setupDate === null || month < setupDate.slice(0, 7)) return 'grey';
  return flag ? 'lightGreen' : 'red';
}

/** A strip square's state as the patient lists and the Compliance Info tab carry it (001 §4 colours). */
export function complianceStripState(
  month: string,
  setupDate: string | null,
  met: boolean,
): StripMonth['state'] {
  const colour = complianceSquareColour(month, setupDate, met);
  return colour === 'grey' ? 'before' : colour === 'lightGreen' ? 'met' : 'missed';
}

/** A calendar month 'YYYY-MM' in a query. */
export const monthParam = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be YYYY-MM');

/** Progress towards a time goal (001 §2.3 monthly targets, §9). */
const timeTarget = z.object({
  seconds: z.number().int(),
  goal_minutes: z.number().int(),
  /** The code the goal bills; null when not met yet. */
  code: z.string().nullable(),
});

export const getMonthlyTargets = defineCall({
  method: 'GET',
  path: 'rpm/dashboard/getMonthlyTargets',
  spec: '001 §2.3, §2.9, §3 (Monthly target data, CPT history), §4 compliance strip, §9',
  summary:
    "The month's targets from the billing summary (reading days against 16, RPM and CCM minutes against their goals, set-up), the CPT history and the compliance strip",
  access: CHART,
  query: z.object({
    patient_id: recordIdParam,
    /** 'YYYY-MM'; the current month when absent. */
    month: monthParam.optional(),
  }),
  response: z.object({
    status: z.number().int(),
    data: z.object({
      /** The billing code columns (001 §3): 'Setup', '16 Days Readings', 'RPM Time-20 mins', ... */
      columns: z.array(z.string()),
      /** The month shown: its first and last day. */
      range: z.object({ from: z.string(), to: z.string() }),
      setup: z.object({ setup_date: z.string().nullable(), code: z.string().nullable() }),
      compliance: z.object({ days: z.number().int(), target: z.number().int(), code: z.string().nullable() }),
      rpm_time: timeTarget,
      additional_rpm_time: timeTarget,
      ccm_time: timeTarget,
      additional_ccm_time: timeTarget,
      /** Codes billed per month, newest first (the last 24 months). */
      cpt_history: z.array(z.object({ date: z.string(), code: z.string() })),
      /** The five squares, oldest first. */
      strip: z.array(
        z.object({
          month: z.string(),
          month_name: z.string(),
          /** Before the set-up month (grey). */
          before_setup: z.boolean(),
          /** RPM: 16 reading days (99454). */
          rpm: z.boolean(),
          /** CCM: the month's first CCM time goal met. */
          ccm: z.boolean(),
        }),
      ),
    }),
  }),
});
