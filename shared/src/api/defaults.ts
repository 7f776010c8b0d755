import { z } from 'zod';
import { carePlanContent } from './chart-careplan.js';
import { defineCall } from './contract.js';
import { okAnswer } from './envelope.js';
import { recordId, recordIdParam } from './ids.js';
import { organizationOption } from './staff.js';
import { ruleVitalInput, vitalThreshold } from './vitals.js';

/**
 * The user-menu defaults pages (000 §2.2, §2.7, §6.2). The spec names no calls for them: ours are
 * `rpm/defaults/<verb>` (decisions.md "CCM Care Plan Defaults"). Each is refused to users 000 §6.2 hides the page
 * from, checked on the server from the stored user.
 */

/** The CCM Care Plan Defaults: a care plan without its review date (a plan's is set when it starts). */
export const carePlanDefaults = carePlanContent.omit({ review_date: true });
export type CarePlanDefaults = z.infer<typeof carePlanDefaults>;

export const getCarePlanDefaults = defineCall({
  method: 'GET',
  path: 'rpm/defaults/getCarePlanDefaults',
  spec: '000 §2.2 ccm-defaults/{curId?}, §6.2 (path ours: decisions.md "CCM Care Plan Defaults")',
  summary:
    "The care plan new CCM plans of an organisation start from (its own, else the product's), and the organisations the caller may choose; 403 for users 000 §6.2 hides the page from or another organisation",
  access: 'session',
  /** Absent: the caller's first organisation. */
  query: z.object({ organization_id: recordIdParam.optional() }),
  response: z.object({
    status: z.number().int(),
    data: z.object({
      organization_id: z.number().int(),
      organizations: z.array(organizationOption),
      /** False while the organisation has none of its own and the product's template shows. */
      own: z.boolean(),
      plan: carePlanDefaults,
    }),
  }),
});

export const updateCarePlanDefaults = defineCall({
  method: 'POST',
  path: 'rpm/defaults/updateCarePlanDefaults',
  spec: '000 §2.2 ccm-defaults/{curId?}, §6.2 (path ours: decisions.md "CCM Care Plan Defaults")',
  summary:
    "Saves an organisation's CCM Care Plan Defaults, the plan its patients' first care plans start from; 403 for users 000 §6.2 hides the page from or another organisation",
  access: 'session',
  body: z.object({ organization_id: recordId, plan: carePlanDefaults }),
  response: okAnswer,
});

/** The organisation a page shows and the organisations the caller may choose (like CCM Care Plan Defaults). */
const organizationChoice = {
  organization_id: z.number().int(),
  organizations: z.array(organizationOption),
  /** False while the organisation has none of its own and the product's defaults show. */
  own: z.boolean(),
};

/** Reading target days per month an organisation may set (1 to 31; 16 by default, CPT 99454). */
export const PROTOCOL_READING_DAYS = { min: 1, max: 31 } as const;

/** How often the care team checks in with a patient (decisions.md "RPM Protocol Defaults"). */
export const CHECK_IN_FREQUENCIES = ['weekly', 'biweekly', 'monthly'] as const;
export const CHECK_IN_FREQUENCY_LABELS: Readonly<Record<(typeof CHECK_IN_FREQUENCIES)[number], string>> = {
  weekly: 'Weekly',
  biweekly: 'Every 2 weeks',
  monthly: 'Monthly',
};

const protocolFields = {
  reading_days: z.number().int().min(PROTOCOL_READING_DAYS.min).max(PROTOCOL_READING_DAYS.max),
  check_in_frequency: z.enum(CHECK_IN_FREQUENCIES),
};

