import { NOTIFICATION_CACHE_MS, NOTIFICATION_POLL_MS } from '@rpm/shared';
import { assign, fromPromise, setup } from 'xstate';

/** The unread count cached in browser storage with its age (000 §3 "Unread count", §4.6). */
export interface CachedCount {
  readonly count: number;
  /** Milliseconds since it was fetched. */
  readonly ageMs: number;
}

export interface CountInput {
  /** Whether the tab has focus when the machine starts. */
  readonly focused: boolean;
}

export interface NotificationCountContext {
  readonly count: number;
  readonly focused: boolean;
}

export type CountEvent =
  /** Ask now; `force` bypasses the focus and cache rules (a notification arrived over the socket, clear all). */
  | { type: 'REFRESH'; force: boolean }
  /** The tab gained or lost focus. */
  | { type: 'FOCUS'; focused: boolean };

/** 000 §4.6: the server is asked only with focus and a cache older than 10 minutes or absent. */
export function unreadCountDue(focused: boolean, cached: CachedCount | null): boolean {
  return focused && (cached === null || cached.ageMs >= NOTIFICATION_CACHE_MS);
}

/**
 * The bell's unread count (000 §4.6, §7 getUnreadCount, §9). Every 10 minutes, and once on start, `readCache`
 * reports the cached count and its age; with focus and a cache that is absent or 10 minutes old, `fetchCount` asks
 * the server and `writeCache` stores the answer with the time; otherwise the cached count shows. REFRESH with
 * `force` asks the server at once whatever the focus and cache; REFRESH without it applies the rules now.
 * A forced refresh during a fetch starts the fetch again, so a count asked before a new notification is not kept.
 * A failed fetch keeps the count shown (the client's call shows the error dialog, 000 §8).
 */
export const notificationCountMachine = setup({
  types: {} as { context: NotificationCountContext; events: CountEvent; input: CountInput },
  actors: {
    readCache: fromPromise<CachedCount | null>(async () => {
      throw new Error('readCache must be provided');
    }),
    fetchCount: fromPromise<number>(async () => {
      throw new Error('fetchCount must be provided');
    }),
  },
  actions: {
    /** Stores the count with the current time (000 §3). */
    writeCache: (_, _params: { count: number }) => {},
    showCount: assign({ count: (_, params: { count: number }) => params.count }),
    setFocus: assign({ focused: (_, params: { focused: boolean }) => params.focused }),
  },
  guards: {
    forced: (_, params: { force: boolean }) => params.force,
    mustFetch: ({ context }, cached: CachedCount | null) => unreadCountDue(context.focused, cached),
    cached: (_, cached: CachedCount | null) => cached !== null,
    focused: ({ context }) => context.focused,
  },
  delays: { poll: NOTIFICATION_POLL_MS },
}).createMachine({
  id: 'notificationCount',
  context: ({ input }) => ({ count: 0, focused: input.focused }),
  initial: 'deciding',
  on: {
    FOCUS: { actions: { type: 'setFocus', params: ({ event }) => ({ focused: event.focused }) } },
  },
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
    fetching: {
      on: {
        REFRESH: {
          guard: { type: 'forced', params: ({ event }) => event },
          target: 'fetching',
          reenter: true,
        },
      },
      invoke: {
        id: 'fetchCount',
        src: 'fetchCount',
        onDone: {
          target: 'waiting',
          actions: [
            { type: 'showCount', params: ({ event }) => ({ count: event.output }) },
            { type: 'writeCache', params: ({ event }) => ({ count: event.output }) },
          ],
        },
        onError: 'waiting',
      },
    },
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
