import { z } from 'zod';
import { defineList } from './define-list.js';
import { LIST_ROUTES } from './list-routes.js';

/** Whether a form can be filled in now: an inactive one is kept with its submissions but offered to no one. */
export const FORM_STATUSES = { active: 'Active', inactive: 'Inactive' } as const;

/** One form of an organisation (table `forms`). */
export const formRow = z.object({
  form_id: z.number().int(),
  title: z.string(),
  description: z.string(),
  field_count: z.number().int(),
  status: z.enum([FORM_STATUSES.active, FORM_STATUSES.inactive]),
  submission_count: z.number().int(),
  organization_id: z.number().int(),
  organization: z.string(),
  updated_by: z.string(),
  /** ISO timestamp. */
  updated_at: z.string(),
});
export type FormRow = z.infer<typeof formRow>;

const option = (value: string) => ({ value, label: value });

/**
 * Form (000 §2.4 'form', /app/form; decisions.md "Form"): the custom forms of the user's organisations (intake and
 * assessment questionnaires), most recently changed first; administrators add and edit them, and each active one is
 * filled in for a patient.
 */
export const formsList = defineList({
  name: 'forms',
  title: 'Forms',
  spec: "000 §2.4 'form'",
  route: LIST_ROUTES.form,
  page: 'form',
  row: formRow,
  idKey: 'form_id',
  columns: [
    { key: 'title', label: 'Title', sortable: true },
    { key: 'description', label: 'Description' },
    { key: 'field_count', label: 'Fields', sortable: true },
    { key: 'status', label: 'Status', sortable: true },
    { key: 'submission_count', label: 'Submissions', sortable: true },
    { key: 'organization', label: 'Organization', sortable: true },
    { key: 'updated_by', label: 'Changed By', sortable: true },
    { key: 'updated_at', label: 'Changed On', sortable: true, format: 'datetime' },
  ],
  defaultSort: { key: 'updated_at', order: 'desc' },
  filters: [
    { key: 'status', label: 'Status', options: Object.values(FORM_STATUSES).map(option) },
    { key: 'organization_id', label: 'Organization', multi: true },
  ],
  searchPlaceholder: 'Search title or description',
  exports: ['pdf', 'csv'],
});
