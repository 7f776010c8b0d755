import { z } from 'zod';
import { calendarDay } from '../calendar.js';
import { CHART, paging } from './chart-common.js';
import { defineCall } from './contract.js';
import { recordId, recordIdParam } from './ids.js';
import { chartText } from './rules.js';

/** The chart's activity timer and Activity Logs tab (decisions.md "Chart calls"); access as in chart.ts. */

// ── Activity timer and log ───────────────────────────────────────────────────────────────────────────────

/** The programs the chart's timer, a call and a message log minutes to: each billing program that counts minutes. */
export const TIMER_PROGRAMS = ['RPM', 'RTM', 'CCM', 'PCM', 'BHI'] as const;

/** The longest stretch one timer logs (decisions.md "Activity timer cap"). */
export const TIMER_MAX_SECONDS = 3600;

/** What kind of care work a logged stretch was (decisions.md "Care time entries"). */
export const TIME_CATEGORIES = [
  'Data review',
  'Patient call',
  'Care coordination',
  'Care plan',
  'Medication review',
  'Education',
  'Other',
] as const;

/** The longest manual entry: what one timer may log. */
export const TIME_ENTRY_MAX_MINUTES = TIMER_MAX_SECONDS / 60;

export const activityTimer = z.object({
  timer_id: z.number().int(),
  patient_id: z.number().int(),
  program: z.enum(TIMER_PROGRAMS),
  started_at: z.string(),
  /** Set while paused for idleness; paused time is not logged (decisions.md "Care timer"). */
  paused_at: z.string().nullable(),
  /** Seconds of earlier pauses. */
  paused_seconds: z.number().int(),
});
export type ActivityTimer = z.infer<typeof activityTimer>;

/** A timer's instants as milliseconds: the server's stored row and the client's answer both reduce to these. */
export interface TimerSpan {
  readonly startedMs: number;
  /** While paused, when the pause began. */
  readonly pausedMs: number | null;
  readonly pausedSeconds: number;
}

/** Seconds a timer has counted at `nowMs`: pauses excluded, a paused timer counts to its pause. */
export function countedSeconds(t: TimerSpan, nowMs: number): number {
  const end = t.pausedMs ?? nowMs;
  return Math.max(0, Math.floor((end - t.startedMs) / 1000) - t.pausedSeconds);
}

/** The span of a timer as the calls answer it. */
export const spanOf = (t: ActivityTimer): TimerSpan => ({
  startedMs: Date.parse(t.started_at),
  pausedMs: t.paused_at === null ? null : Date.parse(t.paused_at),
  pausedSeconds: t.paused_seconds,
});

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
  body: z
    .object({
      timer_id: recordId,
      note: chartText(500).optional(),
      discard: z.boolean().default(false),
      /** The program the time goes to, when not the one it was started for (issue 41 §2). */
      program: z.enum(TIMER_PROGRAMS).optional(),
      category: z.enum(TIME_CATEGORIES).optional(),
      interactive: z.boolean().default(false),
    })
    .refine((b) => b.discard || b.category !== undefined, {
      message: 'category is required to log the time',
      path: ['category'],
    }),
  response: z.object({
    status: z.number().int(),
    data: z.object({ time_log_id: z.number().int().nullable(), seconds: z.number().int() }),
  }),
});

const timerIdBody = z.object({ timer_id: recordId });

export const pauseActivityTimer = defineCall({
  method: 'POST',
  path: 'rpm/activity/pauseTimer',
  spec: '000 §4.1 idle limit; issue 41 §2 (ours)',
  summary:
    "Pauses the user's running timer because they went idle: the session's idle limit before now is not counted",
  access: CHART,
  body: timerIdBody,
  response: z.object({ status: z.number().int(), data: activityTimer }),
});

export const resumeActivityTimer = defineCall({
  method: 'POST',
  path: 'rpm/activity/resumeTimer',
  spec: 'issue 41 §2 (ours)',
  summary: "Resumes the user's paused timer; the pause is not counted",
  access: CHART,
  body: timerIdBody,
  response: z.object({ status: z.number().int(), data: activityTimer }),
});

/** What a person states about time they enter by hand (issue 41 §2). */
const timeEntryFields = {
  day: calendarDay('day must be a day, YYYY-MM-DD'),
  minutes: z
    .number({ error: 'minutes must be a whole number' })
    .int('minutes must be a whole number')
    .min(1, 'minutes must be at least 1')
    .max(TIME_ENTRY_MAX_MINUTES, `minutes must be at most ${TIME_ENTRY_MAX_MINUTES}`),
  program: z.enum(TIMER_PROGRAMS),
  category: z.enum(TIME_CATEGORIES),
  note: chartText(500).trim().min(1, 'note is required'),
  interactive: z.boolean(),
};

/** An entry's fields as the dialog checks them before sending (the server checks the same schema). */
export const timeEntry = z.object(timeEntryFields);
export type TimeEntry = z.infer<typeof timeEntry>;

const timeEntryAnswer = z.object({
  status: z.number().int(),
  data: z.object({ time_log_id: z.number().int() }),
});

export const addTimeEntry = defineCall({
  method: 'POST',
  path: 'rpm/activity/addTimeEntry',
  spec: '001 §9 time goals; issue 41 §2 manual time entry (ours)',
  summary:
    "Logs care time done outside the product (a day not in the future); refused with 409 when the patient's claim for that month was sent",
  access: CHART,
  body: z.object({ patient_id: recordId, ...timeEntryFields }),
  response: timeEntryAnswer,
});

export const updateTimeEntry = defineCall({
  method: 'POST',
  path: 'rpm/activity/updateTimeEntry',
  spec: 'issue 41 §2 (ours)',
  summary:
    'Corrects a manual entry of the signed-in user, audited with the old values; 409 once the claim of its month (old or new) was sent',
  access: CHART,
  body: z.object({ time_log_id: recordId, ...timeEntryFields }),
  response: timeEntryAnswer,
});

export const deleteTimeEntry = defineCall({
  method: 'POST',
  path: 'rpm/activity/deleteTimeEntry',
  spec: 'issue 41 §2 (ours)',
  summary: "Deletes a manual entry of the signed-in user, audited; 409 once its month's claim was sent",
  access: CHART,
  body: z.object({ time_log_id: recordId }),
  response: timeEntryAnswer,
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
      from: calendarDay('from must be a day, YYYY-MM-DD'),
      to: calendarDay('to must be a day, YYYY-MM-DD'),
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
        category: z.string().nullable(),
        interactive: z.boolean(),
        /** Entered by hand: its author may correct or delete it until the month's claim is sent. */
        manual: z.boolean(),
      }),
    ),
    count: z.number().int(),
    /** Seconds per program over the whole range. */
    totals: z.record(z.string(), z.number().int()),
  }),
});
