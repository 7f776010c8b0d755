import {
  addExistingToMap,
  type CallDef,
  getAllByOrgId,
  getAllPractices,
  getLocationsByPracticeIdOrgId,
  getOrgByPracticeId,
  getSignInLocks,
  MSG,
  removeFromMap,
  STAFF_LISTS,
  STAFF_MAP_TEXT,
  type StaffRow,
} from '@rpm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, pageOf } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { showToast } from '../toaster/toast';
import { StaffScreen } from './StaffScreen';

vi.mock('../toaster/toast', () => ({ showToast: vi.fn(async () => undefined) }));
vi.setConfig({ testTimeout: 20_000 });

const admins = STAFF_LISTS.administrators;
const listCall = admins.calls.list as unknown as CallDef;

const row = (user_id: number, firstname: string, lastname: string): StaffRow => ({
  user_id,
  name: `${firstname} ${lastname}`,
  username: `${firstname.toLowerCase()}@demo.test`,
  mobile: '5551234567',
  organization_name: 'North Clinic',
  practices: 'Heart Clinic',
  status: 'Active',
  created_at: '2026-01-01T00:00:00.000Z',
  firstname,
  lastname,
  dob: '1985-06-07',
  phone: '',
  fax: '',
});

/** A user name locked after failures from many addresses (issue 44). */
const LOCK = {
  username: 'priya@demo.test',
  user_id: 45,
  name: 'Priya Raman',
  kind: 'name' as const,
  address: null,
  failures: 50,
  addresses: 11,
  locked_until: '2026-12-03T17:45:00.000Z',
  reason:
    '50 failed sign-ins from 11 addresses in 15 minutes: locked except in browsers this user signed in from before',
};

/** The Admins table's rows as the server has them: a mapping adds Grace, a removal takes Priya away. */
function serveAdmins() {
  let rows = [row(1, 'Marcus', 'Bennett'), row(45, 'Priya', 'Raman')];
  const server = fakeServer()
    .on(listCall, (r) => pageOf(rows, r.query))
    .on(admins.calls.filterOptions as unknown as CallDef, { status: 1, data: {} })
    .on(getAllPractices, { status: 1, data: [{ practice_id: 11, org_id: 3, label: 'Heart Clinic' }] })
    .on(getOrgByPracticeId, { status: 1, data: [{ organization_id: 3, organization_name: 'North Clinic' }] })
    .on(getLocationsByPracticeIdOrgId, {
      status: 1,
      data: [
        { location_id: 21, location_name: 'Downtown', programs: [{ program_id: 1, program_name: 'RPM' }] },
      ],
    })
    .on(getAllByOrgId, { status: 1, data: [{ user_id: 44, firstname: 'Grace', lastname: 'Kim' }] })
    .on(getSignInLocks, { status: 1, data: [LOCK] })
    .on(addExistingToMap, () => {
      rows = [...rows, row(44, 'Grace', 'Kim')];
      return { status: 1, message: MSG.addedSuccessfully };
    })
    .on(removeFromMap, ({ body }) => {
      rows = rows.filter((r) => r.user_id !== body.userid);
      return { status: 1, message: STAFF_MAP_TEXT.removed };
    });
  return server;
}

beforeEach(() => {
  vi.mocked(showToast).mockClear();
  storeUser(makeUser({ user_id: 1, roleid: [2], pages: ['Admins Table'] }));
});

describe('Admins table: Select Admin and Remove (decisions.md "Select Admin eligibility and removal")', () => {
  it('shows the locked sign-ins above the table and why (issue 44)', async () => {
    serveAdmins();
    renderWithProviders(<StaffScreen name="administrators" />, '/app/administrators');
    const locks = await screen.findByRole('table', { name: 'Locked sign-ins' });
    expect(within(locks).getByText('Priya Raman (priya@demo.test)')).toBeTruthy();
    expect(within(locks).getByText(LOCK.reason)).toBeTruthy();
  });

  it('after a confirmed Select Admin the dialog closes and the table shows the new admin', async () => {
    const server = serveAdmins();
    const user = userEvent.setup();
    renderWithProviders(<StaffScreen name="administrators" />, '/app/administrators');
    await screen.findByText('Priya Raman');
    const loads = server.requests(listCall).length;
    await user.click(screen.getByRole('button', { name: 'Add Admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Admin' });
    await within(dialog).findByRole('option', { name: 'Heart Clinic' });
    await user.selectOptions(within(dialog).getByLabelText('Practice'), '11');
    await within(dialog).findByRole('option', { name: 'Downtown' });
    await user.selectOptions(within(dialog).getByLabelText('Location'), '21');
    await user.selectOptions(within(dialog).getByLabelText('Program'), '1');
    await within(dialog).findByRole('option', { name: 'Grace Kim' });
    await user.selectOptions(within(dialog).getByLabelText('User'), '44');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('Make Grace Kim an administrator of North Clinic (organization)');
    await user.click(within(confirm).getByRole('button', { name: 'Make Admin' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Admin' })).toBeNull());
    expect(await screen.findByText('Grace Kim')).toBeTruthy();
    expect(server.requests(listCall).length).toBeGreaterThan(loads);
    expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ message: MSG.addedSuccessfully }));
  });

  it('Remove asks first naming the member and the role; Cancel keeps them, confirm removes and reloads', async () => {
    const server = serveAdmins();
    const user = userEvent.setup();
    renderWithProviders(<StaffScreen name="administrators" />, '/app/administrators');
    await screen.findByText('Priya Raman');
    // The signed-in admin's own row has no actions (decisions.md "Staff administration").
    expect(screen.queryByRole('button', { name: 'Remove Marcus Bennett from Admins' })).toBeNull();
    const removeButton = screen.getByRole('button', { name: 'Remove Priya Raman from Admins' });

    await user.click(removeButton);
    let confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toBe(
      'Remove Priya Raman from Admins? They lose the Admin role and the pages it opens; their other roles and practices stay.RemoveCancel',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.requests(removeFromMap)).toEqual([]);

    const loads = server.requests(listCall).length;
    await user.click(removeButton);
    confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Priya Raman')).toBeNull());
    expect(server.bodies(removeFromMap)).toEqual([{ userid: 45, roleid: 2 }]);
    expect(server.requests(listCall).length).toBeGreaterThan(loads);
    expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ message: STAFF_MAP_TEXT.removed }));
  });

  it("shows the server's refusal of the last administrator and keeps the row", async () => {
    const server = serveAdmins().fail(
      removeFromMap,
      409,
      STAFF_MAP_TEXT.lastAdmin('Priya Raman', 'Admin', 'North Clinic'),
    );
    const user = userEvent.setup();
    renderWithProviders(<StaffScreen name="administrators" />, '/app/administrators');
    await user.click(await screen.findByRole('button', { name: 'Remove Priya Raman from Admins' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Priya Raman is the last Admin of North Clinic.')).toBeTruthy();
    expect(server.requests(removeFromMap)).toHaveLength(1);
    expect(screen.getByText('Priya Raman')).toBeTruthy();
  });
});
