import { z } from 'zod';
import { BILLING_UTILITY_PAGE } from '../routes.js';
import { idempotencyHeaders } from './chart-common.js';
import { defineCall } from './contract.js';
import { okAnswer } from './envelope.js';
import { recordId } from './ids.js';
import { organizationName } from './organizations.js';

/**
 * Organization Groups (000 §2.4 'Billing Utility' organization-groups; decisions.md "Organization Groups"): the spec
 * names only the route; a group is organisations administered together, and its administrators see every one of
 * them (bff/src/scope.ts). Our calls follow the spec's `rpm/<area>/<verb>` style. Only administrators (lowest role 1
 * or 2) may create or change a group, with members among the organisations they administer.
 */

/** Most organisations and administrators in one group. */
export const GROUP_MEMBERS_MAX = 50;
export const GROUP_ADMINS_MAX = 20;

/** Record ids chosen in a form, each once. */
const chosenIds = (max: number, least: number, fewer: string) =>
  z
    .array(recordId, 'Choose from the list')
    .min(least, fewer)
    .max(max, `At most ${max}`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each one once');

/** A group's name, members and administrators as its form sends them. */
export const organizationGroupBody = z.object({
  // The organisation name's rule (000 §5): the group reads like the organisations it holds.
  group_name: organizationName.pipe(z.string().max(100, 'At most 100 characters')),
  organization_ids: chosenIds(GROUP_MEMBERS_MAX, 1, 'Choose at least one organization'),
  admin_ids: chosenIds(GROUP_ADMINS_MAX, 0, ''),
});

const groupAccess = { page: BILLING_UTILITY_PAGE } as const;
const SPEC =
  '000 §2.4 \'Billing Utility\' organization-groups; our path (decisions.md "Organization Groups")';

export const addOrganizationGroup = defineCall({
  method: 'POST',
  path: 'rpm/organizationGroups/addGroup',
  spec: SPEC,
  summary:
    'Creates a group of organisations the caller administers, with its administrators (administrators only)',
  access: groupAccess,
  headers: idempotencyHeaders,
  body: organizationGroupBody,
  response: okAnswer.extend({ data: z.object({ group_id: z.number().int() }) }),
});

export const updateOrganizationGroup = defineCall({
  method: 'POST',
  path: 'rpm/organizationGroups/updateGroup',
  spec: SPEC,
  summary:
    'Renames a group and replaces its organisations and administrators (administrators of all its organisations only)',
  access: groupAccess,
  body: organizationGroupBody.extend({ group_id: recordId }),
  response: okAnswer,
});

const choice = z.object({ value: z.number().int(), label: z.string() });

export const getOrganizationGroupChoices = defineCall({
  method: 'GET',
  path: 'rpm/organizationGroups/getChoices',
  spec: SPEC,
  summary:
    'What the group form offers the caller: the organisations they administer and the organisation administrators (role 2) of those organisations; whether they may save a group',
  access: groupAccess,
  response: z.object({
    status: z.number().int(),
    data: z.object({
      can_edit: z.boolean(),
      organizations: z.array(choice),
      admins: z.array(choice),
    }),
  }),
});
