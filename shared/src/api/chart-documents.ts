import { z } from 'zod';
import { MSG } from '../messages.js';
import { CHART, idempotencyHeaders, paging } from './chart-common.js';
import { defineCall } from './contract.js';
import { okAnswer, pageEnvelope } from './envelope.js';
import { recordId, recordIdParam } from './ids.js';
import { chartText } from './rules.js';

/** The chart's Documents tab (000 §2.3 documents; decisions.md "Documents"). */

/** The largest file a document may be: 10 MB (decisions.md "Documents"). */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_TITLE_MAX = 200;

/** The file types a document may be, as detected from the file's own bytes, with their extension. */
export const DOCUMENT_TYPES = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
} as const;
export type DocumentType = keyof typeof DOCUMENT_TYPES;

/** What kind of paper a document is, in the clinic's words (decisions.md "Documents"). */
export const DOCUMENT_CATEGORIES = [
  'Consent',
  'Order',
  'Insurance',
  'Lab result',
  'Referral',
  'Correspondence',
  'Other',
] as const;

export const DOCUMENT_TEXT = {
  tooLarge: `The file is larger than ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB.`,
  wrongType: 'Only PDF, PNG and JPEG files can be uploaded.',
  noFile: 'Choose a file to upload.',
  deleted: 'Deleted Successfully',
} as const;

export const patientDocument = z.object({
  document_id: z.number().int(),
  patient_id: z.number().int(),
  title: z.string(),
  category: z.enum(DOCUMENT_CATEGORIES),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  uploaded_by_name: z.string(),
  uploaded_at: z.string(),
});
export type PatientDocument = z.infer<typeof patientDocument>;

export const getPatientDocuments = defineCall({
  method: 'GET',
  path: 'rpm/documents/getPatientDocuments',
  spec: '000 §2.3 (documents; ours)',
  summary: "The patient's documents (deleted ones left out), newest first",
  access: CHART,
  query: z.object({ patient_id: recordIdParam, ...paging }),
  response: pageEnvelope(patientDocument),
});

const documentTitle = chartText(DOCUMENT_TITLE_MAX).refine((text) => text.trim() !== '', MSG.required);

/** The metadata of an upload; the file itself is the multipart body's one file part. */
export const uploadDocumentQuery = z.object({
  patient_id: recordIdParam,
  title: documentTitle,
  category: z.enum(DOCUMENT_CATEGORIES),
});

export const uploadPatientDocument = defineCall({
  method: 'POST',
  path: 'rpm/documents/uploadPatientDocument',
  spec: '000 §2.3 (documents; ours)',
  summary:
    'Uploads a document (multipart/form-data, one file part; PDF, PNG or JPEG by its bytes, at most 10 MB); title and category in the query',
  access: CHART,
  headers: idempotencyHeaders,
  query: uploadDocumentQuery,
  response: okAnswer.extend({ data: patientDocument }),
});

export const getPatientDocumentFile = defineCall({
  method: 'GET',
  path: 'rpm/documents/getPatientDocumentFile',
  spec: '000 §2.3 (documents; ours)',
  summary: "A document's file, as uploaded (a file; errors use the JSON error envelope)",
  access: CHART,
  query: z.object({ document_id: recordIdParam }),
  response: z.unknown(),
});

export const deletePatientDocument = defineCall({
  method: 'POST',
  path: 'rpm/documents/deletePatientDocument',
  spec: '000 §2.3 (documents; ours)',
  summary: 'Removes a document from the chart (kept, with who removed it and when, for the record)',
  access: CHART,
  body: z.object({ document_id: recordId }),
  response: okAnswer,
});

/** The most documents a record's own view lists, newest first (decisions.md "Dental case and sleep study views"). */
export const VIEW_DOCUMENTS_MAX = 100;

/** A patient's documents as a case or study view lists them: the newest {@link VIEW_DOCUMENTS_MAX} and how many. */
export const viewDocuments = z.object({ count: z.number().int(), data: z.array(patientDocument) });
