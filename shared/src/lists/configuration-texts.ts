import { z } from 'zod';
import { MESSAGE_MAX } from '../api/chart-messages.js';
import { recordId } from '../api/ids.js';
import { INSURANCE_PLANS_PAGE } from '../routes.js';
import {
  activeFields,
  CONFIG_COMMENT_MAX,
  CONFIG_NAME_MAX,
  configTable,
  configText,
  statusColumn,
} from './config-table.js';

/** The text and insurance configuration tables of 000 §2.4, in config-table.ts's one shape. */

/** A category of rows named by `name` (messages, notes): the same row, list and form. */
const categoryRow = z.object({
  category_id: z.number().int(),
  name: z.string(),
  rows: z.number().int(),
  ...activeFields,
});

const categoryTable = <const N extends string>(spec: {
  name: N;
  title: string;
  route: string;
  page: string;
  entity: string;
  rowsLabel: string;
}) =>
  configTable({
    ...spec,
    row: categoryRow,
    idKey: 'category_id',
    columns: [
      { key: 'name', label: 'Category', sortable: true },
      { key: 'rows', label: spec.rowsLabel, sortable: true, format: 'number' },
      statusColumn,
    ],
    defaultSort: { key: 'name', order: 'asc' },
    searchPlaceholder: 'Search category',
    body: z.object({ name: configText(CONFIG_NAME_MAX) }),
    fields: [{ key: 'name', label: 'Category' }],
    edit: 'edit',
  });

export const messageCategoriesTable = categoryTable({
  name: 'messages-category',
  title: 'Messages Category',
  route: '/app/messages-category',
  page: 'Messages Category Table',
  entity: 'MessageCategory',
  rowsLabel: 'Templates',
});

export const noteCategoriesTable = categoryTable({
  name: 'notes-category',
  title: 'NotesCategory',
  route: '/app/notes-category',
  page: 'NotesCategory Table',
  entity: 'NoteCategory',
  rowsLabel: 'Comments',
});

/** The filter of a table whose rows belong to a category; its options are the form's choices too. */
const byCategory = [{ key: 'category_id', label: 'Category', multi: true }] as const;

/** A ready-made SMS of a category; '{first_name}' is filled with the patient's first name. */
export const messageTemplateRow = z.object({
  template_id: z.number().int(),
  title: z.string(),
  body: z.string(),
  category_id: z.number().int(),
  category: z.string(),
  ...activeFields,
});

export const messageTemplatesTable = configTable({
  name: 'messages-template',
  title: 'Message Template',
  route: '/app/messages-template',
  page: 'Message Template Table',
  row: messageTemplateRow,
  idKey: 'template_id',
  columns: [
    { key: 'title', label: 'Title', sortable: true },
    { key: 'category', label: 'Category', sortable: true },
    { key: 'body', label: 'Message', sortable: false },
    statusColumn,
  ],
  defaultSort: { key: 'title', order: 'asc' },
  searchPlaceholder: 'Search template',
  filters: byCategory,
  entity: 'MessageTemplate',
  body: z.object({
    title: configText(CONFIG_NAME_MAX),
    category_id: recordId,
    body: configText(MESSAGE_MAX),
  }),
  fields: [
    { key: 'title', label: 'Title' },
    { key: 'category_id', label: 'Category', kind: 'select' },
    { key: 'body', label: 'Message', kind: 'textarea' },
  ],
  edit: 'edit',
});

/** A ready-made comment of a notes category. */
export const noteCommentRow = z.object({
  comment_id: z.number().int(),
  comment: z.string(),
  category_id: z.number().int(),
  category: z.string(),
  ...activeFields,
});

