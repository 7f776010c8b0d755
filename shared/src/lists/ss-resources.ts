import { z } from 'zod';
import { defineList } from './define-list.js';
import { LIST_ROUTES } from './list-routes.js';

/** What a sleep-study resource is (migration 0059's check; decisions.md "SS Resource"). */
export const SS_RESOURCE_CATEGORIES = [
  'Guide',
  'Form',
  'Protocol',
  'Patient handout',
  'Training',
  'Other',
] as const;
export type SsResourceCategory = (typeof SS_RESOURCE_CATEGORIES)[number];

/** A resource is a stored file or a link. */
export const SS_RESOURCE_KINDS = { file: 'File', link: 'Link' } as const;

/** One resource of an organisation's library (table `ss_resources`). */
export const ssResourceRow = z.object({
  resource_id: z.number().int(),
  title: z.string(),
  category: z.string(),
  description: z.string(),
  kind: z.enum([SS_RESOURCE_KINDS.file, SS_RESOURCE_KINDS.link]),
  /** The file's name, or the link's address. */
  source: z.string(),
  /** The file's size in bytes; null for a link. */
  size_bytes: z.number().int().nullable(),
  organization_id: z.number().int(),
  organization: z.string(),
  uploaded_by_id: z.number().int(),
  uploaded_by: z.string(),
  /** ISO timestamp. */
  uploaded_at: z.string(),
});
export type SsResourceRow = z.infer<typeof ssResourceRow>;

const option = (value: string) => ({ value, label: value });

/**
 * SS Resource (000 §2.4 'Billing Utility' row, /app/ss-resource; decisions.md "SS Resource"): the sleep-study
 * resources of the user's organisations (guides, forms, protocols as files or links), newest first; each row opens
 * or downloads its resource, and its uploader or an administrator removes it.
 */
export const ssResourcesList = defineList({
  name: 'ss-resources',
  title: 'SS Resource',
  spec: "000 §2.4 'Billing Utility' (ss-resource)",
  route: LIST_ROUTES.ssResource,
  page: 'Billing Utility',
  row: ssResourceRow,
  idKey: 'resource_id',
  columns: [
    { key: 'title', label: 'Title', sortable: true },
    { key: 'category', label: 'Category', sortable: true },
    { key: 'description', label: 'Description' },
    { key: 'kind', label: 'Kind', sortable: true },
    { key: 'source', label: 'File or Link' },
    { key: 'organization', label: 'Organization', sortable: true },
    { key: 'uploaded_by', label: 'Added By', sortable: true },
    { key: 'uploaded_at', label: 'Added On', sortable: true, format: 'datetime' },
  ],
  defaultSort: { key: 'uploaded_at', order: 'desc' },
  filters: [
    { key: 'category', label: 'Category', multi: true, options: SS_RESOURCE_CATEGORIES.map(option) },
    { key: 'kind', label: 'Kind', options: Object.values(SS_RESOURCE_KINDS).map(option) },
    { key: 'organization_id', label: 'Organization', multi: true },
  ],
  searchPlaceholder: 'Search title or description',
  exports: ['pdf', 'csv'],
});
