import {
  ACTIVITY_DEBOUNCE_MS,
  ACTIVITY_PING_INTERVAL_MS,
  DIALOG_IDLE_MS,
  hasRole,
  SESSION_CHECK_INTERVAL_MS,
  SESSION_IDLE_MS,
} from '@rpm/shared';
import { assign, fromPromise, type SnapshotFrom, setup, stateIn } from 'xstate';

/** Who is signed in, as far as the session rules care (000 §4.1). */
export interface SessionInput {
  readonly roleid: readonly number[];
  readonly is_interpreting_prac: 0 | 1;
}

/** What the browser holds about the session when the machine asks (000 §3: the 'user' record, 'lastActivity'). */
export interface StoredSessionFacts {
  /** Whether the 'user' record is still stored (another tab may have removed it). */
  readonly userStored: boolean;
  /** Milliseconds from now to the stored last-activity time: negative once it is past; `null` when none is stored. */
  readonly msUntilExpiry: number | null;
}

export interface SessionContext {
  /** 000 §4.1: interpreting physicians get no 5-minute expiry check. */
  readonly expiryCheck: boolean;
  /** A (debounced) key or mouse press since the last periodic session check. */
  readonly activeSincePing: boolean;
  /** 000 §4.1: the dialog's idle timer has reset once already. */
  readonly dialogIdleMarked: boolean;
}

export type SessionEvent =
  /** A key or mouse press anywhere in the app. */
  | { type: 'ACTIVITY' }
  /** 'Extend Session' in the 'Session Timeout' dialog. */
  | { type: 'EXTEND' }
  /** Logout in the 'Session Timeout' dialog. */
  | { type: 'LOGOUT' };

/** 000 §4.1: role 6 with is_interpreting_prac = 1 is an interpreting physician, who gets no expiry check. */
export function skipsExpiryCheck(user: SessionInput): boolean {
  return hasRole(user.roleid, 6) && user.is_interpreting_prac === 1;
}

/** 000 §4.1: the stored last-activity time is past (a missing time counts as past: we fail closed). */
function activityPast(facts: StoredSessionFacts): boolean {
  return facts.msUntilExpiry === null || facts.msUntilExpiry < 0;
}

/**
 * The signed-in session's idle rules (000 §4.1, §9).
 *
 * - `activity`: key and mouse presses, debounced 250 ms, push the stored last-activity time 10 minutes ahead
 *   (`pushLastActivity`, which writes the 'lastActivity' cookie) and mark the user active.
 * - `expiry`: every 5 minutes `readStoredSession` reports the stored user and last-activity time. No user: log out.
 *   Past: the 'Session Timeout' dialog (`expiry.dialog`). There a 2-minute idle timer resets once and marks itself;
 *   the second idle reports the session end (checkSession status 0 when a user is stored), `forgetSession` removes
 *   the stored user and the activity cookie, `goHome` goes to '/'. 'Extend Session' calls checkSession status 1,
 *   closes the dialog and pushes last activity 10 minutes ahead. Interpreting physicians never enter this region.
 * - `ping`: every 5 minutes, if the user was active since the last one, checkSession status 1 keeps the server's
 *   session alive (the server also ends idle sessions).
 *
 * Presses in the dialog, other tabs and the dialog's Logout: decisions.md "Session timeout across tabs" (000 §4.1).
 */
