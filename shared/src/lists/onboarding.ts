import { z } from 'zod';
import { ONBOARDING_STATUSES, type OnboardingStatus } from '../api/onboarding.js';
import { defineList, type FilterOption } from './define-list.js';
import { LIST_ROUTES, ROW_VIEW_ROUTES, rowViewLink } from './list-routes.js';

const STATUS_OPTIONS: FilterOption[] = Object.entries(ONBOARDING_STATUSES).map(([value, label]) => ({
  value,
  label,
}));

/** The submissions still waiting for a decision: the list's default. */
const OPEN_STATUSES: readonly OnboardingStatus[] = ['submitted', 'in_review'];

/** One onboarding submission (table `onboarding_submissions`). */
export const onboardingRow = z.object({
  submission_id: z.number().int(),
  reference: z.string(),
  practice_name: z.string(),
  practice_npi: z.string(),
  contact_name: z.string(),
  contact_email: z.string(),
  contact_phone: z.string(),
  providers: z.number().int(),
  expected_patients: z.number().int(),
  status: z.enum(Object.values(ONBOARDING_STATUSES) as [string, ...string[]]),
  submitted_at: z.string(),
  decided_at: z.string().nullable(),
});
export type OnboardingRow = z.infer<typeof onboardingRow>;

/** A row opens its submission's own view: every field, the documents, Approve and Reject. */
const SUBMISSION_VIEW_LINK = rowViewLink(ROW_VIEW_ROUTES.onboardingSubmission);

/**
 * Onboarding submissions (issue 42 §1; decisions.md "Onboarding"): the practices that signed themselves up, for
 * sales (role 14) and administrators (role 1) on the Leads page, the open ones oldest first.
 */
export const onboardingSubmissionsList = defineList({
  name: 'onboarding-submissions',
  title: 'Practice Sign-ups',
  spec: 'issue 42 §1 (ours)',
  route: LIST_ROUTES.onboardingSubmissions,
  page: 'Leads',
  row: onboardingRow,
  idKey: 'submission_id',
  columns: [
    { key: 'reference', label: 'Reference', sortable: true, link: SUBMISSION_VIEW_LINK },
    { key: 'practice_name', label: 'Practice', sortable: true, link: SUBMISSION_VIEW_LINK },
    { key: 'practice_npi', label: 'NPI' },
    { key: 'contact_name', label: 'Contact', sortable: true },
    { key: 'contact_email', label: 'Email' },
    { key: 'contact_phone', label: 'Phone', format: 'phone' },
    { key: 'providers', label: 'Providers', sortable: true, format: 'number' },
    { key: 'expected_patients', label: 'Expected Patients', sortable: true, format: 'number' },
    { key: 'status', label: 'Status', sortable: true, rank: Object.values(ONBOARDING_STATUSES) },
    { key: 'submitted_at', label: 'Submitted', sortable: true, format: 'datetime' },
    { key: 'decided_at', label: 'Decided', sortable: true, format: 'datetime' },
  ],
  defaultSort: { key: 'submitted_at', order: 'asc' },
  defaultFilters: { onboarding_status: OPEN_STATUSES.join(',') },
  filters: [{ key: 'onboarding_status', label: 'Status', multi: true, options: STATUS_OPTIONS }],
  searchPlaceholder: 'Search practice, contact or reference',
  exports: ['pdf', 'csv'],
  open: SUBMISSION_VIEW_LINK,
});
