import { z } from 'zod';

/** The error answer of every call (000 §8); `field` names the rejected input when there is one. */
export const errorEnvelope = z.object({
  status: z.number().int(),
  message: z.string(),
  field: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** The answer of a call that changes something: `{status, message}` (000 §7). */
export const okAnswer = z.object({ status: z.number().int(), message: z.string() });

/** The answer of a list call (the spec's `{status, data}`). */
export const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ status: z.number().int(), data: z.array(item) });

/** The answer of a paged list call: one page in `data`, `count` rows in all. */
export const pageEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({
    status: z.number().int(),
    data: z.array(item),
    count: z.number().int(),
    /** The list's declared total (define-list.ts `total`) over every filtered row, in dollars. */
    total: z.number().optional(),
  });
