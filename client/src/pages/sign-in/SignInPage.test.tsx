// Over 300 lines: the sign-in page of 000 §2.5 with its captcha, limits and second step.
import {
  beginMfaEnrolment,
  callUrl,
  changePasswordByUserId,
  confirmMfaEnrolment,
  getCaptcha,
  getSalesDashboard,
  LAST_ACTIVITY_COOKIE,
  loginWithCaptcha,
  MSG,
  patientsList,
  STORAGE_KEYS,
  tooManyAttempts,
  verifyMfa,
} from '@rpm/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readLastActivity, readUser } from '../../session/storage';
import { FakeAltcha } from '../../test/fake-altcha';
import { type FakeServer, fakeServer, json } from '../../test/fake-server';
import { makeUser } from '../../test/fixtures';
import { renderAt } from '../../test/render';
import { serveShellCalls } from '../../test/shell-calls';

function form() {
  return {
    email: screen.getByLabelText('Email'),
    password: screen.getByLabelText('Password'),
    submit: screen.getByRole('button', { name: 'Sign in' }),
  };
}

async function fillAndSubmit(
  user: ReturnType<typeof userEvent.setup>,
  email = 'Dana@Clinic.TEST',
  pw = 'Secret1!',
) {
  const f = form();
  await user.type(f.email, email);
  await user.type(f.password, pw);
  await user.click(f.submit);
}

/** Alerts of the sign-in form (toasts of earlier tests may still be on the page). */
function inForm() {
  return within(screen.getByRole('form', { name: MSG.signInTitle }));
}

function loginBody(server: FakeServer) {
  return server.requests(loginWithCaptcha)[0]?.body;
}

afterEach(() => {
  vi.useRealTimers();
});

/** The sales rep's start page (the Sales Rep Dashboard) and its one call, answered empty. */
const serveSalesStart = (server: FakeServer) =>
  server.on(getSalesDashboard, {
    status: 1,
    data: { today: '2026-03-11', stages: [], overdue: 0, due_this_week: 0, follow_ups: [] },
  });

