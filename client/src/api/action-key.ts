import { useMemo } from 'react';

/**
 * The Idempotency-Key of one user action: the same while the action's content is the same, so sending
 * it again after a lost answer gets the first result instead of a second record; new when the content changes (a
 * different note is a new action). `content` is everything the action sends (decisions.md "Retried creations").
 */
export function useActionKey(...content: readonly unknown[]): string {
  const text = JSON.stringify(content);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key exactly when the content changes.
  return useMemo(() => crypto.randomUUID(), [text]);
}
