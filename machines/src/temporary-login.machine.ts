import type { MainUser, StoredUser } from '@rpm/shared';
import { and, assertEvent, assign, fromPromise, setup } from 'xstate';

/** What a login call of the temporary login answers (000 §4.4, §7: status 1 with the user, or anything else). */
export type TemporaryLoginAnswer =
  | { readonly kind: 'signedIn'; readonly user: StoredUser }
  /** Status not 1, or the call failed; `message` is the server's, when it sent one. */
  | { readonly kind: 'invalid'; readonly message: string | null };

/** The body of rpm/auth/login for a temporary login (000 §7). */
export interface TemporaryLoginRequest {
  readonly username: string;
  readonly user_id: number;
  readonly user_token: string;
}

/** The body of rpm/auth/loginWithToken for the return (000 §4.4, §7). */
export interface ReturnRequest {
  readonly username: string;
  readonly token: string;
}

export interface TemporaryLoginInput {
  /** The stored user: the admin, or, during a temporary login, the user acted as. */
  readonly current: MainUser;
  /** The stored tempLogin flag (000 §3). */
  readonly active: boolean;
  /** The stored main user (000 §3), kept while a temporary login is active. */
  readonly mainUser: MainUser | null;
}

export interface TemporaryLoginContext extends TemporaryLoginInput {
  /** The server's text of the last failure, if it sent one. */
  readonly message: string | null;
}

export type TemporaryLoginEvent =
  | { type: 'START'; username: string }
  /** The Home button: back to the main account. */
  | { type: 'RETURN' }
  /** The invalid state was seen (the dialog closed). */
  | { type: 'DISMISS' };

/** The user of a `signedIn` answer; the transitions using it are guarded by `signedIn`. */
function answeredUser(answer: TemporaryLoginAnswer): StoredUser {
  if (answer.kind !== 'signedIn') throw new Error('no user in a failed answer');
  return answer.user;
}

const startOrReturn = {
  START: { guard: 'canStart', target: 'starting' },
  RETURN: [
    { guard: and(['canReturn', 'hasMainUser']), target: 'returning' },
    // No main user stored: nothing to return to; the flags are cleared all the same (000 §4.4).
    {
      guard: 'canReturn',
      target: 'invalid',
      actions: ['clearFailure', 'clearTemporaryLogin', 'markInactive'],
    },
  ],
} as const;

/**
 * Temporary login (000 §4.4, §7; 001 §4, §6): an admin acts as another user and comes back.
 *
 * - START: rpm/auth/login with is_dummy 1 and the admin's id and token; on status 1 the main user is stored beside
 *   the user acted as and the dashboard reloads, otherwise the invalid state (001 §8). Ignored during a temporary
 *   login (decisions.md "Temporary login").
 * - RETURN (the Home button, only while tempLogin is set): the flags are cleared first, then
 *   rpm/auth/loginWithToken with the main user's lowercased name and token; on status 1 back to /app/dashboard.
 */
export const temporaryLoginMachine = setup({
  types: {} as {
    context: TemporaryLoginContext;
    events: TemporaryLoginEvent;
    input: TemporaryLoginInput;
  },
  actors: {
    startTemporaryLogin: fromPromise<TemporaryLoginAnswer, TemporaryLoginRequest>(async () => {
      throw new Error('startTemporaryLogin must be provided');
    }),
    returnToMainUser: fromPromise<TemporaryLoginAnswer, ReturnRequest>(async () => {
      throw new Error('returnToMainUser must be provided');
    }),
  },
  actions: {
    /** Sets tempLogin, stores the main user and the user acted as (000 §4.4). */
    storeTemporaryLogin: (_, _params: { mainUser: MainUser; user: StoredUser }) => {},
    /** Reloads the app on the dashboard (000 §4.4; 001 §2.1). */
    openDashboard: (_, _params: { user: StoredUser }) => {},
    /** Clears tempLogin, tempDash and mainUser (000 §4.4). */
    clearTemporaryLogin: () => {},
    /** Stores the returned main user as 'user' (000 §4.4). */
    storeUser: (_, _params: { user: StoredUser }) => {},
    /** Goes to /app/dashboard (000 §4.4). */
    goToDashboard: (_, _params: { user: StoredUser }) => {},
    markInactive: assign({ active: false }),
    forgetMainUser: assign({ mainUser: null }),
    rememberFailure: assign({
      message: (_, params: { answer: TemporaryLoginAnswer | null }) =>
        params.answer?.kind === 'invalid' ? params.answer.message : null,
    }),
    clearFailure: assign({ message: null }),
  },
  guards: {
    canStart: ({ context, event }) =>
      !context.active && event.type === 'START' && event.username.trim() !== '',
    canReturn: ({ context }) => context.active,
    signedIn: (_, answer: TemporaryLoginAnswer) => answer.kind === 'signedIn',
    hasMainUser: ({ context }) => context.mainUser !== null,
  },
}).createMachine({
  id: 'temporaryLogin',
  context: ({ input }) => ({ ...input, message: null }),
  initial: 'idle',
  states: {
    idle: { on: startOrReturn },
    starting: {
      entry: 'clearFailure',
      invoke: {
        id: 'startTemporaryLogin',
        src: 'startTemporaryLogin',
        input: ({ context, event }) => {
          assertEvent(event, 'START');
          return {
            // 000 §2.5: user names are sent lowercased.
            username: event.username.trim().toLowerCase(),
            user_id: context.current.user_id,
            user_token: context.current.token,
          };
        },
        onDone: [
          {
            guard: { type: 'signedIn', params: ({ event }) => event.output },
            target: 'started',
            actions: [
              {
                type: 'storeTemporaryLogin',
                params: ({ context, event }) => ({
                  mainUser: {
                    user_id: context.current.user_id,
                    token: context.current.token,
                    username: context.current.username,
                  },
                  user: answeredUser(event.output),
                }),
              },
              { type: 'openDashboard', params: ({ event }) => ({ user: answeredUser(event.output) }) },
            ],
          },
          {
            target: 'invalid',
            actions: { type: 'rememberFailure', params: ({ event }) => ({ answer: event.output }) },
          },
        ],
        onError: { target: 'invalid', actions: { type: 'rememberFailure', params: { answer: null } } },
      },
    },
    /** The app is reloading on the dashboard as the user acted as; nothing else may start. */
    started: {},
    returning: {
      // 000 §4.4: the flags and the main user are cleared first; the main user stays in context for the call.
      entry: ['clearFailure', 'clearTemporaryLogin', 'markInactive'],
      invoke: {
        id: 'returnToMainUser',
        src: 'returnToMainUser',
        input: ({ context }) => ({
          username: context.mainUser?.username.trim().toLowerCase() ?? '',
          token: context.mainUser?.token ?? '',
        }),
        onDone: [
          {
            guard: { type: 'signedIn', params: ({ event }) => event.output },
            target: 'idle',
            actions: [
              'forgetMainUser',
              { type: 'storeUser', params: ({ event }) => ({ user: answeredUser(event.output) }) },
              { type: 'goToDashboard', params: ({ event }) => ({ user: answeredUser(event.output) }) },
            ],
          },
          {
            target: 'invalid',
            actions: [
              'forgetMainUser',
              { type: 'rememberFailure', params: ({ event }) => ({ answer: event.output }) },
            ],
          },
        ],
        onError: {
          target: 'invalid',
          actions: ['forgetMainUser', { type: 'rememberFailure', params: { answer: null } }],
        },
      },
    },
    invalid: {
      on: { ...startOrReturn, DISMISS: { target: 'idle', actions: 'clearFailure' } },
    },
  },
});