describe('SignInPage', () => {
  it('shows the title, subtitle and the captcha widget', () => {
    renderAt('/');
    expect(screen.getByRole('heading', { name: MSG.signInTitle })).toBeTruthy();
    expect(screen.getByText(MSG.signInSubtitle)).toBeTruthy();
    expect(document.querySelector('altcha-widget')?.getAttribute('challenge')).toBe(callUrl(getCaptcha));
  });

  it('shows Required under empty fields and sends nothing', async () => {
    const server = fakeServer();
    const user = userEvent.setup();
    renderAt('/');
    await user.click(form().submit);
    expect(screen.getAllByText(MSG.required)).toHaveLength(2);
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('shows Invalid email for a malformed address', async () => {
    const server = fakeServer();
    const user = userEvent.setup();
    renderAt('/');
    await fillAndSubmit(user, 'dana@clinic', 'x');
    expect(screen.getByText(MSG.invalidEmail)).toBeTruthy();
    expect(form().email.getAttribute('aria-invalid')).toBe('true');
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('toggles the password between hidden and shown', async () => {
    const user = userEvent.setup();
    renderAt('/');
    expect(form().password.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(form().password.getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(form().password.getAttribute('type')).toBe('password');
  });

  it('solves the captcha, sends the lowercased username and goes to the start page', async () => {
    const signedIn = makeUser({ roleid: [14] });
    // Signed in, the frame starts its own calls.
    const server = serveSalesStart(serveShellCalls(fakeServer())).on(loginWithCaptcha, {
      status: 1,
      message: 'ok',
      user: signedIn,
    });
    const user = userEvent.setup();
    const { path } = renderAt('/');

    await fillAndSubmit(user);

    await waitFor(() => expect(path()).toBe('/app/sales-dashboard'));
    expect(loginBody(server)).toEqual({
      username: 'dana@clinic.test',
      password: 'Secret1!',
      captchaToken: 'captcha-solution',
    });
    expect(FakeAltcha.verifyCalls).toBe(1);
    expect(readUser()).toEqual(signedIn);
    const inTenMinutes = Date.now() / 1000 + 600;
    expect(Math.abs((readLastActivity() ?? 0) - inTenMinutes)).toBeLessThan(5);
    expect(document.cookie).toContain(`${LAST_ACTIVITY_COOKIE}=`);
    expect(await screen.findByText(MSG.loginSuccessful)).toBeTruthy();
  });

  it('goes to the saved redirect URL and forgets it; warns about an old password', async () => {
    localStorage.setItem(STORAGE_KEYS.redirectUrl, '/app/patients?status=1');
    serveShellCalls(fakeServer())
      .on(loginWithCaptcha, { status: 1, message: 'ok', user: makeUser({ password_age_days: 46 }) })
      .on(patientsList.calls.list, { status: 1, data: [], count: 0 })
      .on(patientsList.calls.filterOptions, { status: 1, data: {} });
    const user = userEvent.setup();
    const { path } = renderAt('/');

    await fillAndSubmit(user);

    await waitFor(() => expect(path()).toBe('/app/patients?status=1'));
    expect(localStorage.getItem(STORAGE_KEYS.redirectUrl)).toBeNull();
    expect(await screen.findByText(MSG.passwordOld)).toBeTruthy();
  });

  it('shows the invalid-credentials text and refreshes the captcha', async () => {
    fakeServer().on(loginWithCaptcha, { status: 0, message: 'Invalid' });
    const user = userEvent.setup();
    renderAt('/');

    await fillAndSubmit(user);

    const alert = await inForm().findByRole('alert');
    expect(alert.textContent).toBe('*Invalid Username or Password');
    expect(FakeAltcha.resetCalls).toBe(1);
    expect(readUser()).toBeNull();

    // The next attempt solves a new challenge.
    await user.click(form().submit);
    await waitFor(() => expect(FakeAltcha.verifyCalls).toBe(2));
  });

  it('does not send when the captcha cannot be solved', async () => {
    FakeAltcha.payload = null;
    const server = fakeServer();
    const user = userEvent.setup();
    renderAt('/');
    await fillAndSubmit(user);
    await waitFor(() => expect(FakeAltcha.verifyCalls).toBe(1));
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('locks sign-in after a 429 until Retry-After has passed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeServer().on(loginWithCaptcha, () =>
      json({ status: 429, message: 'Too many' }, 429, { 'Retry-After': '90' }),
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAt('/');

    await fillAndSubmit(user);

    const alert = await inForm().findByRole('alert');
    expect(alert.textContent).toBe(tooManyAttempts(90));
    await waitFor(() => expect((form().submit as HTMLButtonElement).disabled).toBe(true));
    expect(FakeAltcha.resetCalls).toBe(1);

    await act(async () => {
      vi.advanceTimersByTime(89_000);
    });
    expect((form().submit as HTMLButtonElement).disabled).toBe(true);

    await act(async () => {
      vi.advanceTimersByTime(1_000);
    });
    expect((form().submit as HTMLButtonElement).disabled).toBe(false);
    expect(inForm().queryByRole('alert')).toBeNull();

    server.on(loginWithCaptcha, { status: 0, message: 'Invalid' });
    await user.click(form().submit);
    expect((await inForm().findByRole('alert')).textContent).toBe(MSG.invalidCredentials);
  });

  it('says it cannot connect when the network fails', async () => {
    fakeServer().offline(loginWithCaptcha);
    const user = userEvent.setup();
    renderAt('/');
    await fillAndSubmit(user);
    expect((await inForm().findByRole('alert')).textContent).toBe(MSG.cantConnect);
  });

  it('shows the error dialog for another failed answer', async () => {
    fakeServer().fail(loginWithCaptcha, 500, 'Database unavailable');
    const user = userEvent.setup();
    renderAt('/');
    await fillAndSubmit(user);
    const dialog = await screen.findByRole('alertdialog', { name: 'Alert - 500' });
    expect(dialog.textContent).toContain('Database unavailable');
  });

  it('opens the change-password dialog when the server flags change_password', async () => {
    const flagged = makeUser({ user_id: 77, token: 'only-for-change', change_password: 1 });
    const server = fakeServer().on(loginWithCaptcha, {
      status: 0,
      change_password: 1,
      user: flagged,
      message: 'Change your password',
    });
    const user = userEvent.setup();
    renderAt('/');

    await fillAndSubmit(user);

    expect(await screen.findByRole('dialog', { name: 'Change Password' })).toBeTruthy();
    expect(readUser()).toBeNull();
    expect(screen.queryByText(MSG.invalidCredentials)).toBeNull();
    expect(FakeAltcha.resetCalls).toBe(1);

    server.on(changePasswordByUserId, { status: true, message: 'ok' });
    await user.type(screen.getByLabelText('Current Password'), 'Secret1!');
    await user.type(screen.getByLabelText('New Password'), 'Better2@pass');
    await user.type(screen.getByLabelText('Confirm Password'), 'Better2@pass');
    await user.click(screen.getByRole('button', { name: MSG.save }));

    expect(await screen.findByText(MSG.passwordUpdated)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change Password' })).toBeNull());
    expect((form().password as HTMLInputElement).value).toBe('');
    expect(readUser()).toBeNull();
  });

  it('asks for the authentication code after the password; a wrong code shows the invalid text', async () => {
    const signedIn = makeUser({ roleid: [14] });
    const verified: unknown[] = [];
    // Signed in, the frame starts its own calls.
    serveSalesStart(serveShellCalls(fakeServer()))
      .on(loginWithCaptcha, { status: 0, message: 'code', mfa_required: 1, mfa_token: 'challenge-1' })
      .on(verifyMfa, ({ body }) => {
        verified.push(body);
        return body.code === '654321'
          ? { status: 1, message: 'ok', user: signedIn }
          : { status: 0, message: 'Invalid authentication code' };
      });
    const user = userEvent.setup();
    const { path } = renderAt('/');
    await fillAndSubmit(user);

    const code = await screen.findByLabelText('Authentication code');
    expect(readUser()).toBeNull();
    expect(FakeAltcha.resetCalls).toBe(1);
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const step = within(screen.getByRole('form', { name: 'Multi-factor sign-in' }));
    expect((await step.findByRole('alert')).textContent).toBe('*Invalid authentication code');

    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(path()).toBe('/app/sales-dashboard'));
    expect(verified).toEqual([
      { mfa_token: 'challenge-1', code: '111111' },
      { mfa_token: 'challenge-1', code: '654321' },
    ]);
    expect(readUser()).toEqual(signedIn);
  });

  it('goes back from the code step to the sign-in form', async () => {
    fakeServer().on(loginWithCaptcha, {
      status: 0,
      message: 'code',
      mfa_required: 1,
      mfa_token: 'challenge-1',
    });
    const user = userEvent.setup();
    renderAt('/');
    await fillAndSubmit(user);
    await user.click(await screen.findByRole('button', { name: 'Back to sign in' }));
    expect(form().submit).toBeTruthy();
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
  });

  it('opens the set-up dialog when the role requires a factor, then shows the recovery codes once', async () => {
    const flagged = makeUser({ user_id: 78, token: 'only-for-enrolment' });
    const server = fakeServer()
      .on(loginWithCaptcha, { status: 0, mfa_enrol: 1, user: flagged, message: 'Set it up' })
      .on(beginMfaEnrolment, {
        secret: 'ABCDEFGHIJKLMNOP',
        uri: 'otpauth://totp/x',
        qr: 'data:image/png;base64,AAAA',
      })
      .on(confirmMfaEnrolment, { status: 1, message: 'ok', recovery_codes: ['aaaaa-bbbbb', 'ccccc-ddddd'] });
    const user = userEvent.setup();
    renderAt('/');
    await fillAndSubmit(user);

    const dialog = await screen.findByRole('dialog', { name: 'Set up multi-factor sign-in' });
    // The QR code comes with the enrolment call's answer, after the dialog opens ('Loading...' until then).
    expect(
      await within(dialog).findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeTruthy();
    expect(within(dialog).getByText('ABCDEFGHIJKLMNOP')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Authentication code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const codes = await within(dialog).findByRole('list', { name: 'Recovery codes' });
    expect(codes.textContent).toBe('aaaaa-bbbbbccccc-ddddd');
    // Both calls went with the flagged user's session, which may only enrol.
    expect(server.all.slice(1).map((r) => r.headers.token)).toEqual([
      'only-for-enrolment',
      'only-for-enrolment',
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Set up multi-factor sign-in' })).toBeNull(),
    );
    expect(
      screen.getByText('Multi-factor sign-in is set up. Sign in again with a code from your app.'),
    ).toBeTruthy();
    expect(readUser()).toBeNull();
  });
});
