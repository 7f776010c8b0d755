import {
  checkSession,
  getIncompleteTaskCount,
  getUnreadCount,
  MSG,
  STORAGE_KEYS,
  temporaryLogin,
} from '@rpm/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorAnswer, type FakeAnswer, fakeServer } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { loadPage } from './load-page';
import { SessionMachinesProvider } from './SessionMachines';
import { TEMPORARY_LOGIN_INVALID, TemporaryLoginDialog } from './TemporaryLoginDialog';

vi.mock('./load-page', () => ({ loadPage: vi.fn() }));

const admin = makeUser({ user_id: 1, token: 'admin-tok', username: 'role1@demo.test', roleid: [1, 2] });

function open(user = admin, onClose = vi.fn()) {
  storeUser(user);
  renderWithProviders(
    <SessionMachinesProvider>
      <TemporaryLoginDialog isOpen onClose={onClose} />
    </SessionMachinesProvider>,
    '/app/dashboard',
  );
  return onClose;
}

function serve(login: () => FakeAnswer<typeof temporaryLogin> | Response) {
  return fakeServer()
    .on(temporaryLogin, login)
    .on(getUnreadCount, { status: 1, data: [{ count: 0 }] })
    .on(getIncompleteTaskCount, { status: 1, count: 0 })
    .on(checkSession, { status: 1, message: 'ok' });
}

describe('TemporaryLoginDialog (000 §4.4, §6.2)', () => {
  it('starts a temporary login for the typed user name and reloads on the dashboard', async () => {
    const actedAs = makeUser({ user_id: 8, token: 'temp', roleid: [8] });
    const server = serve(() => ({ status: 1, message: MSG.loginSuccessful, user: actedAs }));
    open();
    await userEvent.type(screen.getByLabelText('Username'), 'Role8@Demo.test');
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/app/dashboard'));
    expect(server.requests(temporaryLogin)[0]?.body).toMatchObject({
      username: 'role8@demo.test',
      is_dummy: 1,
    });
    expect(localStorage.getItem(STORAGE_KEYS.tempLogin)).toBe('true');
  });

  it('asks for a user name before calling the server', async () => {
    const server = serve(() => ({ status: 0, message: 'x' }));
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(screen.getByText(MSG.required)).toBeTruthy();
    expect(server.requests(temporaryLogin).length > 0).toBe(false);
  });

  it.each([
    [
      'the server refuses with a reason',
      () => errorAnswer(404, "There is no user 'x@y.z'."),
      "There is no user 'x@y.z'.",
    ],
    ['status is not 1', () => ({ status: 0, message: '' }), TEMPORARY_LOGIN_INVALID],
  ])('shows the invalid state when %s, and clears it on typing', async (_, answer, text) => {
    serve(answer);
    open();
    await userEvent.type(screen.getByLabelText('Username'), 'x@y.z');
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(localStorage.getItem(STORAGE_KEYS.tempLogin)).toBeNull();
    // No error dialog on top: the reason shows in the dialog.
    expect(screen.queryByText('Alert - 404')).toBeNull();
    await userEvent.type(screen.getByLabelText('Username'), 'a');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Close (the footer button or the header ×) calls onClose', async () => {
    serve(() => ({ status: 0, message: '' }));
    const onClose = open();
    const [header, footer] = screen.getAllByRole('button', { name: MSG.close });
    await userEvent.click(footer as HTMLElement);
    await userEvent.click(header as HTMLElement);
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('offers nothing to a user who is not an administrator', () => {
    serve(() => ({ status: 0, message: '' }));
    open(makeUser({ roleid: [2] }));
    expect(screen.queryByLabelText('Username')).toBeNull();
    expect(screen.getByText('Only administrators can sign in as another user.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Start' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
