import { z } from 'zod';
import { carePlanContent } from './chart-careplan.js';
import { defineCall } from './contract.js';
import { okAnswer } from './envelope.js';
import { recordId, recordIdParam } from './ids.js';
import { organizationOption } from './staff.js';

/**
 * The user-menu defaults pages (000 §2.2, §2.7, §6.2; issue 16 part 6). The spec names no calls for them: ours are
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