export const sessionMachine = setup({
  types: {} as {
    context: SessionContext;
    events: SessionEvent;
    input: SessionInput;
  },
  actors: {
    readStoredSession: fromPromise<StoredSessionFacts>(async () => {
      throw new Error('readStoredSession must be provided');
    }),
    checkSession: fromPromise<void, { status: 0 | 1 }>(async () => {
      throw new Error('checkSession must be provided');
    }),
    /** The logout of 000 §4.2; it ends on '/'. */
    logout: fromPromise<void>(async () => {
      throw new Error('logout must be provided');
    }),
  },
  actions: {
    /** Writes the 'lastActivity' cookie: now plus `forwardMs`, as unix seconds (000 §3, §4.1). */
    pushLastActivity: (_, _params: { forwardMs: number }) => {},
    /** Removes the stored user and the activity cookie (000 §4.1). */
    forgetSession: () => {},
    /** Goes to '/' (000 §4.1). */
    goHome: () => {},
    markActive: assign({ activeSincePing: true }),
    clearActive: assign({ activeSincePing: false }),
    markDialogIdle: assign({ dialogIdleMarked: true }),
    resetDialogIdle: assign({ dialogIdleMarked: false }),
  },
  guards: {
    expiryCheckOff: ({ context }) => !context.expiryCheck,
    dialogIdleMarked: ({ context }) => context.dialogIdleMarked,
    activeSincePing: ({ context }) => context.activeSincePing,
    userMissing: (_, facts: StoredSessionFacts) => !facts.userStored,
    activityPast: (_, facts: StoredSessionFacts) => activityPast(facts),
    activityAhead: (_, facts: StoredSessionFacts) => facts.userStored && !activityPast(facts),
    userStored: (_, facts: StoredSessionFacts) => facts.userStored,
  },
  delays: {
    activityDebounce: ACTIVITY_DEBOUNCE_MS,
    expiryCheck: SESSION_CHECK_INTERVAL_MS,
    pingInterval: ACTIVITY_PING_INTERVAL_MS,
    dialogIdle: DIALOG_IDLE_MS,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    expiryCheck: !skipsExpiryCheck(input),
    activeSincePing: false,
    dialogIdleMarked: false,
  }),
  initial: 'active',
  states: {
    active: {
      type: 'parallel',
      states: {
        activity: {
          initial: 'quiet',
          states: {
            quiet: { on: { ACTIVITY: 'settling' } },
            settling: {
              on: { ACTIVITY: { target: 'settling', reenter: true } },
              after: {
                activityDebounce: [
                  { guard: stateIn('#session.active.expiry.dialog'), target: 'quiet' },
                  {
                    target: 'quiet',
                    actions: [
                      { type: 'pushLastActivity', params: { forwardMs: SESSION_IDLE_MS } },
                      'markActive',
                    ],
                  },
                ],
              },
            },
          },
        },
        expiry: {
          initial: 'choosing',
          states: {
            choosing: {
              always: [{ guard: 'expiryCheckOff', target: 'off' }, { target: 'watching' }],
            },
            off: {},
            watching: { after: { expiryCheck: 'checking' } },
            checking: {
              invoke: {
                id: 'readStoredSession',
                src: 'readStoredSession',
                onDone: [
                  {
                    guard: { type: 'userMissing', params: ({ event }) => event.output },
                    target: '#session.loggingOut',
                  },
                  { guard: { type: 'activityPast', params: ({ event }) => event.output }, target: 'dialog' },
                  { target: 'watching' },
                ],
                // Storage that cannot be read: try again at the next check.
                onError: 'watching',
              },
            },
            dialog: {
              entry: 'resetDialogIdle',
              initial: 'counting',
              on: {
                EXTEND: {
                  target: 'extending',
                  actions: { type: 'pushLastActivity', params: { forwardMs: SESSION_IDLE_MS } },
                },
                LOGOUT: '#session.loggingOut',
              },
              states: {
                counting: {
                  on: { ACTIVITY: { target: 'counting', reenter: true } },
                  after: {
                    dialogIdle: [
                      { guard: 'dialogIdleMarked', target: 'rechecking' },
                      { target: 'counting', reenter: true, actions: 'markDialogIdle' },
                    ],
                  },
                },
                rechecking: {
                  invoke: {
                    id: 'readStoredSession',
                    src: 'readStoredSession',
                    onDone: [
                      {
                        guard: { type: 'activityAhead', params: ({ event }) => event.output },
                        target: '#session.active.expiry.watching',
                      },
                      {
                        guard: { type: 'userStored', params: ({ event }) => event.output },
                        target: '#session.reportingEnd',
                      },
                      { target: '#session.timedOut', actions: ['forgetSession', 'goHome'] },
                    ],
                    onError: '#session.reportingEnd',
                  },
                },
              },
            },
            extending: {
              invoke: {
                id: 'extendSession',
                src: 'checkSession',
                input: { status: 1 },
                // A failure shows the error dialog (000 §8), which the client's checkSession does.
                onDone: 'watching',
                onError: 'watching',
              },
            },
          },
        },
        ping: {
          initial: 'waiting',
          states: {
            waiting: {
              after: {
                pingInterval: [
                  { guard: 'activeSincePing', target: 'pinging' },
                  { target: 'waiting', reenter: true },
                ],
              },
            },
            pinging: {
              entry: 'clearActive',
              invoke: {
                id: 'pingSession',
                src: 'checkSession',
                input: { status: 1 },
                onDone: 'waiting',
                onError: 'waiting',
              },
            },
          },
        },
      },
    },
    /** 000 §4.1 second idle: session end reported, then the stored session forgotten and '/'. */
    reportingEnd: {
      invoke: {
        id: 'reportSessionEnd',
        src: 'checkSession',
        input: { status: 0 },
        // 000 §4.2 by analogy: local data is cleared even if the call fails.
        onDone: { target: 'timedOut', actions: ['forgetSession', 'goHome'] },
        onError: { target: 'timedOut', actions: ['forgetSession', 'goHome'] },
      },
    },
    loggingOut: {
      invoke: { id: 'logout', src: 'logout', onDone: 'loggedOut', onError: 'loggedOut' },
    },
    /** The session ended by idling (000 §4.1). */
    timedOut: { type: 'final' },
    /** The user logged out, or the stored user was gone at a check (000 §4.1, §4.2). */
    loggedOut: { type: 'final' },
  },
});

/** Whether the 'Session Timeout' dialog shows (000 §4.1). */
export function sessionDialogOpen(snapshot: SnapshotFrom<typeof sessionMachine>): boolean {
  return snapshot.matches({ active: { expiry: 'dialog' } });
}
