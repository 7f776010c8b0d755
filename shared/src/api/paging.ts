import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../constants.js';

/**
 * Paging of every paged call (000 §9, 001 §9): a 0-based page and 10, 25, 50 or 100 rows, 10 by default. Declared
 * once: the lists (lists/define-list.ts), the billing report and the chart's paged tabs take these fields.
 */
export const PAGING = {
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  rowsPerPage: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'rowsPerPage must be 10, 25, 50 or 100')
    .default(DEFAULT_PAGE_SIZE),
};
