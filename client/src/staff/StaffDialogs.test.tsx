import { MSG, resetStaffPassword, type StaffRow, updateStaff } from '@rpm/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { showToast } from '../toaster/toast';
import { EditStaffDialog } from './EditStaffDialog';
import { ResetPasswordDialog } from './ResetPasswordDialog';

vi.mock('../toaster/toast', () => ({ showToast: vi.fn(async () => undefined) }));

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-10T12:00:00Z'), toFake: ['Date'] });
  storeUser(makeUser({ user_id: 1, roleid: [2], pages: ['Admins Table'] }));
});
afterEach(() => vi.useRealTimers());

const member: StaffRow = {
  user_id: 44,
  name: 'Grace Kim',
  username: 'grace@demo.test',
  mobile: '5551234567',
  organization_name: 'North Clinic',
  practices: 'Heart Clinic',
  status: 'Active',
  created_at: '2026-01-01T00:00:00.000Z',
  firstname: 'Grace',
  lastname: 'Kim',
  dob: '1985-06-07',
  phone: '',
  fax: '',
};

describe('Edit staff member (issue 16 part 1; 001 §5)', () => {
  it("blocks an invalid value with the form's message, then saves the member's details", async () => {
    const server = fakeServer().on(updateStaff, { status: 1, message: MSG.updatedSuccessfully });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <EditStaffDialog member={member} onClose={vi.fn()} onSaved={onSaved} />,
      '/app/nurses',
    );
    expect(((await screen.findByLabelText('Mobile')) as HTMLInputElement).value).toBe('(555) 123-4567');
    const last = screen.getByLabelText('Last Name');
    await user.clear(last);
    await user.type(last, 'K#m');
    await user.click(screen.getByRole('button', { name: MSG.save }));
    expect(screen.getByText(MSG.lastNameSpecialChars)).toBeTruthy();
    expect(server.requests(updateStaff)).toEqual([]);
    await user.clear(last);
    await user.type(last, 'Kim-Lee');
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '(555) 000-1111');
    await user.click(screen.getByRole('button', { name: MSG.save }));
    expect(server.bodies(updateStaff)).toEqual([
      {
        userid: 44,
        firstname: 'Grace',
        lastname: 'Kim-Lee',
        dob: '1985-06-07',
        phone: '5550001111',
        mobile: '5551234567',
        fax: '',
      },
    ]);
    expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ message: MSG.updatedSuccessfully }));
    expect(onSaved).toHaveBeenCalled();
  });
});

describe('Reset password (issue 16 part 1; 000 §4.3)', () => {
  it("refuses a weak password with 001 §5's message, then sets the chosen one", async () => {
    const server = fakeServer().on(resetStaffPassword, { status: 1, message: MSG.passwordUpdated });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ResetPasswordDialog member={member} onClose={onClose} />, '/app/nurses');
    const field = await screen.findByLabelText('New Password');
    const confirm = screen.getByRole('button', { name: 'Reset password' });
    await user.click(confirm);
    expect(screen.getByText(MSG.required)).toBeTruthy();
    await user.type(field, 'abc');
    await user.click(confirm);
    expect(screen.getByText(MSG.passwordTooShort)).toBeTruthy();
    expect(server.requests(resetStaffPassword)).toEqual([]);
    await user.clear(field);
    await user.type(field, 'Fresh-pass7');
    await user.click(confirm);
    expect(server.bodies(resetStaffPassword)).toEqual([{ userid: 44, password: 'Fresh-pass7' }]);
    expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ message: MSG.passwordUpdated }));
    expect(onClose).toHaveBeenCalled();
  });
});
