import { z } from 'zod';
import { CHART, paging } from './chart-common.js';
import { defineCall } from './contract.js';
import { recordId, recordIdParam } from './ids.js';
import { chartDayField, chartText } from './rules.js';

/** The chart's activity timer and Activity Logs tab (decisions.md "Chart calls"); access as in chart.ts. */

// ── Activity timer and log ───────────────────────────────────────────────────────────────────────────────

/** The programs the chart's timer, a call and a message log minutes to: each billing program that counts minutes. */
export const TIMER_PROGRAMS = ['RPM', 'RTM', 'CCM', 'PCM', 'BHI'] as const;

/** The longest stretch one timer logs (decisions.md "Activity timer cap"). */
export const TIMER_MAX_SECONDS = 3600;

export const activityTimer = z.object({
  timer_id: z.number().int(),
  patient_id: z.number().int(),
  program: z.enum(TIMER_PROGRAMS),
  started_at: z.string(),
});
export type ActivityTimer = z.infer<typeof activityTimer>;

export const startActivityTimer = defineCall({
  method: 'POST',
  path: 'rpm/activity/startTimer',
  spec: '000 §2.3 (chart activity timer); 001 §2.3 monthly targets (ours)',
  summary:
    "Starts timing the user's RPM or CCM work on the patient on the server's clock; the same patient and program answer the running timer; another running timer gives 409",
  access: CHART,
  body: z.object({ patient_id: recordId, program: z.enum(TIMER_PROGRAMS) }),
  response: z.object({ status: z.number().int(), data: activityTimer }),
});

export const stopActivityTimer = defineCall({
  method: 'POST',
  path: 'rpm/activity/stopTimer',
  spec: '000 §2.3; 001 §2.3, §9 (ours)',
  summary: `Stops the user's timer and logs the time (at most ${TIMER_MAX_SECONDS / 60} minutes) against the patient's month; discard: log nothing`,
  access: CHART,
  body: z.object({
    timer_id: recordId,
    note: chartText(500).optional(),
    discard: z.boolean().default(false),
  }),
  response: z.object({
    status: z.number().int(),
    data: z.object({ time_log_id: z.number().int().nullable(), seconds: z.number().int() }),
  }),
});

export const getRunningTimer = defineCall({
  method: 'GET',
  path: 'rpm/activity/getRunningTimer',
  spec: '000 §2.3 (ours)',
  summary: "The signed-in user's running timer, or null",
  access: CHART,
  response: z.object({ status: z.number().int(), data: activityTimer.nullable() }),
});

export const getActivityLogs = defineCall({
  method: 'GET',
  path: 'rpm/activity/getActivityLogs',
  spec: '000 §2.3 (Activity Logs tab; ours)',
  summary: "The patient's logged care time between two days, newest first, with totals per program",
  access: CHART,
  query: z
    .object({
      patient_id: recordIdParam,
      from: chartDayField('from must be a day, YYYY-MM-DD'),
      to: chartDayField('to must be a day, YYYY-MM-DD'),
      ...paging,
    })
    .refine((q) => q.to >= q.from, { message: 'to must not be before from', path: ['to'] }),
  response: z.object({
    status: z.number().int(),
    data: z.array(
      z.object({
        time_log_id: z.number().int(),
        logged_at: z.string(),
        program: z.string(),
        seconds: z.number().int(),
        user_id: z.number().int(),
        user_name: z.string(),
        note: z.string().nullable(),
      }),
    ),
    count: z.number().int(),
    /** Seconds per program over the whole range. */
    totals: z.record(z.string(), z.number().int()),
  }),
});
