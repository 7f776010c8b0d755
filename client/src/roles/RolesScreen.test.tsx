import { type CallDef, MSG, type RoleRow, rolesList, updateRolePages } from '@rpm/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PageArea } from '../shell/PageArea';
import { fakeServer, pageOf } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';

vi.setConfig({ testTimeout: 20_000 });

const roles: RoleRow[] = [
  { role_id: 8, role: 'Role 8', pages: 2, users: 3, page_names: ['Dashboard', 'Patients Table'] },
];

const render = () =>
  renderWithProviders(<PageArea pathname="/app/roles" title="Admin" notFound={false} />, '/app/roles');

describe('Roles table (000 §2.4 Roles Table)', () => {
  it("edits a role's access list: only pages the administrator holds can be granted", async () => {
    storeUser(
      makeUser({ roleid: [1], pages: ['Roles Table', 'Dashboard', 'Patients Table', 'Nurses Table'] }),
    );
    const server = fakeServer()
      .on(rolesList.calls.list as unknown as CallDef, (r) => pageOf(roles, r.query))
      .on(updateRolePages, { status: 1, message: MSG.updatedSuccessfully });
    const ui = userEvent.setup();
    render();
    await screen.findByText('Role 8');
    await ui.click(screen.getByRole('button', { name: 'Access' }));
    expect((await screen.findByLabelText('Dashboard')).closest('input')?.checked).toBe(true);
    expect((screen.getByLabelText('Billing Dashboard').closest('input') as HTMLInputElement).disabled).toBe(
      true,
    );
    await ui.click(screen.getByLabelText('Dashboard'));
    await ui.click(screen.getByLabelText('Nurses Table'));
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.bodies(updateRolePages)).toHaveLength(1));
    const [body] = server.bodies(updateRolePages) as { role_id: number; pages: string[] }[];
    expect(body?.role_id).toBe(8);
    expect([...(body?.pages ?? [])].sort()).toEqual(['Nurses Table', 'Patients Table']);
    expect(await screen.findByText(MSG.updatedSuccessfully)).toBeTruthy();
  });

  it('offers no Access button to anyone but a top administrator', async () => {
    storeUser(makeUser({ roleid: [2], pages: ['Roles Table'] }));
    fakeServer().on(rolesList.calls.list as unknown as CallDef, (r) => pageOf(roles, r.query));
    render();
    await screen.findByText('Role 8');
    expect(screen.queryByRole('button', { name: 'Access' })).toBeNull();
  });
});
