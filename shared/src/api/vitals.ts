import { z } from 'zod';
import { RULE_FORM_MSG, WEIGHT_CHANGE_MAX } from '../rule-form.js';
import { CHART } from './chart-common.js';
import { defineCall } from './contract.js';
import { okAnswer } from './envelope.js';
import { recordId, recordIdParam } from './ids.js';

/**
 * The vitals calls of the Alert Rules tab and the vital-threshold display (001 §2.2, §2.6, §7 "Vitals and rules")
 * and the bounds schemas the rule calls (rules.ts) share. Every chart call needs the access-list entry 'Patient
 * Chart' and access to the patient.
 */

/** A bound: a number within a slider's reach; thresholds.ts checks the rules between bounds per vital. */
export const thresholdBound = z.number().min(0).max(1000);

/** The four bounds of a vital as sent (001 §3 "Vital threshold"); spo2's high bounds are null (001 §2.6). */
export const thresholdsInput = z.object({
  critical_low: thresholdBound,
  abnormal_low: thresholdBound,
  abnormal_high: thresholdBound.nullable(),
  critical_high: thresholdBound.nullable(),
});

/** A vital's bounds in a rule or configuration as the server answers. */
export const vitalThreshold = z.object({
  vital_id: z.number().int(),
  /** The spec's alias of vital_id (001 §3). */
  fk_vital_id: z.number().int(),
  vital_type: z.string(),
  unit: z.string(),
  critical_low: z.number(),
  abnormal_low: z.number(),
  abnormal_high: z.number().nullable(),
  critical_high: z.number().nullable(),
});
export type VitalThreshold = z.infer<typeof vitalThreshold>;

/** One vital's block of an add/update payload. */
export const ruleVitalInput = thresholdsInput.extend({ vital_id: recordId });

/**
 * Where a bound in force comes from (issue 41 §3): the patient's notification rule in force today (the only bounds
 * the reading intake alerts on), else the practice's RPM protocol, else the spec's default (001 §9).
 */
const boundSource = z.enum(['rule', 'protocol', 'spec']);
export type BoundSource = z.infer<typeof boundSource>;

/** The device whose rule decides a vital's bounds. */
const boundsDevice = { device_assign_id: z.number().int(), device_name: z.string() };

export const getPatientVitals = defineCall({
  method: 'GET',
  path: 'rpm/vitals/getPatientVitals',
  spec: '001 §2.6, §7 Vitals and rules, §9; issue 41 §3 (bounds in force and their source: ours)',
  summary:
    "The vital-threshold display (001 §2.6): per vital of each current device the bounds in force and where they come from (the patient's rule, the practice protocol, the default), and per scale the dry weight with the rule's gain and loss; empty lists show 'No Data Found'",
  access: CHART,
  query: z.object({ patient_id: recordIdParam }),
  response: z.object({
    status: z.number().int(),
    data: z.object({
      vitals: z.array(
        vitalThreshold.extend({
          device_type_id: z.number().int(),
          ...boundsDevice,
          source: boundSource,
          /** The rule in force whose bounds these are; null when the source is not 'rule'. */
          notification_rule_id: z.number().int().nullable(),
        }),
      ),
      /** Per current scale (001 §2.6): weight alerts compare with the dry weight. */
      weights: z.array(
        z.object({
          ...boundsDevice,
          /** The patient's dry weight; null: each weight is compared with the one before (decisions.md "Weight alerts"). */
          dry_weight: z.number().nullable(),
          /** The rule in force's lbs over / under the baseline; null without a rule in force. */
          gain: z.number().nullable(),
          loss: z.number().nullable(),
          notification_rule_id: z.number().int().nullable(),
        }),
      ),
      /** When a rule in force or the dry weight last changed. */
      updated_at: z.string().nullable(),
    }),
  }),
});

export const addVitalConfigurations = defineCall({
  method: 'POST',
  path: 'rpm/vitals/addVitalConfigurations',
  spec: '001 §2.6, §7 Vitals and rules (payload not shown: ours)',
  summary:
    "Replaces the patient's vital configuration: bounds per vital (corrected as 001 §5 leaves them) and the dry weight with gain/loss",
  access: CHART,
  body: z.object({
    patient_id: recordId,
    vitals: z.array(ruleVitalInput).max(20),
    /** Null removes the weight configuration. */
    weight: z
      .object({
        dry_weight: z.number().positive().max(1000),
        gain: z.number().positive(RULE_FORM_MSG.gain).max(WEIGHT_CHANGE_MAX).nullable(),
        loss: z.number().positive(RULE_FORM_MSG.loss).max(WEIGHT_CHANGE_MAX).nullable(),
      })
      .nullable()
      .default(null),
  }),
  response: okAnswer,
});

export const getAllIntervals = defineCall({
  method: 'GET',
  path: 'rpm/vitals/getAllIntervals',
  spec: '001 §3, §7 Vitals and rules',
  summary: "The rule form's interval units: a rule expects `interval` readings per Day, Week or Month",
  access: 'session',
  response: z.object({
    status: z.number().int(),
    data: z.array(
      z.object({ interval_id: z.number().int(), interval_type: z.string(), days: z.number().int() }),
    ),
  }),
});

export const getAllVitals = defineCall({
  method: 'GET',
  path: 'rpm/vitals/getAllVitals',
  spec: '001 §3, §7 Vitals and rules, §9 slider maximums',
  summary: 'Every vital with its device type, unit and slider maximum',
  access: 'session',
  response: z.object({
    status: z.number().int(),
    data: z.array(
      z.object({
        vital_id: z.number().int(),
        vital_type: z.string(),
        unit: z.string(),
        device_type_id: z.number().int(),
        device_type: z.string(),
        slider_max: z.number(),
      }),
    ),
  }),
});

export const getVitalsDefaults = defineCall({
  method: 'GET',
  path: 'rpm/vitals/getVitalsDefaults',
  spec: '001 §7 Vitals and rules, §9 defaults; 000 §6.2 (RPM Protocol Defaults: role 5)',
  summary:
    "Default bounds of a device type's vitals: the caller's own Notification Defaults, else the role's defaults, else the RPM protocol defaults (role 5), else the spec's (20/40/60/80; vital 5 at 100)",
  access: 'session',
  query: z.object({
    role_id: recordIdParam,
    device_type_id: recordIdParam,
    /** The rule's patient: its organisation's RPM Protocol Defaults replace role 5's (decisions.md "RPM Protocol Defaults"). */
    patient_id: recordIdParam.optional(),
  }),
  response: z.object({
    status: z.number().int(),
    data: z.array(
      vitalThreshold.extend({
        device_type_id: z.number().int(),
        /** Where the bounds come from. */
        source: z.enum(['user', 'role', 'protocol', 'spec']),
      }),
    ),
  }),
});

export const updateVitalsDefaults = defineCall({
  method: 'POST',
  path: 'rpm/vitals/updateVitalsDefaults',
  spec: '000 §2.2, §6.2 Notification Defaults; 001 §5, §9 bounds (path ours: decisions.md "Notification defaults")',
  summary:
    "Saves the caller's own Notification Defaults for a device type's vitals, the bounds new alert rules start from; 403 for users 000 §6.2 does not show the page",
  access: 'session',
  body: z.object({
    device_type_id: recordId,
    vitals: z.array(ruleVitalInput).min(1).max(20),
  }),
  response: okAnswer,
});
