import { describe, expect, it } from 'vitest';
import { readUnreadCache, UNREAD_CACHE_KEY, writeUnreadCache } from './unread-cache';

describe('unread count cache (000 §3, §4.6)', () => {
  it('reads back the count with its age', () => {
    writeUnreadCache(7, 3, 1000);
    expect(readUnreadCache(7, 61_000)).toEqual({ count: 3, ageMs: 60_000 });
  });

  it.each([
    ['absent', null, 7],
    ['another user', JSON.stringify({ user_id: 8, count: 1, fetchedAt: 0 }), 7],
    ['not JSON', '{', 7],
    ['bad shape', JSON.stringify({ user_id: 7, count: -1, fetchedAt: 0 }), 7],
    ['fetched in the future', JSON.stringify({ user_id: 7, count: 1, fetchedAt: 10_000 }), 7],
  ])('gives null when %s', (_, raw, userId) => {
    if (raw !== null) localStorage.setItem(UNREAD_CACHE_KEY, raw);
    expect(readUnreadCache(userId, 5000)).toBeNull();
  });
});
