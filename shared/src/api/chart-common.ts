import { z } from 'zod';
import { recordIdParam } from './ids.js';
import { PAGING } from './paging.js';

/** What the patient chart's calls (chart*.ts) share: the access they need, the plain answer, the patient query, paging. */
export const CHART = { page: 'Patient Chart' } as const;
export const patientQuery = z.object({ patient_id: recordIdParam });

/** Paging of the chart's lists, as the list toolbar sends it (001 §2.4, §9). */
export const paging = PAGING;

/**
 * The header of creating calls that makes a retry safe: the client generates one key per user action and sends it
 * again on a retry; the server answers a repeat with the first result (decisions.md "Retried creations").
 */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'idempotency-key must be 8 to 100 letters, digits, - or _')
    .optional(),
});
