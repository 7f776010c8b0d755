import { z } from 'zod';
import { calendarDay } from '../calendar.js';
import { PATIENT_ROLE_ID, RULE_STATUS_FILTER } from '../constants.js';
import { MSG } from '../messages.js';
import {
  INTERVAL_MAX,
  IVR_NOTE_MAX,
  IVR_NOTE_PATTERN,
  MISS_DAYS_MAX,
  RULE_FORM_MSG,
  WEIGHT_CHANGE_MAX,
} from '../rule-form.js';
import { CHART } from './chart-common.js';
import { defineCall } from './contract.js';
import { listEnvelope, okAnswer } from './envelope.js';
import { RECORD_ID_MAX, recordId, recordIdParam } from './ids.js';
import { ruleVitalInput, thresholdBound, vitalThreshold } from './vitals.js';

/**
 * The notification-rule calls of the patient chart's Alert Rules tab (001 §2.2, §3, §4 "Notification rule", §5,
 * §7 "Vitals and rules"; the vitals calls are in vitals.ts). Every call needs the access-list entry 'Patient Chart' and access to the
 * patient (403 outside the user's practices). Dates are ISO days 'YYYY-MM-DD' (UTC days, as billing counts them).
 */

/** Free text as PostgreSQL can store it (no NUL characters). */
export const chartText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((text) => !text.includes('\0'), 'must not contain NUL characters');

/** A record id with a message of our own when it is missing. */
export const requiredId = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(RECORD_ID_MAX, message);

/** How the patient is reached when readings are missed (001 §2.2; decisions.md "Notification modes"). */
export const NOTIFICATION_MODES = { sms: 'SMS', ivr: 'IVR Call', sms_ivr: 'SMS and IVR Call' } as const;
export type NotificationMode = keyof typeof NOTIFICATION_MODES;
const notificationMode = z.enum(['sms', 'ivr', 'sms_ivr']);

/** Rule status: 1 active, 2 inactive (001 §4; the list filter's values, 001 §2.2). */
export const RULE_STATUS = { active: 1, inactive: 2 } as const;

/** A notification rule as the list and the detail call answer (001 §3 "Notification rule"). */
/**
 * What holds a rule's readings now, as the rule shows it (decisions.md "Alert snooze", "Re-alert suppression"):
 * a running snooze, or an acknowledged alert.
 */
export const ruleHold = z.object({
  kind: z.enum(['snooze', 'acknowledged']),
  /** The snooze, to cancel it; null for an acknowledgement's hold. */
  snooze_id: z.number().int().nullable(),
  vital_id: z.number().int(),
  vital_type: z.string(),
  direction: z.enum(['low', 'high']),
  /** The highest level held: a snooze holds abnormal only. */
  level: z.enum(['abnormal', 'critical']),
  since: z.string(),
  /** When a snooze ends; an acknowledgement holds until a reading is back in range (null). */
  until: z.string().nullable(),
  reason: z.string().nullable(),
  by: z.string().nullable(),
});
export type RuleHold = z.infer<typeof ruleHold>;

export const notificationRule = z.object({
  notification_rule_id: z.number().int(),
  /** The patient. */
  user_id: z.number().int(),
  device_name: z.string(),
  IMEI: z.string(),
  inventory_id: z.number().int(),
  device_type_id: z.number().int(),
  device_type: z.string(),
  device_assign_id: z.number().int(),
  interval: z.number().int(),
  /** The interval's unit: 'Day', 'Week' or 'Month' (getAllIntervals). */
  interval_type: z.string(),
  fk_interval_id: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  status: z.union([z.literal(1), z.literal(2)]),
  notification_mode: notificationMode,
  /** The spec's alias of notification_note (001 §3). */
  notify_note: z.string(),
  notification_note: z.string(),
  sms_miss: z.number().int(),
  call_miss: z.number().int(),
  gain: z.number().nullable(),
  loss: z.number().nullable(),
  vitals: z.array(vitalThreshold),
  /** The rule this one continues after a pause ('terminate and continue'), or null. */
  previous_rule_id: z.number().int().nullable(),
  terminated_at: z.string().nullable(),
  updated_at: z.string(),
  holds: z.array(ruleHold),
});
export type NotificationRule = z.infer<typeof notificationRule>;

