import type { StoredUser } from '@rpm/shared';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { type Credentials, type LoginAnswer, signInMachine } from './sign-in.machine.js';

const user = { user_id: 7, token: 't', username: 'a@b.co' } as StoredUser;
const creds = { username: '  Role5@Demo.TEST ', password: 'pw' };

function start(
  answers: LoginAnswer[],
  captcha: (string | null)[] = ['cap-1', 'cap-2', 'cap-3'],
  codeAnswers: LoginAnswer[] = [],
) {
  const clock = new SimulatedClock();
  const sent: (Credentials & { captchaToken: string })[] = [];
  const codes: { mfaToken: string; code: string }[] = [];
  const resetCaptcha = vi.fn();
  const reportFailure = vi.fn();
  const machine = signInMachine.provide({
    actors: {
      solveCaptcha: fromPromise(async () => captcha.shift() ?? null),
      login: fromPromise(async ({ input }) => {
        sent.push(input);
        const next = answers.shift();
        if (!next) throw new Error('no answer');
        return next;
      }),
      verifyCode: fromPromise(async ({ input }) => {
        codes.push(input);
        const next = codeAnswers.shift();
        if (!next) throw new Error('no answer');
        return next;
      }),
    },
    actions: { resetCaptcha, reportFailure: (_, failure) => reportFailure(failure) },
  });
  const actor = createActor(machine, { clock }).start();
  return { actor, clock, sent, codes, resetCaptcha, reportFailure };
}

const settle = (actor: ReturnType<typeof start>['actor'], state: string) =>
  waitFor(actor, (s) => s.matches(state as never), { timeout: 1000 });

