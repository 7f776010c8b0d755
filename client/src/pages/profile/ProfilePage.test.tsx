import { changePasswordByUserId, getProfile, MSG, updateProfile } from '@rpm/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readUser } from '../../session/storage';
import { fakeServer } from '../../test/fake-server';
import { makeUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { PasswordCard } from './PasswordCard';
import { ProfileDetailsCard } from './ProfileDetailsCard';

const me = makeUser({ user_id: 42, token: 'tok-42', name: 'Nell Hart' });

function passwordForm() {
  const user = userEvent.setup();
  renderWithProviders(<PasswordCard user={me} />);
  return {
    user,
    current: screen.getByLabelText('Current Password'),
    next: screen.getByLabelText('New Password'),
    confirm: screen.getByLabelText('Confirm Password'),
    save: screen.getByRole('button', { name: MSG.save }),
  };
}

describe('the voluntary change-password form (001 §2.7, §5)', () => {
  it('shows Required, the live match text, the strength and the submit messages', async () => {
    const server = fakeServer();
    const f = passwordForm();
    await f.user.type(f.next, 'Abcdef1!');
    expect(screen.getByText('Strong')).toBeTruthy();
    await f.user.clear(f.next);
    await f.user.click(f.save);
    expect(screen.getAllByText(MSG.required)).toHaveLength(3);

    await f.user.type(f.next, 'abc');
    await f.user.type(f.confirm, 'abd');
    expect(screen.getByText(MSG.passwordsDoNotMatch)).toBeTruthy();
    expect(screen.getByText(MSG.newPasswordTooShort)).toBeTruthy();
    expect(screen.getByText(MSG.confirmPasswordMismatch)).toBeTruthy();

    await f.user.type(f.current, 'Old1pass!');
    await f.user.clear(f.next);
    await f.user.type(f.next, 'Old1pass!');
    await f.user.clear(f.confirm);
    await f.user.type(f.confirm, 'Old1pass!');
    expect(screen.getByText(MSG.passwordsMatch)).toBeTruthy();
    expect(screen.getByText(MSG.newPasswordSame)).toBeTruthy();
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it("sends the own user's change and says 'Password Updated'", async () => {
    const server = fakeServer().on(changePasswordByUserId, { status: true, message: MSG.passwordUpdated });
    const f = passwordForm();
    await f.user.type(f.current, 'Old1pass');
    await f.user.type(f.next, 'New1pass!');
    await f.user.type(f.confirm, 'New1pass!');
    await f.user.click(f.save);
    expect((await screen.findByRole('status')).textContent).toBe(MSG.passwordUpdated);
    expect(server.all[0]?.headers).toMatchObject({ uid: '42', token: 'tok-42' });
    expect(server.all[0]?.body).toEqual({ userid: 42, newPassword: 'New1pass!', superPassword: 'Old1pass' });
    expect((f.current as HTMLInputElement).value).toBe('');
  });

  it("says 'Your Password was Invalid' when the server refuses the current password", async () => {
    fakeServer().on(changePasswordByUserId, { status: false, message: MSG.passwordInvalid });
    const f = passwordForm();
    await f.user.type(f.current, 'Wrong1pass');
    await f.user.type(f.next, 'New1pass!');
    await f.user.type(f.confirm, 'New1pass!');
    await f.user.click(f.save);
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.passwordInvalid);
    expect(screen.queryByText(MSG.passwordUpdated)).toBeNull();
  });
});

describe('name, contact and avatar (000 §2.2, §3)', () => {
  const stored = {
    firstname: 'Nell',
    lastname: 'Hart',
    dob: '1984-07-01',
    phone: '',
    mobile: '5550001111',
    fax: '',
    username: 'nell@demo.test',
    profile_img: null,
  };

  it('blocks a bad mobile number, then saves with the chosen avatar and updates the stored user', async () => {
    const server = fakeServer()
      .on(getProfile, { status: 1, data: stored })
      .on(updateProfile, { status: 1, message: MSG.updatedSuccessfully });
    const user = userEvent.setup();
    renderWithProviders(<ProfileDetailsCard user={me} />);
    const mobile = await screen.findByLabelText('Mobile');
    expect((mobile as HTMLInputElement).value).toBe('(555) 000-1111');
    await user.clear(mobile);
    await user.type(mobile, '555');
    await user.click(screen.getByRole('button', { name: MSG.save }));
    expect(screen.getByText(MSG.invalidMobile)).toBeTruthy();
    expect(server.all.filter((r) => r.call === updateProfile)).toHaveLength(0);

    await user.type(mobile, '1234567');
    await user.click(screen.getByRole('button', { name: 'Avatar 5' }));
    await user.click(screen.getByRole('button', { name: MSG.save }));
    expect((await screen.findByRole('status')).textContent).toBe(MSG.updatedSuccessfully);
    const sent = server.all.find((r) => r.call === updateProfile);
    const { username: _, ...editable } = stored;
    expect(sent?.body).toEqual({ ...editable, mobile: '5551234567', profile_img: 'avatar-5.svg' });
    await waitFor(() => expect(readUser()?.profile_img).toBe('avatar-5.svg'));
  });
});
