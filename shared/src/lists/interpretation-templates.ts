import { z } from 'zod';
import { defineList } from './define-list.js';
import { LIST_ROUTES } from './list-routes.js';
import { PATIENT_FILTERS } from './patient-row.js';
import { SLEEP_STUDY_KIND_LABELS, type SleepStudyKind } from './sleep.js';

/**
 * Custom Interpretation Config (000 §2.4 'interpretation-customs', user menu 000 §2.7, §6.2): the interpretation
 * templates of the caller's organisations and those shared with every organisation; the interpretation view's
 * template picker offers the active ones of the study's kind (decisions.md "Interpretation templates").
 */

/** The label of a template shared with every organisation (organisation null). */
export const ALL_ORGANIZATIONS_LABEL = 'All Organizations';
/** The label of an active and of a deactivated template; also the values of the Status filter. */
export const TEMPLATE_STATUS = { active: 'Active', inactive: 'Inactive' } as const;

export const interpretationTemplateRow = z.object({
  template_id: z.number().int(),
  name: z.string(),
  kind: z.enum(Object.values(SLEEP_STUDY_KIND_LABELS) as [string, ...string[]]),
  /** What the edit form saves; not columns. */
  kind_code: z.enum(Object.keys(SLEEP_STUDY_KIND_LABELS) as [SleepStudyKind, ...SleepStudyKind[]]),
  organization_id: z.number().int().nullable(),
  findings: z.string(),
  impression: z.string(),
  recommendations: z.string(),
  organization_name: z.string(),
  status: z.enum([TEMPLATE_STATUS.active, TEMPLATE_STATUS.inactive]),
  created_by: z.string(),
  created_at: z.string(),
});
export type InterpretationTemplateRow = z.infer<typeof interpretationTemplateRow>;

export const interpretationTemplatesList = defineList({
  name: 'interpretation-customs',
  title: 'Custom Interpretation Config',
  spec: "000 §2.4 'interpretation-customs'; issue 15 §3",
  route: LIST_ROUTES.interpretationTemplates,
  page: 'Custom Interpretation Config',
  row: interpretationTemplateRow,
  idKey: 'template_id',
  columns: [
    { key: 'template_id', label: 'Template ID', sortable: true },
    { key: 'name', label: 'Template Name', sortable: true },
    { key: 'kind', label: 'Test Type', sortable: true },
    { key: 'organization_name', label: 'Organization', sortable: true },
    { key: 'status', label: 'Status', sortable: true },
    { key: 'created_by', label: 'Created By', sortable: true },
    { key: 'created_at', label: 'Created', sortable: true, format: 'datetime' },
  ],
  defaultSort: { key: 'name', order: 'asc' },
  filters: [
    {
      key: 'kind',
      label: 'Test Type',
      multi: true,
      options: Object.entries(SLEEP_STUDY_KIND_LABELS).map(([value, label]) => ({ value, label })),
    },
    {
      key: 'status',
      label: 'Status',
      options: Object.values(TEMPLATE_STATUS).map((value) => ({ value, label: value })),
    },
    PATIENT_FILTERS.organization,
  ],
  defaultFilters: { status: TEMPLATE_STATUS.active },
  searchPlaceholder: 'Search template name',
  exports: ['pdf', 'csv'],
});