describe('sign-in machine (000 §2.5, §4.3; 001 §4)', () => {
  it('lowercases the user name, sends the solved captcha, and ends with the user on status 1', async () => {
    const { actor, sent, resetCaptcha } = start([{ kind: 'signedIn', user }]);
    actor.send({ type: 'SUBMIT', credentials: creds });
    await settle(actor, 'signedIn');
    expect(sent).toEqual([{ username: 'role5@demo.test', password: 'pw', captchaToken: 'cap-1' }]);
    expect(actor.getSnapshot().output).toBe(user);
    expect(resetCaptcha).not.toHaveBeenCalled();
  });

  it('shows the invalid state and refreshes the captcha on a failed sign-in, then tries again with a new one', async () => {
    const { actor, sent, resetCaptcha } = start([{ kind: 'invalid' }, { kind: 'signedIn', user }]);
    actor.send({ type: 'SUBMIT', credentials: creds });
    await settle(actor, 'invalid');
    expect(resetCaptcha).toHaveBeenCalledTimes(1);
    actor.send({ type: 'SUBMIT', credentials: creds });
    await settle(actor, 'signedIn');
    expect(sent.map((s) => s.captchaToken)).toEqual(['cap-1', 'cap-2']);
  });

  it('stays in editing when the captcha cannot be solved, without calling the server', async () => {
    const { actor, sent } = start([], [null]);
    actor.send({ type: 'SUBMIT', credentials: creds });
    await settle(actor, 'editing');
    expect(sent).toEqual([]);
  });

  it('locks the form for Retry-After on 429 and ignores submits until the wait is over', async () => {
    const { actor, clock, sent } = start([{ kind: 'tooMany', retryAfterSeconds: 90 }]);
    actor.send({ type: 'SUBMIT', credentials: creds });
    await settle(actor, 'tooManyAttempts');
    expect(actor.getSnapshot().context.retryAfterSeconds).toBe(90);
    actor.send({ type: 'SUBMIT', credentials: creds });
    expect(actor.getSnapshot().matches('tooManyAttempts')).toBe(true);
    clock.increment(89_999);
    expect(actor.getSnapshot().matches('tooManyAttempts')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(sent).toHaveLength(1);
  });

  it('opens the change-password step on change_password, and signs in again after the change', async () => {
    const { actor } = start([
      { kind: 'changePassword', user },
      { kind: 'signedIn', user },
    ]);
    actor.send({ type: 'SUBMIT', credentials: creds });
    await settle(actor, 'changingPassword');
    expect(actor.getSnapshot().context.user).toBe(user);
    actor.send({ type: 'PASSWORD_CHANGED' });
    expect(actor.getSnapshot().matches('passwordChanged')).toBe(true);
    expect(actor.getSnapshot().context.user).toBeNull();
    actor.send({ type: 'SUBMIT', credentials: creds });
    await settle(actor, 'signedIn');
  });

  it('closing the change-password step goes back to the form', async () => {
    const { actor } = start([{ kind: 'changePassword', user }]);
    actor.send({ type: 'SUBMIT', credentials: creds });
    await settle(actor, 'changingPassword');
    actor.send({ type: 'CLOSE_CHANGE_PASSWORD' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
  });

  it('shows the offline state when no response arrives', async () => {
    const { actor, resetCaptcha } = start([{ kind: 'offline' }]);
    actor.send({ type: 'SUBMIT', credentials: creds });
    await settle(actor, 'offline');
    expect(resetCaptcha).toHaveBeenCalledTimes(1);
  });

  it('reports another failed answer for the error dialog and returns to the form', async () => {
    const { actor, resetCaptcha, reportFailure } = start([
      { kind: 'failed', status: 400, message: 'bad captcha' },
    ]);
    actor.send({ type: 'SUBMIT', credentials: creds });
    await waitFor(actor, () => reportFailure.mock.calls.length > 0, { timeout: 1000 });
    expect(reportFailure).toHaveBeenCalledWith({ status: 400, message: 'bad captcha' });
    expect(resetCaptcha).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches('editing')).toBe(true);
  });

  it('treats a thrown login actor as no response', async () => {
    const { actor } = start([]);
    actor.send({ type: 'SUBMIT', credentials: creds });
    await settle(actor, 'offline');
  });
});

describe('the code step of multi-factor sign-in (issue 11 "Add")', () => {
  const step: LoginAnswer = { kind: 'mfaRequired', mfaToken: 'mfa-1' };

  it('asks for the code after the password and signs in with the verified answer', async () => {
    const { actor, codes, resetCaptcha } = start([step], undefined, [{ kind: 'signedIn', user }]);
    actor.send({ type: 'SUBMIT', credentials: creds });
    await settle(actor, 'mfa');
    // The captcha was spent on the password step.
    expect(resetCaptcha).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.mfaToken).toBe('mfa-1');
    actor.send({ type: 'SUBMIT_CODE', code: ' 123456 ' });
    await settle(actor, 'signedIn');
    expect(codes).toEqual([{ mfaToken: 'mfa-1', code: '123456' }]);
    expect(actor.getSnapshot().output).toBe(user);
  });

  it('shows the invalid-code state and lets the user try another code', async () => {
    const { actor, codes } = start([step], undefined, [{ kind: 'invalid' }, { kind: 'signedIn', user }]);
    actor.send({ type: 'SUBMIT', credentials: creds });
    await settle(actor, 'mfa');
    actor.send({ type: 'SUBMIT_CODE', code: '000000' });
    await settle(actor, 'mfaInvalid');
    actor.send({ type: 'SUBMIT_CODE', code: 'abcde-fghjk' });
    await settle(actor, 'signedIn');
    expect(codes.map((c) => c.code)).toEqual(['000000', 'abcde-fghjk']);
  });

  it('goes back to the sign-in form and forgets the challenge', async () => {
    const { actor, sent } = start([step, { kind: 'signedIn', user }]);
    actor.send({ type: 'SUBMIT', credentials: creds });
    await settle(actor, 'mfa');
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.mfaToken).toBeNull();
    actor.send({ type: 'SUBMIT', credentials: creds });
    await settle(actor, 'signedIn');
    expect(sent.map((s) => s.captchaToken)).toEqual(['cap-1', 'cap-2']);
  });

  it('locks the form on 429 from the code step, like the password step', async () => {
    const { actor, clock } = start([step], undefined, [{ kind: 'tooMany', retryAfterSeconds: 30 }]);
    actor.send({ type: 'SUBMIT', credentials: creds });
    await settle(actor, 'mfa');
    actor.send({ type: 'SUBMIT_CODE', code: '123456' });
    await settle(actor, 'tooManyAttempts');
    clock.increment(30_000);
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.mfaToken).toBeNull();
  });

  it('reports an expired step and returns to the sign-in form', async () => {
    const expired = {
      kind: 'failed',
      status: 400,
      message: 'This sign-in has expired. Please sign in again.',
    };
    const { actor, reportFailure } = start([step], undefined, [expired as LoginAnswer]);
    actor.send({ type: 'SUBMIT', credentials: creds });
    await settle(actor, 'mfa');
    actor.send({ type: 'SUBMIT_CODE', code: '123456' });
    await settle(actor, 'editing');
    expect(reportFailure).toHaveBeenCalledWith({ status: 400, message: expired.message });
  });

  it('stays on the code step when no answer arrives, and the code can be sent again', async () => {
    const { actor } = start([step], undefined, [{ kind: 'offline' }]);
    actor.send({ type: 'SUBMIT', credentials: creds });
    await settle(actor, 'mfa');
    actor.send({ type: 'SUBMIT_CODE', code: '123456' });
    await settle(actor, 'mfaOffline');
    // The next actor answer is missing: a thrown actor is no response too.
    actor.send({ type: 'SUBMIT_CODE', code: '123456' });
    await settle(actor, 'mfaOffline');
    expect(actor.getSnapshot().context.mfaToken).toBe('mfa-1');
  });

  it('opens the enrolment step for a role that requires a factor, then signs in again', async () => {
    const { actor } = start([{ kind: 'enrolMfa', user }, step], undefined, [{ kind: 'signedIn', user }]);
    actor.send({ type: 'SUBMIT', credentials: creds });
    await settle(actor, 'enrollingMfa');
    expect(actor.getSnapshot().context.user).toBe(user);
    actor.send({ type: 'MFA_ENROLLED' });
    expect(actor.getSnapshot().matches('mfaEnrolled')).toBe(true);
    expect(actor.getSnapshot().context.user).toBeNull();
    actor.send({ type: 'SUBMIT', credentials: creds });
    await settle(actor, 'mfa');
    actor.send({ type: 'SUBMIT_CODE', code: '123456' });
    await settle(actor, 'signedIn');
  });

  it('closing the enrolment step goes back to the form', async () => {
    const { actor } = start([{ kind: 'enrolMfa', user }]);
    actor.send({ type: 'SUBMIT', credentials: creds });
    await settle(actor, 'enrollingMfa');
    actor.send({ type: 'CLOSE_ENROL_MFA' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
  });
});
