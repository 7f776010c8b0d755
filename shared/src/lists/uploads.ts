import { z } from 'zod';
import { UPLOAD_KIND_INFO, UPLOAD_KINDS, UPLOAD_STATUS_LABELS } from '../uploads.js';
import { defineList } from './define-list.js';
import { LIST_ROUTES } from './list-routes.js';

/** One upload, as the CSV Utility lists it (table `uploads`). */
export const uploadListRow = z.object({
  upload_id: z.number().int(),
  uploaded_at: z.string(),
  file_name: z.string(),
  /** The kind's label: Patients or Devices. */
  kind: z.string(),
  /** The kind's page route without '/app/' (the row's link). */
  page_route: z.string(),
  uploaded_by: z.string(),
  status: z.string(),
  total_rows: z.number().int(),
  created_rows: z.number().int(),
  updated_rows: z.number().int(),
  /** Rows not written for a problem: invalid and duplicated ones. */
  problem_rows: z.number().int(),
});
export type UploadListRow = z.infer<typeof uploadListRow>;

/**
 * CSV Utility (000 §2.4 'CSV Utility', §2.7 Utilities; decisions.md "CSV uploads"): the uploads of the kinds the user
 * may upload, by users of the user's organisations, newest first; a row opens the upload's summary on its page.
 */
export const csvUtilityList = defineList({
  name: 'csv-utility',
  title: 'CSV Utility',
  spec: '000 §2.4 CSV Utility',
  route: LIST_ROUTES.csvUtility,
  page: 'CSV Utility',
  row: uploadListRow,
  idKey: 'upload_id',
  columns: [
    { key: 'uploaded_at', label: 'Uploaded', sortable: true, format: 'datetime' },
    { key: 'file_name', label: 'File', sortable: true, link: '/app/{page_route}?upload={upload_id}' },
    { key: 'kind', label: 'Kind', sortable: true },
    { key: 'uploaded_by', label: 'Uploaded By', sortable: true },
    { key: 'status', label: 'Status', sortable: true, rank: Object.values(UPLOAD_STATUS_LABELS) },
    { key: 'total_rows', label: 'Rows', sortable: true, format: 'number' },
    { key: 'created_rows', label: 'Added', sortable: true, format: 'number' },
    { key: 'updated_rows', label: 'Updated', sortable: true, format: 'number' },
    { key: 'problem_rows', label: 'Rows with Problems', sortable: true, format: 'number' },
  ],
  defaultSort: { key: 'uploaded_at', order: 'desc' },
  filters: [
    {
      key: 'upload_kind',
      label: 'Kind',
      multi: true,
      options: UPLOAD_KINDS.map((kind) => ({ value: kind, label: UPLOAD_KIND_INFO[kind].label })),
    },
    {
      key: 'upload_status',
      label: 'Status',
      multi: true,
      options: Object.entries(UPLOAD_STATUS_LABELS).map(([value, label]) => ({ value, label })),
    },
    { key: 'uploaded', label: 'Uploaded', dateRange: true },
  ],
  searchPlaceholder: 'Search file or user name',
  exports: ['pdf', 'csv'],
  open: '/app/{page_route}?upload={upload_id}',
});