/** The add-rule payload (001 §3), validated field by field with the messages of 001 §5. */
const ruleFields = {
  /** The vital of the top-level thresholds; the spec's payload carries one besides vitals[] (see addNotificationRule). */
  vital_id: recordId.optional(),
  /** The patient. */
  user_id: recordId,
  /** Always the patient role (001 §3: role_id (7)). */
  role_id: z.literal(PATIENT_ROLE_ID),
  interval_id: requiredId(RULE_FORM_MSG.selectInterval),
  interval: z
    .number({ error: RULE_FORM_MSG.interval })
    .int(RULE_FORM_MSG.interval)
    .positive(RULE_FORM_MSG.interval)
    .max(INTERVAL_MAX),
  critical_low: thresholdBound.optional(),
  abnormal_low: thresholdBound.optional(),
  abnormal_high: thresholdBound.nullable().optional(),
  critical_high: thresholdBound.nullable().optional(),
  status: z.union([z.literal(1), z.literal(2)]),
  start_date: calendarDay(MSG.invalidStartDate),
  end_date: calendarDay(MSG.invalidEndDate),
  /** The signed-in user's own id. */
  created_by: recordId,
  /** The device (inventory id); it must be assigned to the patient now. */
  inventory_id: requiredId(MSG.selectDevice),
  device_type_id: recordId,
  vitals: z.array(ruleVitalInput).max(10).default([]),
  notification_mode: notificationMode.default('sms_ivr'),
  notification_note: chartText(IVR_NOTE_MAX).regex(IVR_NOTE_PATTERN, MSG.messageSpecialChars).default(''),
  sms_miss: z
    .number({ error: RULE_FORM_MSG.smsMiss })
    .int(RULE_FORM_MSG.smsMiss)
    .positive(RULE_FORM_MSG.smsMiss)
    .max(MISS_DAYS_MAX),
  call_miss: z
    .number({ error: RULE_FORM_MSG.callMiss })
    .int(RULE_FORM_MSG.callMiss)
    .positive(RULE_FORM_MSG.callMiss)
    .max(MISS_DAYS_MAX),
  /** Shown in the audit trail; the server records its own names. */
  deviceName: chartText(200).optional(),
  username: chartText(200).optional(),
  /** Weight devices only (001 §5): lbs above the dry weight. */
  gain: z.number().positive(RULE_FORM_MSG.gain).max(WEIGHT_CHANGE_MAX).nullable().optional(),
  /** Weight devices only (001 §5): lbs below the dry weight. */
  loss: z.number().positive(RULE_FORM_MSG.loss).max(WEIGHT_CHANGE_MAX).nullable().optional(),
};

const endAfterStart = (v: { start_date: string; end_date: string }) => v.end_date > v.start_date;

export const addRuleBody = z
  .object(ruleFields)
  .refine(endAfterStart, { message: MSG.invalidDateRange, path: ['end_date'] });
export type AddRuleBody = z.infer<typeof addRuleBody>;

/** What the editor loaded (001 §7 "previous"): compared with the stored rule, so a stale edit is refused (409). */
export const rulePrevious = z
  .object({
    start_date: z.string(),
    end_date: z.string(),
    interval_id: z.number().int(),
    interval: z.number().int(),
    status: z.number().int(),
    notification_mode: z.string(),
    notification_note: z.string(),
    sms_miss: z.number().int(),
    call_miss: z.number().int(),
    gain: z.number().nullable(),
    loss: z.number().nullable(),
    updated_at: z.string(),
  })
  .partial();
export type RulePrevious = Required<z.infer<typeof rulePrevious>>;

/** The fields of `previous`, from its schema: the editor sends them, the server compares them. */
export const RULE_PREVIOUS_FIELDS = rulePrevious.keyof().options;

/**
 * The `previous` block of a rule: exactly the schema's fields, picked from the rule's values under those names
 * (the caller renames its own, e.g. the chart's fk_interval_id or the table's interval_count).
 */
export function rulePreviousOf(values: RulePrevious): RulePrevious {
  return Object.fromEntries(RULE_PREVIOUS_FIELDS.map((field) => [field, values[field]])) as RulePrevious;
}

export const updateRuleBody = z
  .object({ ...ruleFields, notification_rule_id: recordId, previous: rulePrevious.default({}) })
  .refine(endAfterStart, { message: MSG.invalidDateRange, path: ['end_date'] });
export type UpdateRuleBody = z.infer<typeof updateRuleBody>;

