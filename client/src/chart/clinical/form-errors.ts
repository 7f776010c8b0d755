import type { z } from 'zod';

/**
 * The first message per field of a form checked with the call's own body schema, so the client refuses what the
 * server would (the same limits and texts); empty when the form is valid.
 */
export function formErrors(schema: z.ZodType, value: unknown): Record<string, string> {
  const parsed = schema.safeParse(value);
  const errors: Record<string, string> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}
