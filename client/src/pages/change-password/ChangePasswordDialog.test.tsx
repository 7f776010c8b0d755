import { changePasswordByUserId, MSG } from '@rpm/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fake-server';
import { makeUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ChangePasswordDialog } from './ChangePasswordDialog';

const flagged = makeUser({ user_id: 77, token: 'only-for-change', change_password: 1 });

function setup() {
  const onChanged = vi.fn();
  const onClose = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(<ChangePasswordDialog user={flagged} onClose={onClose} onChanged={onChanged} />);
  const fields = {
    current: screen.getByLabelText('Current Password'),
    next: screen.getByLabelText('New Password'),
    confirm: screen.getByLabelText('Confirm Password'),
    save: screen.getByRole('button', { name: MSG.save }),
  };
  return { user, onChanged, onClose, fields };
}

describe('ChangePasswordDialog', () => {
  it('shows Required for empty fields', async () => {
    const server = fakeServer();
    const { user, fields } = setup();
    await user.click(fields.save);
    expect(screen.getAllByText(MSG.required)).toHaveLength(3);
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('says live whether the passwords match, and shows the strength', async () => {
    const { user, fields } = setup();
    await user.type(fields.next, 'Abcdef1!');
    expect(screen.getByText('Strong')).toBeTruthy();
    await user.type(fields.confirm, 'Abcdef1');
    expect(screen.getByText(MSG.passwordsDoNotMatch)).toBeTruthy();
    await user.type(fields.confirm, '!');
    expect(screen.getByText(MSG.passwordsMatch)).toBeTruthy();
  });

  it('shows the submit validations of 001 §5', async () => {
    const server = fakeServer();
    const { user, fields } = setup();
    await user.type(fields.current, 'Old1pass');
    await user.type(fields.next, 'abc');
    await user.type(fields.confirm, 'abd');
    await user.click(fields.save);
    expect(screen.getByText(MSG.newPasswordTooShort)).toBeTruthy();
    expect(screen.getByText(MSG.confirmPasswordMismatch)).toBeTruthy();

    await user.clear(fields.next);
    await user.type(fields.next, 'Old1pass');
    await user.clear(fields.confirm);
    await user.type(fields.confirm, 'Old1pass');
    expect(screen.getByText(MSG.newPasswordSame)).toBeTruthy();
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('changes the password with the flagged user token', async () => {
    const server = fakeServer().on(changePasswordByUserId, { status: true, message: 'ok' });
    const { user, fields, onChanged } = setup();
    await user.type(fields.current, 'Old1pass');
    await user.type(fields.next, 'New1pass!');
    await user.type(fields.confirm, 'New1pass!');
    await user.click(fields.save);

    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    const [request] = server.all;
    expect(request?.call).toBe(changePasswordByUserId);
    expect(request?.headers).toMatchObject({ uid: '77', token: 'only-for-change' });
    expect(request?.body).toEqual({
      userid: 77,
      newPassword: 'New1pass!',
      superPassword: 'Old1pass',
    });
  });

  it('says the password was invalid when the server refuses it', async () => {
    fakeServer().on(changePasswordByUserId, { status: false, message: 'no' });
    const { user, fields, onChanged } = setup();
    await user.type(fields.current, 'Wrong1pass');
    await user.type(fields.next, 'New1pass!');
    await user.type(fields.confirm, 'New1pass!');
    await user.click(fields.save);
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.passwordInvalid);
    expect(onChanged).not.toHaveBeenCalled();
  });
});