export const getNotificationRules = defineCall({
  method: 'GET',
  path: 'rpm/notification/getNotificationRules',
  spec: '001 §2.2, §3, §7 Vitals and rules',
  summary:
    "A patient's notification rules (user_id is the patient), filtered by status 0 all, 1 active, 2 inactive",
  access: CHART,
  query: z.object({
    user_id: recordIdParam,
    status: z.coerce
      .number()
      .int()
      .refine(
        (n) => (Object.values(RULE_STATUS_FILTER) as number[]).includes(n),
        'status must be 0 (All), 1 (Active) or 2 (InActive)',
      )
      .default(RULE_STATUS_FILTER.all),
    orderby: z.enum(['end_date', 'start_date', 'device_name', 'interval', 'status']).default('end_date'),
    order: z.enum(['asc', 'desc']).default('asc'),
  }),
  response: listEnvelope(notificationRule),
});

export const getMoreNotificationRuleData = defineCall({
  method: 'GET',
  path: 'rpm/notification/getMoreNotificationRuleData',
  spec: '001 §2.2 (Edit Rule, Vital Monitoring Levels), §7',
  summary: 'One rule with its vitals, for the Edit Rule form and the Vital Monitoring Levels dialog',
  access: CHART,
  query: z.object({ notification_rule_id: recordIdParam }),
  response: z.object({ status: z.number().int(), data: notificationRule }),
});

export const addNotificationRule = defineCall({
  method: 'POST',
  path: 'rpm/notification/addNotificationRule',
  spec: '001 §3 (add-rule payload), §4, §5, §7',
  summary:
    "Adds a rule for one of the patient's devices. vitals[] holds the bounds per vital (a top-level vital_id with bounds is taken as one more entry); a weight device takes gain and loss instead. Active rules of one device may not overlap in dates (409)",
  access: CHART,
  body: addRuleBody,
  response: okAnswer.extend({ data: z.object({ notification_rule_id: z.number().int() }) }),
});

export const updateNotificationRules = defineCall({
  method: 'POST',
  path: 'rpm/notification/updateNotificationRules',
  spec: '001 §3, §4 (Edit mode: device read-only, start date locked), §5, §7',
  summary:
    'Edits a rule: the add-rule payload plus notification_rule_id and previous (what the editor loaded; a rule changed since gives 409). The device cannot change; status changes go through resumeRule/terminateRule',
  access: CHART,
  body: updateRuleBody,
  response: okAnswer.extend({ data: z.object({ notification_rule_id: z.number().int() }) }),
});

export const resumeRule = defineCall({
  method: 'POST',
  path: 'rpm/notification/resumeRule',
  spec: '001 §4 Notification rule (toggle on), §7',
  summary:
    "Switches the device's rule(s) back on; 409 when another active rule of the device overlaps or the rule has ended",
  access: CHART,
  body: z.object({
    notification_rule_id: z.array(recordId).min(1).max(20),
    device_assign_id: recordId,
    deviceName: chartText(200).optional(),
    username: chartText(200).optional(),
  }),
  response: okAnswer,
});

/** 0/1 as the spec's clients send it, or a boolean. */
const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1);

export const terminateRule = defineCall({
  method: 'POST',
  path: 'rpm/notification/terminateRule',
  spec: "001 §2.2 ('When would you like to resume patient monitoring?'), §4 Notification rule (toggle off), §5, §7",
  summary:
    'Switches a rule off. is_continue: the rule is terminated and continued as a new active rule with start_date/end_date (end after start, not before today); otherwise terminated only',
  access: CHART,
  body: z
    .object({
      notification_rule_id: recordId,
      device_assign_id: recordId,
      /** The signed-in user's own id. */
      terminated_by: recordId,
      is_continue: flag,
      start_date: calendarDay(MSG.invalidDate).nullable().optional(),
      end_date: calendarDay(MSG.invalidDate).nullable().optional(),
      username: chartText(200).optional(),
      deviceName: chartText(200).optional(),
    })
    .superRefine((v, ctx) => {
      if (!v.is_continue) return;
      if (!v.start_date) ctx.addIssue({ code: 'custom', message: MSG.invalidDate, path: ['start_date'] });
      else if (!v.end_date) ctx.addIssue({ code: 'custom', message: MSG.invalidDate, path: ['end_date'] });
      else if (v.end_date <= v.start_date)
        ctx.addIssue({ code: 'custom', message: MSG.invalidDate, path: ['end_date'] });
    }),
  response: okAnswer.extend({ data: z.object({ continued_rule_id: z.number().int().nullable() }) }),
});
