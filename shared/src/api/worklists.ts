import { z } from 'zod';
import { alertAcknowledgement } from './alert-policy.js';
import { defineCall } from './contract.js';
import { listEnvelope, okAnswer } from './envelope.js';
import { recordId, recordIdParam } from './ids.js';

/** The worklists' actions and the dashboard's figures (decisions.md "Monitoring worklist triage", "My Tasks"). */

export const acknowledgeWorklistAlerts = defineCall({
  method: 'POST',
  path: 'rpm/alerts/acknowledgeWorklistAlerts',
  spec: '000 §2.4 Monitoring Table (ours)',
  summary:
    'Acknowledges open alerts of patients the user may see, one or several at once, with a note; optional minutes are logged to the chosen program against each patient',
  access: { page: 'Monitoring Table' },
  body: alertAcknowledgement.extend({ alert_id: z.array(recordId).min(1).max(100) }),
  response: okAnswer.extend({ data: z.object({ acknowledged: z.number().int() }) }),
});

export const completeMyTask = defineCall({
  method: 'POST',
  path: 'rpm/tasks/completeMyTask',
  spec: '000 §2.4 My Tasks, §2.7 badge (ours)',
  summary: 'Completes one of the signed-in user’s tasks (a repeat keeps the first completion)',
  access: { page: 'My Tasks' },
  body: z.object({ task_id: recordId }),
  response: okAnswer,
});

export const taskAssignee = z.object({ user_id: z.number().int(), name: z.string() });

export const getTaskAssignees = defineCall({
  method: 'GET',
  path: 'rpm/tasks/getTaskAssignees',
  spec: '000 §2.4 My Tasks (ours)',
  summary:
    "Who one of the user's tasks can be handed to: the patient's care team, or the user's practice colleagues",
  access: { page: 'My Tasks' },
  query: z.object({ task_id: recordIdParam }),
  response: listEnvelope(taskAssignee),
});

export const reassignMyTask = defineCall({
  method: 'POST',
  path: 'rpm/tasks/reassignMyTask',
  spec: '000 §2.4 My Tasks (ours)',
  summary: 'Hands one of the signed-in user’s open tasks to someone getTaskAssignees offers',
  access: { page: 'My Tasks' },
  body: z.object({ task_id: recordId, assigned_to: recordId }),
  response: okAnswer,
});

const countWithOldest = z.object({
  count: z.number().int(),
  /** When the oldest open alert of the level was raised; null without any. */
  oldest_at: z.string().nullable(),
});

/**
 * RPM statuses 'enrolled' (4) and 'active' (5): the patients the month's targets apply to, whom the dashboard's
 * progress and minute figures count (and filter its links by). Codes: bff/src/db/seed/patient-statuses.ts.
 */
export const ENROLLED_RPM_STATUSES = [4, 5] as const;
export const ACTIVE_RPM_STATUS = 5;

export const dashboardSummary = z.object({
  /** 'YYYY-MM' of the figures. */
  month: z.string(),
  /** Days left in the month, today included. */
  days_left: z.number().int(),
  /** Patients by RPM and by CCM status (labels from the status lists). */
  rpm_statuses: z.array(
    z.object({ status_id: z.number().int(), label: z.string(), count: z.number().int() }),
  ),
  ccm_statuses: z.array(
    z.object({ status_id: z.number().int(), label: z.string(), count: z.number().int() }),
  ),
  /** Enrolled (RPM status enrolled or active) and active patients. */
  enrolled: z.number().int(),
  active: z.number().int(),
  alerts: z.object({ critical: countWithOldest, abnormal: countWithOldest }),
  /** Enrolled patients against 16 reading days this month. */
  progress: z.object({
    met: z.number().int(),
    on_track: z.number().int(),
    at_risk: z.number().int(),
    unreachable: z.number().int(),
  }),
  /** Enrolled patients by RPM minutes this month. */
  minutes: z.object({ under20: z.number().int(), from20to39: z.number().int(), from40: z.number().int() }),
  /** Open outreach tasks (missed readings) of the practices in scope. */
  outreach_tasks_open: z.number().int(),
  /** Of those, the ones assigned to the signed-in user: what My Tasks, the list the figure links to, shows. */
  outreach_tasks_mine: z.number().int(),
  /**
   * Time to acknowledge the alerts raised this month (decisions.md "Alert response figures"): by level over the
   * scope (practice null), then by level per practice.
   */
  response: z.array(
    z.object({
      level: z.enum(['critical', 'abnormal']),
      practice_id: z.number().int().nullable(),
      practice_name: z.string().nullable(),
      raised: z.number().int(),
      acknowledged: z.number().int(),
      /** Minutes from raised to acknowledged, median and 90th percentile; null before any acknowledgement. */
      median_minutes: z.number().nullable(),
      p90_minutes: z.number().nullable(),
      escalated: z.number().int(),
    }),
  ),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;

export const getDashboardSummary = defineCall({
  method: 'GET',
  path: 'rpm/dashboard/getSummary',
  spec: '000 §2.4 Dashboard, §6.1 (ours: the spec does not describe the dashboard)',
  summary: "This month's figures for the practices in the user's scope (optionally one practice)",
  access: { page: 'Dashboard' },
  query: z.object({ practice: recordIdParam.optional() }),
  response: z.object({ status: z.number().int(), data: dashboardSummary }),
});
