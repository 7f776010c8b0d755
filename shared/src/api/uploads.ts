import { z } from 'zod';
import { ROW_OUTCOMES, UPLOAD_KIND_INFO, UPLOAD_STATUS_LABELS, type UploadKind } from '../uploads.js';
import { defineCall } from './contract.js';
import { okAnswer } from './envelope.js';
import { recordId, recordIdParam } from './ids.js';

/**
 * The calls of Bulk Uploads, Inventory Uploads and Billing Uploads (000 §2.4; decisions.md "CSV uploads"), the same for
 * each kind under rpm/uploads/{kind}/, each needing the kind's access-list entry. Flow: preview (the file as
 * multipart/form-data, checked and kept, nothing written) → commit (the kept file written) → get and errorReport.
 */

const option = z.object({ value: z.number().int(), label: z.string() });

/** One problem of a row: our column's header ('' for the whole row) and the text. */
export const uploadProblem = z.object({ column: z.string(), message: z.string() });

/** One row as the preview shows it: its spreadsheet row number (the header is row 1). */
export const uploadRow = z.object({
  row: z.number().int(),
  outcome: z.enum(ROW_OUTCOMES),
  /** The file's text of each of {@link uploadSummary}'s columns. */
  cells: z.array(z.string()),
  problems: z.array(uploadProblem),
});
export type UploadRow = z.infer<typeof uploadRow>;

const counts = z.object({
  rows: z.number().int(),
  new: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  duplicate: z.number().int(),
  invalid: z.number().int(),
  /** Written by the commit. */
  created: z.number().int(),
  updated: z.number().int(),
});

/** An upload, its dry run's counts (recounted at commit) and the rows shown. */
export const uploadSummary = z.object({
  upload_id: z.number().int(),
  kind: z.enum(Object.keys(UPLOAD_KIND_INFO) as [UploadKind, ...UploadKind[]]),
  file_name: z.string(),
  uploaded_by: z.string(),
  uploaded_at: z.string(),
  status: z.enum(Object.keys(UPLOAD_STATUS_LABELS) as ['previewed', 'committed', 'rejected']),
  committed_at: z.string().nullable(),
  all_or_nothing: z.boolean().nullable(),
  update_existing: z.boolean().nullable(),
  counts,
  /** Our headers of the columns the file has, in our order. */
  columns: z.array(z.string()),
  /** Headers of the file that fill no column (ignored). */
  ignored_columns: z.array(z.string()),
  /** Every row with a problem, then the first others, by row number (at most UPLOAD_PREVIEW_ROWS). */
  rows: z.array(uploadRow),
});
export type UploadSummary = z.infer<typeof uploadSummary>;

const summaryAnswer = z.object({ status: z.number().int(), data: uploadSummary });

/** The calls of one kind. */
function uploadCalls<K extends UploadKind>(kind: K) {
  const info = UPLOAD_KIND_INFO[kind];
  const access = { page: info.page } as const;
  const spec = `000 §2.4 ${info.title} (issue 38 §4; ours)`;
  const path = (verb: string) => `rpm/uploads/${kind}/${verb}`;
  const fields = info.columns.map((c) => c.field) as [string, ...string[]];
  const uploadQuery = z.object({ upload_id: recordIdParam });
  return {
    template: defineCall({
      method: 'GET',
      path: path('template'),
      spec,
      summary: `The CSV template of ${info.title}: our columns' headers (a file; errors use the JSON error envelope)`,
      access,
      response: z.unknown(),
    }),
    setup: defineCall({
      method: 'GET',
      path: path('setup'),
      spec,
      summary: "The user's organisations and each one's saved column mapping",
      access,
      response: z.object({
        status: z.number().int(),
        data: z.object({
          organizations: z.array(option),
          mappings: z.array(
            z.object({ organization_id: z.number().int(), mapping: z.record(z.string(), z.string()) }),
          ),
        }),
      }),
    }),
    saveMapping: defineCall({
      method: 'POST',
      path: path('saveMapping'),
      spec,
      summary: "Saves an organisation's column mapping: another system's header → our column's field",
      access,
      body: z.object({
        organization_id: recordId,
        mapping: z
          .record(z.string().trim().min(1).max(200), z.enum(fields))
          .refine((m) => Object.keys(m).length <= 100, 'At most 100 mapped columns'),
      }),
      response: okAnswer,
    }),
    preview: defineCall({
      method: 'POST',
      path: path('preview'),
      spec,
      summary:
        "Reads a CSV file (multipart/form-data, one file part; UTF-8 with or without BOM, at most 5 MiB and 20,000 rows) with the organisation's column mapping, checks every row and keeps the upload; writes no record. 400 naming the problem for a file that is not CSV, empty, too large or missing a required column",
      access,
      query: z.object({ organization_id: recordIdParam.optional() }),
      response: summaryAnswer,
    }),
    commit: defineCall({
      method: 'POST',
      path: path('commit'),
      spec,
      summary:
        'Writes the valid rows of a previewed upload in one transaction (nothing with all_or_nothing when a row is invalid); existing records are updated only with update_existing; 409 once committed',
      access,
      body: z.object({
        upload_id: recordId,
        all_or_nothing: z.boolean(),
        update_existing: z.boolean(),
      }),
      response: okAnswer.extend({ data: uploadSummary }),
    }),
    get: defineCall({
      method: 'GET',
      path: path('get'),
      spec,
      summary: "An upload of the user's organisations with its counts and rows shown",
      access,
      query: uploadQuery,
      response: summaryAnswer,
    }),
    errorReport: defineCall({
      method: 'GET',
      path: path('errorReport'),
      spec,
      summary:
        "The rows of an upload that were not written, as the file had them, with each row's number and problems (CSV; formula cells neutralised)",
      access,
      query: uploadQuery,
      response: z.unknown(),
    }),
  };
}

export const UPLOAD_CALLS = {
  patients: uploadCalls('patients'),
  devices: uploadCalls('devices'),
  claims: uploadCalls('claims'),
};
export type UploadCalls = (typeof UPLOAD_CALLS)[UploadKind];
