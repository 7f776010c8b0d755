import { assign, fromPromise, setup } from 'xstate';

/** The unread count cached in browser storage with its age (000 §3 "Unread count", §4.6). */
export interface CachedCount {
  readonly count: number;
  readonly ageMs: number;
}

export interface CountInput {
  /** Whether the tab has focus when the machine starts. */
  readonly focused: boolean;
}

export interface CountContext {
  readonly count: number;
  readonly focused: boolean;
}

export type CountEvent =
  /** Ask now; `force` bypasses the focus and cache rules (a notification arrived over the socket, clear all). */
  | { type: 'REFRESH'; force: boolean }
  /** The tab gained or lost focus. */
  | { type: 'FOCUS'; focused: boolean };

/**
 * What the header's two polled counts share (the bell's unread count, the My Tasks badge). Each machine adds its
 * own poll delay and rules; only the bell provides `readCache` and `writeCache`, which the badge never invokes.
 */
export const countSetup = setup({
  types: {} as { context: CountContext; events: CountEvent; input: CountInput },
  actors: {
    fetchCount: fromPromise<number>(async () => {
      throw new Error('fetchCount must be provided');
    }),
    readCache: fromPromise<CachedCount | null>(async () => {
      throw new Error('readCache must be provided');
    }),
  },
  actions: {
    /** Stores the count with the current time (000 §3); only the bell keeps one. */
    writeCache: (_, _params: { count: number }) => {},
    showCount: assign({ count: (_, params: { count: number }) => params.count }),
    setFocus: assign({ focused: (_, params: { focused: boolean }) => params.focused }),
  },
  guards: {
    forced: (_, params: { force: boolean }) => params.force,
    focused: ({ context }) => context.focused,
  },
});

export const startCount = ({ input }: { input: CountInput }): CountContext => ({
  count: 0,
  focused: input.focused,
});

/** Both machines follow the tab's focus in every state. */
export const followFocus = {
  FOCUS: { actions: { type: 'setFocus', params: ({ event }) => ({ focused: event.focused }) } },
} as const satisfies Parameters<typeof countSetup.createMachine>[0]['on'];

/**
 * Asking the server: the answer shows (and is cached), then the machine waits; a failure keeps the count shown (the
 * client's call shows the error dialog where one is due, 000 §8). A forced REFRESH during a fetch starts it again,
 * so a count asked before a new notification is not kept.
 */
export const fetchingCount = countSetup.createStateConfig({
  on: {
    REFRESH: { guard: { type: 'forced', params: ({ event }) => event }, target: 'fetching', reenter: true },
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
});
