import { z } from 'zod';
import { SS_RESOURCE_CATEGORIES } from '../lists/ss-resources.js';
import { MSG } from '../messages.js';
import { idempotencyHeaders } from './chart-common.js';
import { DOCUMENT_MAX_BYTES } from './chart-documents.js';
import { defineCall } from './contract.js';
import { okAnswer } from './envelope.js';
import { recordId, recordIdParam } from './ids.js';
import { chartText } from './rules.js';

/** SS Resource's writes and file (decisions.md "SS Resource"); its list is `ssResourcesList`. */

const ACCESS = { page: 'Billing Utility' } as const;

export const SS_RESOURCE_TITLE_MAX = 200;
export const SS_RESOURCE_DESCRIPTION_MAX = 2000;
export const SS_RESOURCE_URL_MAX = 2000;

/**
 * The file types a resource may be, by the file's own bytes, with their extension: the documents' PDF, PNG and
 * JPEG, and Word's DOCX for forms the team fills in.
 */
export const SS_RESOURCE_TYPES = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
} as const;

export const SS_RESOURCE_TEXT = {
  tooLarge: `The file is larger than ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB.`,
  wrongType: 'Only PDF, DOCX, PNG and JPEG files can be uploaded.',
  noFile: 'Choose a file to upload.',
  badUrl: 'Enter a web address starting with http:// or https://',
  notRemovable: 'Only the user who added a resource or an administrator can remove it.',
  deleted: 'Deleted Successfully',
} as const;

const title = chartText(SS_RESOURCE_TITLE_MAX).refine((text) => text.trim() !== '', MSG.required);
const description = chartText(SS_RESOURCE_DESCRIPTION_MAX).default('');
const category = z.enum(SS_RESOURCE_CATEGORIES, 'Select a category');

/** A new file resource's facts; the file itself is the multipart body's one file part. */
export const addSsResourceFile = defineCall({
  method: 'POST',
  path: 'rpm/ssResources/addFile',
  spec: "000 §2.4 'Billing Utility' ss-resource (ours)",
  summary:
    "Adds a file to the organisation's sleep-study resources (multipart/form-data, one file part; PDF, DOCX, PNG or JPEG by its bytes, at most 10 MB); its facts in the query",
  access: ACCESS,
  headers: idempotencyHeaders,
  query: z.object({ organization_id: recordIdParam, title, category, description }),
  response: okAnswer.extend({ data: z.object({ resource_id: z.number().int() }) }),
});

export const addSsResourceLink = defineCall({
  method: 'POST',
  path: 'rpm/ssResources/addLink',
  spec: "000 §2.4 'Billing Utility' ss-resource (ours)",
  summary: "Adds a link (an http or https address) to the organisation's sleep-study resources",
  access: ACCESS,
  headers: idempotencyHeaders,
  body: z.object({
    organization_id: recordId,
    title,
    category,
    description,
    url: z
      .string(SS_RESOURCE_TEXT.badUrl)
      .trim()
      .max(SS_RESOURCE_URL_MAX)
      .regex(/^https?:\/\/[^\s/?#]+\S*$/i, SS_RESOURCE_TEXT.badUrl)
      .refine((url) => URL.canParse(url), SS_RESOURCE_TEXT.badUrl),
  }),
  response: okAnswer.extend({ data: z.object({ resource_id: z.number().int() }) }),
});

export const getSsResourceFile = defineCall({
  method: 'GET',
  path: 'rpm/ssResources/getFile',
  spec: "000 §2.4 'Billing Utility' ss-resource (ours)",
  summary: "A file resource's file, as uploaded (a file; errors use the JSON error envelope)",
  access: ACCESS,
  query: z.object({ resource_id: recordIdParam }),
  response: z.unknown(),
});

export const deleteSsResource = defineCall({
  method: 'POST',
  path: 'rpm/ssResources/delete',
  spec: "000 §2.4 'Billing Utility' ss-resource (ours)",
  summary:
    'Removes a resource (kept, with who removed it and when, for the record): its uploader or an administrator',
  access: ACCESS,
  body: z.object({ resource_id: recordId }),
  response: okAnswer,
});
