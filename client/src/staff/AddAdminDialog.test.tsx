import {
  addExistingToMap,
  addUser,
  checkUsername,
  ERROR_BAR_MS,
  getAllByOrgId,
  getAllPractices,
  getLocationsByPracticeIdOrgId,
  getOrgByPracticeId,
  MSG,
  STAFF_TABLES,
  type StaffTable,
} from '@rpm/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeServer, fakeServer } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { showToast } from '../toaster/toast';
import { AddAdminDialog } from './AddAdminDialog';

vi.mock('../toaster/toast', () => ({ showToast: vi.fn(async () => undefined) }));

beforeEach(() => {
  // Today is 2026-03-10 (DOB bounds); timers stay real except when a test moves them.
  vi.useFakeTimers({ now: new Date('2026-03-10T12:00:00Z'), toFake: ['Date'] });
});
afterEach(() => vi.useRealTimers());

const tableOf = (name: StaffTable['name']): StaffTable =>
  STAFF_TABLES.find((t) => t.name === name) ?? STAFF_TABLES[0];
const ADMINS = tableOf('administrators');

function setup(configure: (server: FakeServer) => void = () => undefined, table = ADMINS) {
  storeUser(makeUser({ user_id: 1, roleid: [2], pages: ['Admins Table'] }));
  const server = fakeServer()
    .on(getAllPractices, { status: 1, data: [{ practice_id: 11, org_id: 3, label: 'Heart Clinic' }] })
    .on(getOrgByPracticeId, { status: 1, data: [{ organization_id: 3, organization_name: 'North Clinic' }] })
    .on(getLocationsByPracticeIdOrgId, {
      status: 1,
      data: [
        {
          location_id: 21,
          location_name: 'Downtown',
          programs: [
            { program_id: 1, program_name: 'RPM' },
            { program_id: 2, program_name: 'CCM' },
          ],
        },
      ],
    })
    .on(getAllByOrgId, { status: 1, data: [{ user_id: 44, firstname: 'Grace', lastname: 'Kim' }] })
    .on(checkUsername, ({ body }) =>
      body.username === 'taken@demo.test'
        ? { status: 1, exists: true, message: MSG.usernameExists }
        : { status: 1, exists: false, message: 'Username available' },
    )
    .on(addUser, { status: 1, message: MSG.addedSuccessfully, data: { user_id: 99 } })
    .on(addExistingToMap, { status: 1, message: MSG.addedSuccessfully });
  configure(server);
  const onSaved = vi.fn();
  const onClose = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(
    <AddAdminDialog isOpen table={table} onClose={onClose} onSaved={onSaved} />,
    '/app/administrators',
  );
  return { server, user, onSaved, onClose };
}

async function choosePlace(user: ReturnType<typeof userEvent.setup>, title = 'Add Admin') {
  const dialog = await screen.findByRole('dialog', { name: title });
  await within(dialog).findByRole('option', { name: 'Heart Clinic' });
  await user.selectOptions(screen.getByLabelText('Practice'), '11');
  await within(dialog).findByRole('option', { name: 'Downtown' });
  expect((screen.getByLabelText('Organization') as HTMLSelectElement).value).toBe('3');
  await user.selectOptions(screen.getByLabelText('Location'), '21');
  await user.selectOptions(screen.getByLabelText('Program'), '1');
  return dialog;
}

const save = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Save' }));
const bar = () => screen.queryByRole('alert');