export const getProtocolDefaults = defineCall({
  method: 'GET',
  path: 'rpm/defaults/getProtocolDefaults',
  spec: '000 §2.2 rpmProtocol-defaults, §6.2 (path ours: decisions.md "RPM Protocol Defaults")',
  summary:
    "The RPM protocol an organisation's new patients start from (its own, else role 5's bounds and 16 reading days): bounds per vital, reading days, check-in frequency; 403 for users 000 §6.2 hides the page from or another organisation",
  access: 'session',
  /** Absent: the caller's first organisation. */
  query: z.object({ organization_id: recordIdParam.optional() }),
  response: z.object({
    status: z.number().int(),
    data: z.object({
      ...organizationChoice,
      ...protocolFields,
      vitals: z.array(vitalThreshold.extend({ device_type_id: z.number().int(), device_type: z.string() })),
    }),
  }),
});

export const updateProtocolDefaults = defineCall({
  method: 'POST',
  path: 'rpm/defaults/updateProtocolDefaults',
  spec: '000 §2.2 rpmProtocol-defaults, §6.2; 001 §5 bounds (path ours: decisions.md "RPM Protocol Defaults")',
  summary:
    "Saves an organisation's RPM Protocol Defaults (every vital's bounds, reading days, check-in frequency); 403 for users 000 §6.2 hides the page from or another organisation",
  access: 'session',
  body: z.object({
    organization_id: recordId,
    ...protocolFields,
    vitals: z.array(ruleVitalInput).min(1).max(50),
  }),
  response: okAnswer,
});

export const getNotesDefaults = defineCall({
  method: 'GET',
  path: 'rpm/defaults/getNotesDefaults',
  spec: '000 §2.2 notes-defaults, §6.2 (path ours: decisions.md "Notes Defaults")',
  summary:
    "The caller's default note category and comment, with the active categories and comments (NotesCategory, Notes Comments); 403 for users 000 §6.2 hides the page from",
  access: 'session',
  response: z.object({
    status: z.number().int(),
    data: z.object({
      category_id: z.number().int().nullable(),
      comment_id: z.number().int().nullable(),
      categories: z.array(z.object({ category_id: z.number().int(), name: z.string() })),
      comments: z.array(
        z.object({ comment_id: z.number().int(), category_id: z.number().int(), comment: z.string() }),
      ),
    }),
  }),
});

export const updateNotesDefaults = defineCall({
  method: 'POST',
  path: 'rpm/defaults/updateNotesDefaults',
  spec: '000 §2.2 notes-defaults, §6.2 (path ours: decisions.md "Notes Defaults")',
  summary:
    "Saves the caller's default note category and comment (the comment one of the category's); 403 for users 000 §6.2 hides the page from",
  access: 'session',
  body: z.object({ category_id: recordId.nullable(), comment_id: recordId.nullable() }),
  response: okAnswer,
});

const insuranceFields = {
  /** One of the organisation's accepted plans (Insurance Table); null: none. */
  plan_id: z.number().int().nullable(),
};

export const getInsuranceDefaults = defineCall({
  method: 'GET',
  path: 'rpm/defaults/getInsuranceDefaults',
  spec: '000 §2.2 insurances-defaults, §6.2 (path ours: decisions.md "Insurance Defaults")',
  summary:
    "An organisation's default insurance plan (of the plans it accepts) ; 403 for users 000 §6.2 hides the page from or another organisation",
  access: 'session',
  /** Absent: the caller's first organisation. */
  query: z.object({ organization_id: recordIdParam.optional() }),
  response: z.object({
    status: z.number().int(),
    data: z.object({
      ...organizationChoice,
      ...insuranceFields,
      plans: z.array(
        z.object({
          plan_id: z.number().int(),
          payer: z.string(),
          plan_name: z.string(),
          plan_type: z.string(),
        }),
      ),
    }),
  }),
});

export const updateInsuranceDefaults = defineCall({
  method: 'POST',
  path: 'rpm/defaults/updateInsuranceDefaults',
  spec: '000 §2.2 insurances-defaults, §6.2 (path ours: decisions.md "Insurance Defaults")',
  summary:
    "Saves an organisation's Insurance Defaults (the plan one it accepts); 403 for users 000 §6.2 hides the page from or another organisation",
  access: 'session',
  body: z.object({
    organization_id: recordId,
    plan_id: recordId.nullable(),
  }),
  response: okAnswer,
});
