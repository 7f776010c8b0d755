import { z } from 'zod';
import { BILLING_UTILITY_PAGE } from '../routes.js';
import { defineList } from './define-list.js';
import { LIST_ROUTES } from './list-routes.js';

/** Whether a group has an administrator (values of the Administrators filter). */
export const GROUP_ADMIN_STATE_OPTIONS = [
  { value: 'none', label: 'None yet' },
  { value: 'named', label: 'Named' },
] as const;

/** One organisation group (tables organization_groups, _members, _admins of migration 0058). */
export const organizationGroupRow = z.object({
  group_id: z.number().int(),
  group_name: z.string(),
  /** What the edit form saves; not columns. */
  organization_ids: z.array(z.number().int()),
  admin_ids: z.array(z.number().int()),
  /** The member organisations' names, comma-separated by name. */
  organizations: z.string(),
  /** The administrators' names, comma-separated by name; empty when none is named. */
  administrators: z.string(),
  practices: z.number().int(),
  patients: z.number().int(),
  updated_at: z.string(),
});
export type OrganizationGroupRow = z.infer<typeof organizationGroupRow>;

/**
 * Organization Groups (000 §2.4 'Billing Utility' organization-groups; decisions.md "Organization Groups"): the
 * groups with an organisation the viewer administers (every group for lowest role 1), added and edited on the
 * screen's form (shared/src/api/organization-groups.ts).
 */
export const organizationGroupsList = defineList({
  name: 'organization-groups',
  title: 'Organization Groups',
  spec: "000 §2.4 'Billing Utility' organization-groups, §2.7 Utilities",
  route: LIST_ROUTES.organizationGroups,
  page: BILLING_UTILITY_PAGE,
  row: organizationGroupRow,
  idKey: 'group_id',
  columns: [
    { key: 'group_name', label: 'Group Name', sortable: true },
    { key: 'organizations', label: 'Organizations' },
    { key: 'administrators', label: 'Administrators' },
    { key: 'practices', label: 'Practices', sortable: true, format: 'number' },
    { key: 'patients', label: 'Patients', sortable: true, format: 'number' },
    { key: 'updated_at', label: 'Last Changed', sortable: true, format: 'datetime' },
  ],
  defaultSort: { key: 'group_name', order: 'asc' },
  filters: [
    { key: 'organization', label: 'Organization', multi: true, search: true },
    { key: 'admin_state', label: 'Administrators', options: GROUP_ADMIN_STATE_OPTIONS },
  ],
  searchPlaceholder: 'Search group name',
  exports: ['pdf', 'csv'],
});
