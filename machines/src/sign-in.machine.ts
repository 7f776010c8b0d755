import type { StoredUser } from '@rpm/shared';
import { assertEvent, assign, fromPromise, setup } from 'xstate';

/** What the login actor answers (000 §7 loginWithCaptcha). */
export type LoginAnswer =
  | { readonly kind: 'signedIn'; readonly user: StoredUser }
  | { readonly kind: 'changePassword'; readonly user: StoredUser }
  /** The password was right; the authenticator app's code is next (decisions.md "Multi-factor sign-in"). */
  | { readonly kind: 'mfaRequired'; readonly mfaToken: string }
  /** The user's role requires a second factor they have not set up: the session may only enrol. */
  | { readonly kind: 'enrolMfa'; readonly user: StoredUser }
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
  /** The second step's challenge while the code is asked for. */
  readonly mfaToken: string | null;
}

export type SignInEvent =
  | { type: 'SUBMIT'; credentials: Credentials }
  | { type: 'PASSWORD_CHANGED' }
  | { type: 'CLOSE_CHANGE_PASSWORD' }
  /** The code from the authenticator app, or a recovery code. */
  | { type: 'SUBMIT_CODE'; code: string }
  /** Leave the code step for the sign-in form. */
  | { type: 'BACK' }
  | { type: 'MFA_ENROLLED' }
  | { type: 'CLOSE_ENROL_MFA' };

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
    verifyCode: fromPromise<LoginAnswer, { mfaToken: string; code: string }>(async () => {
      throw new Error('verifyCode must be provided');
    }),
  },
  guards: {
    answered: ({ event }, kind: LoginAnswer['kind']) =>
      'output' in event && (event.output as LoginAnswer).kind === kind,
  },
  actions: {
    resetCaptcha: () => {},
    reportFailure: (_, _failure: { status: number; message: string }) => {},
    storeUser: assign({
      user: ({ event }) => {
        const output = (event as { output?: LoginAnswer }).output;
        return output && 'user' in output ? output.user : null;
      },
    }),
    storeRetryAfter: assign({
      retryAfterSeconds: ({ event }) => {
        const output = (event as { output?: LoginAnswer }).output;
        return output?.kind === 'tooMany' ? Math.max(1, Math.ceil(output.retryAfterSeconds)) : 0;
      },
    }),
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
  context: { credentials: null, captchaToken: null, retryAfterSeconds: 0, user: null, mfaToken: null },
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
          { guard: { type: 'answered', params: 'signedIn' }, target: 'signedIn', actions: 'storeUser' },
          {
            guard: { type: 'answered', params: 'changePassword' },
            target: 'changingPassword',
            actions: ['resetCaptcha', 'storeUser'],
          },
          {
            guard: { type: 'answered', params: 'mfaRequired' },
            target: 'mfa',
            actions: [
              'resetCaptcha',
              assign({
                mfaToken: ({ event }) => (event.output.kind === 'mfaRequired' ? event.output.mfaToken : null),
              }),
            ],
          },
          {
            guard: { type: 'answered', params: 'enrolMfa' },
            target: 'enrollingMfa',
            actions: ['resetCaptcha', 'storeUser'],
          },
          {
            guard: { type: 'answered', params: 'tooMany' },
            target: 'tooManyAttempts',
            actions: ['resetCaptcha', 'storeRetryAfter'],
          },
          { guard: { type: 'answered', params: 'offline' }, target: 'offline', actions: 'resetCaptcha' },
          {
            guard: { type: 'answered', params: 'failed' },
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
    /** The code step after the password; BACK returns to the sign-in form. */
    mfa: {
      on: {
        SUBMIT_CODE: 'verifyingCode',
        BACK: { target: 'editing', actions: assign({ mfaToken: null }) },
      },
    },
    /** '*Invalid authentication code'; another code may be tried (the server counts the failures). */
    mfaInvalid: {
      on: {
        SUBMIT_CODE: 'verifyingCode',
        BACK: { target: 'editing', actions: assign({ mfaToken: null }) },
      },
    },
    mfaOffline: {
      on: {
        SUBMIT_CODE: 'verifyingCode',
        BACK: { target: 'editing', actions: assign({ mfaToken: null }) },
      },
    },
    verifyingCode: {
      invoke: {
        src: 'verifyCode',
        input: ({ context, event }) => ({
          mfaToken: context.mfaToken as string,
          code: event.type === 'SUBMIT_CODE' ? event.code.trim() : '',
        }),
        onDone: [
          {
            guard: { type: 'answered', params: 'signedIn' },
            target: 'signedIn',
            actions: ['storeUser', assign({ mfaToken: null })],
          },
          {
            guard: { type: 'answered', params: 'changePassword' },
            target: 'changingPassword',
            actions: ['storeUser', assign({ mfaToken: null })],
          },
          {
            guard: { type: 'answered', params: 'tooMany' },
            target: 'tooManyAttempts',
            actions: ['storeRetryAfter', assign({ mfaToken: null })],
          },
          { guard: { type: 'answered', params: 'offline' }, target: 'mfaOffline' },
          // Any other failure (the step expired): the error dialog, then the sign-in form again.
          {
            guard: { type: 'answered', params: 'failed' },
            target: 'editing',
            actions: [
              assign({ mfaToken: null }),
              {
                type: 'reportFailure',
                params: ({ event }) =>
                  event.output.kind === 'failed'
                    ? { status: event.output.status, message: event.output.message }
                    : { status: 0, message: '' },
              },
            ],
          },
          { target: 'mfaInvalid' },
        ],
        onError: { target: 'mfaOffline' },
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
    /** The role requires a second factor: the enrolment dialog, with the session that may only enrol. */
    enrollingMfa: {
      on: {
        MFA_ENROLLED: { target: 'mfaEnrolled', actions: assign({ user: null }) },
        CLOSE_ENROL_MFA: { target: 'editing', actions: assign({ user: null }) },
      },
    },
    /** Set up: the user signs in again with a code, as after a new password (decisions.md "Multi-factor sign-in"). */
    mfaEnrolled: {
      on: { SUBMIT: { target: 'solvingCaptcha', actions: 'storeCredentials' } },
    },
    signedIn: {
      type: 'final',
    },
  },
  output: ({ context }) => context.user as StoredUser,
});