describe('AddAdminDialog (001 §2.8, §4, §5)', () => {
  it("shows 'Select a User' in the top-right bar for 3 seconds, then maps the chosen user", async () => {
    const { server, user, onSaved } = setup();
    const dialog = await choosePlace(user);
    vi.useFakeTimers({
      now: new Date('2026-03-10T12:00:00Z'),
      toFake: ['Date', 'setTimeout', 'clearTimeout'],
    });
    await act(async () => screen.getByRole('button', { name: 'Save' }).click());
    expect(bar()?.textContent).toBe(MSG.selectUser);
    act(() => vi.advanceTimersByTime(ERROR_BAR_MS - 1));
    expect(bar()).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(bar()).toBeNull();
    vi.useFakeTimers({ now: new Date('2026-03-10T12:00:00Z'), toFake: ['Date'] });
    await within(dialog).findByRole('option', { name: 'Grace Kim' });
    // Only the users the place and role admit are asked for (decisions.md "Select Admin eligibility and removal").
    expect(server.last(getAllByOrgId)?.query).toEqual({
      organization_id: '3',
      practice_id: '11',
      location_id: '21',
      roleid: '2',
    });
    await user.selectOptions(screen.getByLabelText('User'), '44');
    await save(user);
    // Save asks first, naming the user, the place and what they gain; nothing is sent yet.
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain(
      'Make Grace Kim an administrator of North Clinic (organization), at Heart Clinic – Downtown?',
    );
    expect(confirm.textContent).toContain(
      'They will be able to add, edit and deactivate the staff of North Clinic, reset their passwords, and manage its practices, locations and programs.',
    );
    // Cancel sends nothing and keeps the dialog; only the confirm button sends.
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.requests(addExistingToMap)).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
    await save(user);
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Make Admin' }),
    );
    expect(server.bodies(addExistingToMap)).toEqual([
      {
        userid: 44,
        roleid: 2,
        organization_id: 3,
        practice_id: 11,
        location_id: 21,
        program_id: 1,
        programs: [1],
      },
    ]);
    expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ message: MSG.addedSuccessfully }));
    expect(onSaved).toHaveBeenCalled();
  });

  it('shows the live messages as fields are left', async () => {
    const { user } = setup();
    await choosePlace(user);
    await user.click(screen.getByLabelText('Add New Admin'));
    const typeAndLeave = async (label: string, text: string) => {
      const input = screen.getByLabelText(label);
      await user.clear(input);
      if (text !== '') await user.type(input, text);
      await user.tab();
    };
    await typeAndLeave('First Name', '');
    expect(screen.getByText(MSG.required)).toBeTruthy();
    await typeAndLeave('First Name', 'No#ra');
    expect(screen.getByText(MSG.invalidName)).toBeTruthy();
    await typeAndLeave('Mobile', '555');
    expect(screen.getByText(MSG.invalidNumber)).toBeTruthy();
    expect((screen.getByLabelText('Mobile') as HTMLInputElement).value).toBe('(555');
    await typeAndLeave('DOB', '2026-03-11');
    expect(screen.getByText(MSG.invalidDob)).toBeTruthy();
    await typeAndLeave('Username', 'not-an-email');
    expect(screen.getByText(MSG.invalidEmail)).toBeTruthy();
    await typeAndLeave('Username', 'taken@demo.test');
    expect(await screen.findByText(MSG.usernameExists)).toBeTruthy();
  });

  it("Save on an empty new admin shows 'Required' under each required field, and nothing under the optional ones", async () => {
    const { server, user } = setup();
    await choosePlace(user);
    await user.click(screen.getByLabelText('Add New Admin'));
    await save(user);
    expect(bar()?.textContent).toBe(MSG.required);
    const messageOf = (label: string) =>
      document.getElementById(`${screen.getByLabelText(label).id}-error`)?.textContent ?? null;
    for (const label of ['First Name', 'Last Name', 'DOB', 'Mobile', 'Username', 'Password'])
      expect(messageOf(label), label).toBe(MSG.required);
    for (const label of ['Phone', 'Fax']) expect(messageOf(label), label).toBeNull();
    expect(server.requests(addUser)).toEqual([]);
  });

  it('blocks Save with each submit message of 001 §5, then sends the new admin with ten-digit numbers', async () => {
    const { server, user, onSaved } = setup();
    await choosePlace(user);
    await user.click(screen.getByLabelText('Add New Admin'));
    const fill = async (label: string, text: string) => {
      const input = screen.getByLabelText(label);
      await user.clear(input);
      if (text !== '') await user.type(input, text);
    };
    const expectBar = async (message: string) => {
      await save(user);
      expect(bar()?.textContent).toBe(message);
    };
    await expectBar(MSG.required);
    await fill('First Name', 'No#ra');
    await fill('Last Name', 'Qu!nn');
    await fill('DOB', '1980-04-02');
    await fill('Mobile', '555123');
    await fill('Username', 'nora@example.com');
    await fill('Password', 'Secret-pass9');
    await expectBar(MSG.firstNameSpecialChars);
    await fill('First Name', 'Nora');
    await expectBar(MSG.lastNameSpecialChars);
    await fill('Last Name', 'Quinn');
    await expectBar(MSG.invalidMobile);
    await fill('Mobile', '5551234567');
    await fill('Phone', '555');
    await expectBar(MSG.invalidPhone);
    await fill('Phone', '');
    await fill('Fax', '12');
    await expectBar(MSG.invalidFax);
    await fill('Fax', '');
    await fill('Password', 'abc');
    await expectBar(MSG.passwordTooShort);
    await fill('Password', 'Secret-pass9');
    await fill('DOB', '1890-01-01');
    await expectBar(MSG.invalidDob);
    await fill('DOB', '1980-04-02');
    await fill('Username', 'taken@demo.test');
    await user.tab();
    await screen.findByText(MSG.usernameExists);
    await expectBar(MSG.usernameExists);
    expect(server.requests(addUser)).toEqual([]);
    await fill('Username', 'Nora@Example.com');
    await save(user);
    expect(server.bodies(addUser)).toEqual([
      {
        firstname: 'Nora',
        lastname: 'Quinn',
        dob: '1980-04-02',
        phone: '',
        mobile: '5551234567',
        fax: '',
        username: 'nora@example.com',
        password: 'Secret-pass9',
        roleid: 2,
        organization_id: 3,
        practice_id: 11,
        location_id: 21,
        program_id: 1,
        programs: [1],
        is_sleeplab_user: 0,
      },
    ]);
    expect(server.last(addUser)?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(onSaved).toHaveBeenCalled();
  });

  it('closes in existing-user mode when the server refuses (001 §4)', async () => {
    const { user, onClose } = setup((s) => s.fail(addExistingToMap, 409, 'Grace Kim is already mapped.'));
    const dialog = await choosePlace(user);
    await within(dialog).findByRole('option', { name: 'Grace Kim' });
    await user.selectOptions(screen.getByLabelText('User'), '44');
    await save(user);
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Make Admin' }),
    );
    expect(await screen.findByText('Grace Kim is already mapped.')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it('Select Nurse asks for nurses at the place and confirms what the role opens', async () => {
    const { server, user } = setup(undefined, tableOf('nurses'));
    const dialog = await choosePlace(user, 'Add Nurse');
    await within(dialog).findByRole('option', { name: 'Grace Kim' });
    expect(server.last(getAllByOrgId)?.query).toMatchObject({ roleid: '8' });
    await user.selectOptions(screen.getByLabelText('User'), '44');
    await save(user);
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain(
      'Make Grace Kim a Nurse of North Clinic (organization), at Heart Clinic – Downtown?They will hold the Nurse role and open its pages for the patients of Heart Clinic.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Make Nurse' }));
    expect(server.bodies(addExistingToMap)).toMatchObject([{ userid: 44, roleid: 8 }]);
  });

  it("adds a member of another staff table with that table's role (issue 16 part 1)", async () => {
    const nurses = tableOf('nurses');
    const { server, user, onSaved } = setup(undefined, nurses);
    await choosePlace(user, 'Add Nurse');
    await user.click(screen.getByLabelText('Add New Nurse'));
    for (const [label, text] of [
      ['First Name', 'Ada'],
      ['Last Name', 'Lane'],
      ['DOB', '1990-01-02'],
      ['Mobile', '5559876543'],
      ['Username', 'ada@example.com'],
      ['Password', 'Secret-pass9'],
    ] as const)
      await user.type(screen.getByLabelText(label), text);
    await save(user);
    expect(server.bodies(addUser)).toMatchObject([
      { username: 'ada@example.com', roleid: 8, practice_id: 11 },
    ]);
    expect(onSaved).toHaveBeenCalled();
  });
});
