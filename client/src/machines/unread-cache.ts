import type { CachedCount } from '@rpm/machines';
import { z } from 'zod';

/**
 * The unread count cached in local storage with the time it was fetched and whose it is (000 §3 "Unread count",
 * §4.6; decisions.md "Unread count cache").
 */
export const UNREAD_CACHE_KEY = 'unreadCount';

const cached = z.object({
  user_id: z.number().int().positive(),
  count: z.number().int().nonnegative(),
  fetchedAt: z.number().finite(),
});

/** The cached count of `userId` and its age at `now`; `null` when absent, another user's, bad, or from the future. */
export function readUnreadCache(userId: number, now: number): CachedCount | null {
  const raw = localStorage.getItem(UNREAD_CACHE_KEY);
  if (raw === null) return null;
  try {
    const parsed = cached.safeParse(JSON.parse(raw));
    if (!parsed.success || parsed.data.user_id !== userId) return null;
    const ageMs = now - parsed.data.fetchedAt;
    // A time ahead of now (the clock was set back) cannot be trusted as fresh.
    return ageMs < 0 ? null : { count: parsed.data.count, ageMs };
  } catch {
    return null;
  }
}

/** Caches `count` for `userId`, fetched at `now` (000 §4.6). */
export function writeUnreadCache(userId: number, count: number, now: number): void {
  localStorage.setItem(UNREAD_CACHE_KEY, JSON.stringify({ user_id: userId, count, fetchedAt: now }));
}
