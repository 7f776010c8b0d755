import type { StoredUser } from '@rpm/shared';
import { assertEvent, assign, fromPromise, setup } from 'xstate';

/** What the login actor answers (000 §7 loginWithCaptcha). */
export type LoginAnswer =
  | { readonly kind: 'signedIn'; readonly user: StoredUser }
  | { readonly kind: 'changePassword'; readonly user: StoredUser }
  | { readonly kind: 'invalid' }
  /** HTTP 429 (000 §4.3): wait this many seconds. */
  | { readonly kind: 'tooMany'; readonly retryAfterSeconds: number }
  /** No response at all (001 §8 'Can't Connect to server. Please Try again'). */
  | { readonly kind: 'offline' }
  /** Any other failed call with a response: the error dialog shows it (000 §8). */
  | { readonly kind: 'failed'; readonly status: number; readonly message: string };

export interface Credentials {
  readonly username: string;
  readonly password: string;
}

export interface SignInContext {
  readonly credentials: Credentials | null;
  /** The solved captcha for the attempt under way; one use only. */
  readonly captchaToken: string | null;
  readonly retryAfterSeconds: number;
  readonly user: StoredUser | null;
}

export type SignInEvent =
  | { type: 'SUBMIT'; credentials: Credentials }
  | { type: 'PASSWORD_CHANGED' }
  | { type: 'CLOSE_CHANGE_PASSWORD' };

/**
 * The sign-in page's states (000 §2.5, §4.3; 001 §4 "Login and password change"). Effects are actors the client
 * provides: `solveCaptcha` (the widget's proof of work, null when it failed), `login` (the call), and the
 * `resetCaptcha` action (000 §2.5: after a failed attempt the captcha is refreshed) and the `reportFailure` action
 * (000 §8: the error dialog for any other failed call). The 429 wait is an XState delay,
 * so tests move a simulated clock instead of sleeping.
 */
export const signInMachine = setup({
  types: {} as { context: SignInContext; events: SignInEvent; output: StoredUser },
  actors: {
    solveCaptcha: fromPromise<string | null>(async () => {
      throw new Error('solveCaptcha must be provided');
    }),
    login: fromPromise<LoginAnswer, Credentials & { captchaToken: string }>(async () => {
      throw new Error('login must be provided');
    }),
  },
  actions: {
    resetCaptcha: () => {},
    reportFailure: (_, _failure: { status: number; message: string }) => {},
    storeCredentials: assign({
      credentials: ({ event }) => {
        assertEvent(event, 'SUBMIT');
        // 000 §2.5: the user name is lowercased before sending.
        return {
          username: event.credentials.username.trim().toLowerCase(),
          password: event.credentials.password,
        };
      },
    }),
  },
  delays: {
    retryAfter: ({ context }) => Math.max(1, context.retryAfterSeconds) * 1000,
  },
}).createMachine({
  id: 'signIn',
  context: { credentials: null, captchaToken: null, retryAfterSeconds: 0, user: null },
  initial: 'editing',
  states: {
    editing: {
      on: { SUBMIT: { target: 'solvingCaptcha', actions: 'storeCredentials' } },
    },
    invalid: {
      on: { SUBMIT: { target: 'solvingCaptcha', actions: 'storeCredentials' } },
    },
    offline: {
      on: { SUBMIT: { target: 'solvingCaptcha', actions: 'storeCredentials' } },
    },
    solvingCaptcha: {
      invoke: {
        src: 'solveCaptcha',
        onDone: [
          { guard: ({ event }) => event.output === null, target: 'editing' },
          { target: 'submitting', actions: assign({ captchaToken: ({ event }) => event.output }) },
        ],
        onError: { target: 'editing' },
      },
    },
    submitting: {
      invoke: {
        src: 'login',
        input: ({ context }) => ({
          ...(context.credentials as Credentials),
          captchaToken: context.captchaToken as string,
        }),
        onDone: [
          {
            guard: ({ event }) => event.output.kind === 'signedIn',
            target: 'signedIn',
            actions: assign({ user: ({ event }) => ('user' in event.output ? event.output.user : null) }),
          },
          {
            guard: ({ event }) => event.output.kind === 'changePassword',
            target: 'changingPassword',
            actions: [
              'resetCaptcha',
              assign({ user: ({ event }) => ('user' in event.output ? event.output.user : null) }),
            ],
          },
          {
            guard: ({ event }) => event.output.kind === 'tooMany',
            target: 'tooManyAttempts',
            actions: [
              'resetCaptcha',
              assign({
                retryAfterSeconds: ({ event }) =>
                  event.output.kind === 'tooMany'
                    ? Math.max(1, Math.ceil(event.output.retryAfterSeconds))
                    : 0,
              }),
            ],
          },
          {
            guard: ({ event }) => event.output.kind === 'offline',
            target: 'offline',
            actions: 'resetCaptcha',
          },
          {
            guard: ({ event }) => event.output.kind === 'failed',
            target: 'editing',
            actions: [
              'resetCaptcha',
              {
                type: 'reportFailure',
                params: ({ event }) =>
                  event.output.kind === 'failed'
                    ? { status: event.output.status, message: event.output.message }
                    : { status: 0, message: '' },
              },
            ],
          },
          { target: 'invalid', actions: 'resetCaptcha' },
        ],
        onError: { target: 'offline', actions: 'resetCaptcha' },
      },
    },
    tooManyAttempts: {
      after: { retryAfter: { target: 'editing', actions: assign({ retryAfterSeconds: 0 }) } },
    },
    changingPassword: {
      on: {
        PASSWORD_CHANGED: { target: 'passwordChanged', actions: assign({ user: null }) },
        CLOSE_CHANGE_PASSWORD: { target: 'editing', actions: assign({ user: null }) },
      },
    },
    /** 001 §8 'Password Updated': the user signs in again with the new password. */
    passwordChanged: {
      on: { SUBMIT: { target: 'solvingCaptcha', actions: 'storeCredentials' } },
    },
    signedIn: {
      type: 'final',
    },
  },
  output: ({ context }) => context.user as StoredUser,
});
