import { z } from 'zod';
import { recordId } from '../api/ids.js';
import { isCalendarDay } from '../calendar.js';
import { emailField } from '../validators.js';
import { activeFields, CONFIG_NAME_MAX, configTable, configText, statusColumn } from './config-table.js';
import { LIST_ROUTES } from './list-routes.js';

/** A lead's stages in their order (migration 0032's check; decisions.md "Leads"). */
export const LEAD_STAGES = ['New', 'Contacted', 'Demo', 'Proposal', 'Won', 'Lost'] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];
/** Stages still being worked: the ones a follow-up is due on. */
export const OPEN_LEAD_STAGES: readonly LeadStage[] = ['New', 'Contacted', 'Demo', 'Proposal'];

const STAGE_OPTIONS = LEAD_STAGES.map((stage) => ({ value: stage, label: stage }));

/** A practice a sales team is courting (table `leads`). */
export const leadRow = z.object({
  lead_id: z.number().int(),
  organization_id: z.number().int(),
  organization: z.string(),
  practice_name: z.string(),
  contact_name: z.string(),
  contact_phone: z.string(),
  contact_email: z.string(),
  stage: z.string(),
  next_follow_up: z.string(),
  ...activeFields,
});
export type LeadRow = z.infer<typeof leadRow>;

/**
 * Leads (000 §2.4 'Leads'; decisions.md "Leads"): the practices the user's organisations court, with contact, stage
 * and next follow-up, soonest first; edited through the configuration tables' form.
 */
export const leadsTable = configTable({
  name: 'leads',
  title: 'Leads',
  route: LIST_ROUTES.leads,
  page: 'Leads',
  row: leadRow,
  idKey: 'lead_id',
  columns: [
    { key: 'practice_name', label: 'Practice', sortable: true },
    { key: 'contact_name', label: 'Contact', sortable: true },
    { key: 'contact_phone', label: 'Phone', format: 'phone' },
    { key: 'contact_email', label: 'Email' },
    { key: 'stage', label: 'Stage', sortable: true, rank: LEAD_STAGES },
    { key: 'next_follow_up', label: 'Next Follow-up', sortable: true, format: 'date' },
    { key: 'organization', label: 'Organization', sortable: true },
    statusColumn,
  ],
  defaultSort: { key: 'next_follow_up', order: 'asc' },
  searchPlaceholder: 'Search practice or contact',
  // The leads still being worked, overdue follow-ups first; removing the chip shows the won and lost ones too.
  defaultFilters: { lead_stage: OPEN_LEAD_STAGES.join(',') },
  filters: [
    { key: 'lead_stage', label: 'Stage', multi: true, options: STAGE_OPTIONS },
    { key: 'organization_id', label: 'Organization', multi: true },
  ],
  entity: 'Lead',
  body: z.object({
    organization_id: recordId,
    practice_name: configText(CONFIG_NAME_MAX),
    contact_name: configText(CONFIG_NAME_MAX),
    contact_phone: configText(CONFIG_NAME_MAX),
    contact_email: emailField().pipe(z.string().max(254, 'At most 254 characters')),
    stage: z.enum(LEAD_STAGES, 'Select a stage'),
    next_follow_up: z.string('Enter the next follow-up date').refine(isCalendarDay, 'Enter a date'),
  }),
  fields: [
    { key: 'organization_id', label: 'Organization', kind: 'select', fixed: true },
    { key: 'practice_name', label: 'Practice' },
    { key: 'contact_name', label: 'Contact' },
    { key: 'contact_phone', label: 'Phone' },
    { key: 'contact_email', label: 'Email' },
    { key: 'stage', label: 'Stage', kind: 'select', options: STAGE_OPTIONS },
    { key: 'next_follow_up', label: 'Next Follow-up', kind: 'date' },
  ],
  edit: 'edit',
});
