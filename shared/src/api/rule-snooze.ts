import { z } from 'zod';
import { CHART } from './chart-common.js';
import { defineCall } from './contract.js';
import { recordId } from './ids.js';
import { chartText } from './rules.js';

/**
 * Snoozing a rule's abnormal bound (issue 41 §1; decisions.md "Alert snooze"): per rule, vital and direction, for at
 * most 24 hours, with a reason; a critical bound is never snoozed, so critical readings always raise. A snooze ends by
 * itself; each one, and each hold it makes, is audited and shown on the rule.
 */

export const SNOOZE_MAX_MINUTES = 24 * 60;
export const SNOOZE_REASON_MAX = 300;

export const snoozeRuleBound = defineCall({
  method: 'POST',
  path: 'rpm/notification/snoozeRuleBound',
  spec: '001 §2.2 Alert Rules (ours: issue 41 §1)',
  summary:
    "Snoozes the rule's abnormal bound of one vital and direction for 1 to 1440 minutes with a reason; readings beyond it hold instead of alerting until the snooze ends; critical readings still alert",
  access: CHART,
  body: z.object({
    notification_rule_id: recordId,
    vital_id: recordId,
    direction: z.enum(['low', 'high']),
    minutes: z
      .number({ error: 'minutes must be a whole number' })
      .int('minutes must be a whole number')
      .min(1, 'minutes must be at least 1')
      .max(SNOOZE_MAX_MINUTES, `a snooze lasts at most ${SNOOZE_MAX_MINUTES / 60} hours`),
    reason: chartText(SNOOZE_REASON_MAX).trim().min(1, 'reason is required'),
  }),
  response: z.object({
    status: z.number().int(),
    message: z.string(),
    data: z.object({ snooze_id: z.number().int(), ends_at: z.string() }),
  }),
});

export const cancelRuleSnooze = defineCall({
  method: 'POST',
  path: 'rpm/notification/cancelRuleSnooze',
  spec: '001 §2.2 Alert Rules (ours: issue 41 §1)',
  summary: 'Ends a running snooze now, audited; the bound alerts again from the next reading',
  access: CHART,
  body: z.object({ snooze_id: recordId }),
  response: z.object({ status: z.number().int(), message: z.string() }),
});
