import { z } from 'zod';

/**
 * Record ids are PostgreSQL `integer` keys. A larger number cannot name a row, and sent to the database it fails
 * there ("out of range", a 500): the contract refuses it first, a 400 naming the field.
 */
export const RECORD_ID_MAX = 2_147_483_647;

/** A record id in a JSON body. */
export const recordId = z.number().int().positive().max(RECORD_ID_MAX);

/** A record id in a query string (text, coerced). */
export const recordIdParam = z.coerce.number().int().positive().max(RECORD_ID_MAX);

/**
 * Record ids in a query string, comma-separated ('3,5,8'): at least one, at most `max`, each a {@link recordIdParam}
 * (a bad one is refused naming its position).
 */
export const recordIdListParam = (max: number) =>
  z
    .string()
    .transform((text): unknown[] => (text === '' ? [] : text.split(',')))
    .pipe(z.array(recordIdParam).min(1).max(max));