export const noteCommentsTable = configTable({
  name: 'notes-comments',
  title: 'Notes Comments',
  route: '/app/notes-comments',
  page: 'Notes Comments Table',
  row: noteCommentRow,
  idKey: 'comment_id',
  columns: [
    { key: 'comment', label: 'Comment', sortable: true },
    { key: 'category', label: 'Category', sortable: true },
    statusColumn,
  ],
  defaultSort: { key: 'comment', order: 'asc' },
  searchPlaceholder: 'Search comment',
  filters: byCategory,
  entity: 'NoteComment',
  body: z.object({ comment: configText(CONFIG_COMMENT_MAX), category_id: recordId }),
  fields: [
    { key: 'comment', label: 'Comment', kind: 'textarea' },
    { key: 'category_id', label: 'Category', kind: 'select' },
  ],
  edit: 'edit',
});

/** The kinds of insurance plan (the 0026 migration's check). */
const PLAN_TYPES = ['Medicare', 'Medicare Advantage', 'Medicaid', 'Commercial', 'Other'] as const;

export const insurancePlanRow = z.object({
  plan_id: z.number().int(),
  payer: z.string(),
  plan_name: z.string(),
  plan_type: z.string(),
  organizations: z.number().int(),
  ...activeFields,
});

export const insurancePlansTable = configTable({
  name: 'insurance-plans',
  title: 'Insurance Plans',
  route: '/app/insurance-plans',
  page: INSURANCE_PLANS_PAGE,
  row: insurancePlanRow,
  idKey: 'plan_id',
  columns: [
    { key: 'payer', label: 'Payer', sortable: true },
    { key: 'plan_name', label: 'Plan Name', sortable: true },
    { key: 'plan_type', label: 'Type', sortable: true },
    { key: 'organizations', label: 'Organizations', sortable: true, format: 'number' },
    statusColumn,
  ],
  defaultSort: { key: 'payer', order: 'asc' },
  searchPlaceholder: 'Search payer or plan',
  entity: 'InsurancePlan',
  body: z.object({
    payer: configText(CONFIG_NAME_MAX),
    plan_name: configText(CONFIG_NAME_MAX),
    plan_type: z.enum(PLAN_TYPES, 'Select a plan type'),
  }),
  fields: [
    { key: 'payer', label: 'Payer' },
    { key: 'plan_name', label: 'Plan Name' },
    {
      key: 'plan_type',
      label: 'Type',
      kind: 'select',
      options: PLAN_TYPES.map((t) => ({ label: t, value: t })),
    },
  ],
  edit: 'edit',
});

/** A plan an organisation accepts (decisions.md "Insurance Table"). */
export const acceptedInsuranceRow = z.object({
  accepted_id: z.number().int(),
  organization_id: z.number().int(),
  organization: z.string(),
  plan_id: z.number().int(),
  payer: z.string(),
  plan_name: z.string(),
  plan_type: z.string(),
  ...activeFields,
});

export const insuranceTableTable = configTable({
  name: 'insurance-table',
  title: 'Insurance Table',
  route: '/app/insurance-table',
  // 000 §2.2 opens the route to any signed-in user; the rows are kept by those who keep the plans.
  page: INSURANCE_PLANS_PAGE,
  row: acceptedInsuranceRow,
  idKey: 'accepted_id',
  columns: [
    { key: 'organization', label: 'Organization', sortable: true },
    { key: 'payer', label: 'Payer', sortable: true },
    { key: 'plan_name', label: 'Plan Name', sortable: true },
    { key: 'plan_type', label: 'Type', sortable: true },
    statusColumn,
  ],
  defaultSort: { key: 'organization', order: 'asc' },
  searchPlaceholder: 'Search payer or plan',
  filters: [
    { key: 'organization_id', label: 'Organization', multi: true },
    { key: 'plan_id', label: 'Insurance Plan', multi: true },
  ],
  entity: 'AcceptedInsurance',
  body: z.object({ organization_id: recordId, plan_id: recordId }),
  fields: [
    { key: 'organization_id', label: 'Organization', kind: 'select', fixed: true },
    { key: 'plan_id', label: 'Insurance Plan', kind: 'select', fixed: true },
  ],
  edit: 'edit',
});
