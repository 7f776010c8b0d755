import { z } from 'zod';

/**
 * The error answer of every call (spec 000 §8: the error dialog shows the HTTP status and the server's message).
 * `field` names the input that was rejected when there is one.
 */
export const errorEnvelope = z.object({
  status: z.number().int(),
  message: z.string(),
  field: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;
