import { getPracticeProtocol, MSG, type StoredUser, updatePractice } from '@rpm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { LocationFilterProvider, useLocationFilter } from '../shell/location-filter';
import { fakeServer } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { PracticeProtocolPage } from './PracticeProtocolPage';

beforeEach(() => sessionStorage.clear());

const PROTOCOL = {
  practice_id: 1,
  practice_name: 'Main Street Practice',
  organization_id: 7,
  organization_name: 'North Clinic',
  practices: [
    { value: 1, label: 'Main Street Practice' },
    { value: 2, label: 'Harbor Practice' },
  ],
  can_edit_escalation: false,
  can_edit_levels: false,
  reading_days: 16,
  check_in_frequency: 'monthly' as const,
  vitals: [
    {
      vital_id: 1,
      fk_vital_id: 1,
      vital_type: 'Systolic',
      unit: 'mmHg',
      device_type: 'Blood Pressure',
      critical_low: 80,
      abnormal_low: 90,
      abnormal_high: 140,
      critical_high: 180,
      source: 'organization' as const,
    },
    {
      vital_id: 9,
      fk_vital_id: 9,
      vital_type: 'SpO2',
      unit: '%',
      device_type: 'Pulse Oximeter',
      critical_low: 88,
      abnormal_low: 92,
      abnormal_high: null,
      critical_high: null,
      source: 'spec' as const,
    },
  ],
  escalation_critical_minutes: 15,
  escalation_abnormal_minutes: 240,
  chain: [
    {
      tier: 1,
      role: 'care_coordinator',
      label: 'Care coordinator',
      critical_after_minutes: 15,
      abnormal_after_minutes: 240,
    },
    {
      tier: 2,
      role: 'clinical_staff',
      label: 'Clinical staff',
      critical_after_minutes: 30,
      abnormal_after_minutes: 480,
    },
    {
      tier: 3,
      role: 'physician',
      label: 'Physician',
      critical_after_minutes: 45,
      abnormal_after_minutes: 720,
    },
  ],
};

/** A button standing in for the header's practice dropdown (000 §4.5). */
function ChoosePractice({ id }: { readonly id: number }) {
  const { setPractice } = useLocationFilter();
  return (
    <button type="button" onClick={() => setPractice(id)}>
      choose {id}
    </button>
  );
}

function open(user: StoredUser, protocol = PROTOCOL) {
  storeUser(user);
  const server = fakeServer()
    .on(getPracticeProtocol, ({ query }) => {
      const id = query.practice_id === undefined ? 1 : Number(query.practice_id);
      const name = protocol.practices.find((p) => p.value === id)?.label ?? '';
      return { status: 1, data: { ...protocol, practice_id: id, practice_name: name } };
    })
    .on(updatePractice, { status: 1, message: MSG.updatedSuccessfully });
  renderWithProviders(
    <LocationFilterProvider user={user}>
      <ChoosePractice id={2} />
      <PracticeProtocolPage />
    </LocationFilterProvider>,
    '/app/practice-protocol',
  );
  return { server, ui: userEvent.setup() };
}

const rowsOf = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.children).map((cell) => cell.textContent));

describe('PracticeProtocolPage', () => {
  it("shows the header's practice: each vital's levels and source, the targets, and the chain, read-only", async () => {
    const { server } = open(makeUser({ roleid: [8] }));
    expect(await screen.findByRole('heading', { name: 'Main Street Practice — North Clinic' })).toBeTruthy();
    expect(server.last(getPracticeProtocol)?.query).toEqual({ practice_id: '1' });
    expect(rowsOf('Monitoring levels')).toEqual([
      ['Systolic (mmHg)', 'Blood Pressure', '80', '90', '140', '180', "Organization's RPM Protocol Defaults"],
      ['SpO2 (%)', 'Pulse Oximeter', '88', '92', '—', '—', 'Standard ranges (001 §9)'],
    ]);
    expect(screen.getByText('Reading target: 16 days a month · Check-ins: Monthly')).toBeTruthy();
    expect(
      screen.getByText(
        'Critical alerts escalate after 15 minutes, abnormal alerts after 240 minutes unacknowledged.',
      ),
    ).toBeTruthy();
    expect(rowsOf('Escalation chain')).toEqual([
      ['1', 'Care coordinator', '15', '240'],
      ['2', 'Clinical staff', '30', '480'],
      ['3', 'Physician', '45', '720'],
    ]);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit in RPM Protocol Defaults' })).toBeNull();
  });

  it('follows the practice chosen in the header', async () => {
    const { server, ui } = open(makeUser({ roleid: [8] }));
    await screen.findByRole('heading', { name: 'Main Street Practice — North Clinic' });
    await ui.click(screen.getByRole('button', { name: 'choose 2' }));
    expect(await screen.findByRole('heading', { name: 'Harbor Practice — North Clinic' })).toBeTruthy();
    expect(server.last(getPracticeProtocol)?.query).toEqual({ practice_id: '2' });
  });

  it('lets an editor save the minutes with the practice’s own call, refusing 0 before sending', async () => {
    const { server, ui } = open(makeUser({ roleid: [2] }), {
      ...PROTOCOL,
      can_edit_escalation: true,
      can_edit_levels: true,
    });
    const critical = await screen.findByLabelText('Escalate critical alerts after (minutes)');
    expect(screen.getByRole('link', { name: 'Edit in RPM Protocol Defaults' }).getAttribute('href')).toBe(
      '/app/rpmProtocol-defaults',
    );
    await ui.clear(critical);
    await ui.type(critical, '0');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At least 1 minute')).toBeTruthy();
    expect(server.requests(updatePractice)).toHaveLength(0);
    await ui.clear(critical);
    await ui.type(critical, '20');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.requests(updatePractice)).toHaveLength(1));
    expect(server.last(updatePractice)?.body).toEqual({
      practice_id: 1,
      practice_name: 'Main Street Practice',
      escalation_critical_minutes: 20,
      escalation_abnormal_minutes: 240,
    });
  });
});
