import { NOTIFICATION_CACHE_MS, NOTIFICATION_POLL_MS } from '@rpm/shared';
import { type CachedCount, countSetup, fetchingCount, followFocus, startCount } from './count-polling.js';

/** 000 §4.6: the server is asked only with focus and a cache older than 10 minutes or absent. */
export function unreadCountDue(focused: boolean, cached: CachedCount | null): boolean {
  return focused && (cached === null || cached.ageMs >= NOTIFICATION_CACHE_MS);
}

/**
 * The bell's unread count (000 §4.6, §7 getUnreadCount, §9). Every 10 minutes, and once on start, `readCache`
 * reports the cached count and its age; with focus and a cache that is absent or 10 minutes old, `fetchCount` asks
 * the server and `writeCache` stores the answer with the time; otherwise the cached count shows. REFRESH with
 * `force` asks the server at once whatever the focus and cache; REFRESH without it applies the rules now.
 */
export const notificationCountMachine = countSetup
  .extend({
    guards: {
      mustFetch: ({ context }, cached: CachedCount | null) => unreadCountDue(context.focused, cached),
      cached: (_, cached: CachedCount | null) => cached !== null,
    },
    delays: { poll: NOTIFICATION_POLL_MS },
  })
  .createMachine({
    id: 'notificationCount',
    context: startCount,
    initial: 'deciding',
    on: followFocus,
    states: {
      deciding: {
        on: {
          REFRESH: { guard: { type: 'forced', params: ({ event }) => event }, target: 'fetching' },
        },
        invoke: {
          id: 'readCache',
          src: 'readCache',
          onDone: [
            { guard: { type: 'mustFetch', params: ({ event }) => event.output }, target: 'fetching' },
            {
              guard: { type: 'cached', params: ({ event }) => event.output },
              target: 'waiting',
              actions: { type: 'showCount', params: ({ event }) => ({ count: event.output?.count ?? 0 }) },
            },
            { target: 'waiting' },
          ],
          // Unreadable cache: treated as absent.
          onError: [{ guard: 'focused', target: 'fetching' }, { target: 'waiting' }],
        },
      },
      fetching: fetchingCount,
      waiting: {
        after: { poll: 'deciding' },
        on: {
          REFRESH: [
            { guard: { type: 'forced', params: ({ event }) => event }, target: 'fetching' },
            { target: 'deciding' },
          ],
        },
      },
    },
  });
