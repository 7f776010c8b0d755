import { z } from 'zod';
import { complianceStrip, readingProgress } from '../lists/patient-row.js';
import { CHART, patientQuery } from './chart-common.js';
import { monthParam } from './chart-targets.js';
import { defineCall } from './contract.js';
import { recordIdParam } from './ids.js';

/** The Reports and Compliance Info tabs (000 §2.3; 001 §2.9, §9; decisions.md "Reports and compliance calls"). */

// ── Reports ──────────────────────────────────────────────────────────────────────────────────────────────

/** Months of the compliance table, the current one included (decisions.md "Compliance Info months"). */
export const COMPLIANCE_HISTORY_MONTHS = 12;

/** A month of the patient's figures from the billing summary (patient_month_summary). */
const monthFigures = z.object({
  /** 'YYYY-MM'. */
  month: z.string(),
  reading_days: z.number().int(),
  rpm_seconds: z.number().int(),
  ccm_seconds: z.number().int(),
  /** The codes the month qualifies for, in the billing report's column order. */
  codes: z.array(z.string()),
});

export const getReportMonths = defineCall({
  method: 'GET',
  path: 'rpm/reports/getReportMonths',
  spec: '000 §2.3 (Reports tab; ours, issue 13)',
  summary:
    'The months with readings, minutes or a set-up, newest first, each with its figures and alert count',
  access: CHART,
  query: patientQuery,
  response: z.object({
    status: z.number().int(),
    data: z.array(monthFigures.extend({ alerts: z.number().int() })),
  }),
});

export const generateMonthlyReport = defineCall({
  method: 'GET',
  path: 'rpm/reports/generateMonthlyReport',
  spec: '000 §2.3 (Reports tab; ours, issue 13)',
  summary:
    "The month's RPM summary for the physician as a PDF (application/pdf): readings by vital, alerts and their handling, minutes, reading days, codes met",
  access: CHART,
  query: z.object({ patient_id: recordIdParam, month: monthParam }),
  /** The body is the PDF itself; errors use the JSON error envelope. */
  response: z.unknown(),
});

// ── Compliance Info (001 §2.9, §9) ───────────────────────────────────────────────────────────────────────

export const getComplianceInfo = defineCall({
  method: 'GET',
  path: 'rpm/compliance/getComplianceInfo',
  spec: '001 §2.9, §4 compliance strip, §9 (Compliance Info tab; ours, issue 13)',
  summary:
    'Reading days and minutes month by month, the five-month strip, and the days still needed this month with whether the device-supply codes can still be reached',
  access: CHART,
  query: patientQuery,
  response: z.object({
    status: z.number().int(),
    data: z.object({
      /** The last COMPLIANCE_HISTORY_MONTHS months, newest first; months without activity show zeros. */
      months: z.array(monthFigures),
      /** The five squares of 001 §2.9, oldest first. */
      strip: complianceStrip,
      current: z.object({
        month: z.string(),
        reading_days: z.number().int(),
        /** Days in the month still to come, today included. */
        days_left: z.number().int(),
        /** Each device-supply code of the month's code set (99454 at 16 days; 99445 at 2 from 2026). */
        targets: z.array(
          z.object({
            code: z.string(),
            days: z.number().int(),
            /** Reading days still needed; 0 when met. */
            days_needed: z.number().int(),
            reachable: z.boolean(),
          }),
        ),
        progress: readingProgress,
      }),
    }),
  }),
});
