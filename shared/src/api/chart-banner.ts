import { z } from 'zod';
import { BILLING_CODES, type BillingProgram } from '../billing/program-codes.js';
import { CHART, patientQuery } from './chart-common.js';
import { defineCall } from './contract.js';

/** The chart's patient banner (issue 41 §2; decisions.md "Patient banner"); access as in chart.ts. */

export const getPatientBanner = defineCall({
  method: 'GET',
  path: 'rpm/chart/getPatientBanner',
  spec: '000 §2.3 chart header; 001 §9 codes (ours: issue 41 §2)',
  summary:
    "What the banner on every chart tab shows beside the demographics: programs and statuses, care team, the last reading of each vital, open alerts, and this month's reading days and minutes per program",
  access: CHART,
  query: patientQuery,
  response: z.object({
    status: z.number().int(),
    data: z.object({
      /** Each program the patient has a status or an order in, with the status's label (null: ordered only). */
      programs: z.array(z.object({ program: z.string(), status: z.string().nullable() })),
      care_team: z.array(z.object({ role: z.string(), name: z.string() })),
      last_readings: z.array(
        z.object({ vital_type: z.string(), unit: z.string(), value: z.number(), taken_at: z.string() }),
      ),
      open_alerts: z.object({ critical: z.number().int(), abnormal: z.number().int() }),
      /** The current month, 'YYYY-MM' (UTC; decisions.md "UTC days"). */
      month: z.string(),
      reading_days: z.number().int(),
      /** Seconds logged this month per program that has any. */
      seconds: z.record(z.string(), z.number().int()),
    }),
  }),
});

/** A mark on a progress bar: the threshold at which a code is reached. */
export interface ProgressMark {
  readonly at: number;
  readonly code: string;
}

/**
 * The marks the banner draws for a program, read from the code declaration (program-codes.ts), so a new code moves
 * them: the reading-day codes (99445 at 2, 99454 at 16) and the first-tier minute codes anyone's time reaches
 * (99470 at 10, 99457 at 20), as in force on `day`. Marks at one threshold show once.
 */
export function progressMarks(
  program: BillingProgram,
  day: string,
): { days: ProgressMark[]; minutes: ProgressMark[] } {
  // Complex CCM needs a decision the minutes do not show; it is no mark of the month's progress.
  const inForce = BILLING_CODES.filter(
    (c) => c.program === program && c.effectiveFrom <= day && c.when?.complexCare === undefined,
  );
  const sorted = (marks: ProgressMark[]) =>
    [...new Map(marks.map((m) => [m.at, m])).values()].sort((a, b) => a.at - b.at);
  return {
    days: sorted(
      inForce.flatMap((c) => (c.measure.kind === 'days' ? [{ at: c.measure.min, code: c.code }] : [])),
    ),
    minutes: sorted(
      inForce.flatMap((c) =>
        c.measure.kind === 'minutes' && c.measure.by === 'any' ? [{ at: c.measure.min, code: c.code }] : [],
      ),
    ),
  };
}
