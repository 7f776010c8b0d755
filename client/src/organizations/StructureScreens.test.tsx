import {
  addLocation,
  addPractice,
  type CallDef,
  type LocationRow,
  locationsList,
  MSG,
  type PracticeRow,
  practicesList,
  updateLocation,
} from '@rpm/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PageArea } from '../shell/PageArea';
import { fakeServer, pageOf } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';

vi.setConfig({ testTimeout: 20_000 });

const practices: PracticeRow[] = [
  {
    practice_id: 3,
    practice_name: 'North Heart',
    organization_id: 7,
    organization_name: 'North Clinic',
    locations: 2,
    patients: 40,
    escalation_critical_minutes: 15,
    escalation_abnormal_minutes: 240,
  },
];
const locations: LocationRow[] = [
  {
    location_id: 9,
    location_name: 'Main Street',
    practice_id: 3,
    program_ids: [1],
    practice_name: 'North Heart',
    organization_name: 'North Clinic',
    programs: 'RPM',
  },
];

beforeEach(() => {
  storeUser(makeUser({ roleid: [2], pages: ['Practices Table', 'Locations Table'] }));
});

const render = (path: string) =>
  renderWithProviders(<PageArea pathname={path} title="Admin" notFound={false} />, path);

describe('Practices form (000 §2.4 Practices Table)', () => {
  it("checks the name with the server's rule, then adds the practice with an Idempotency-Key", async () => {
    const server = fakeServer()
      .on(practicesList.calls.list as unknown as CallDef, (r) => pageOf(practices, r.query))
      .on(practicesList.calls.filterOptions as unknown as CallDef, () => ({
        status: 1,
        data: { organization: [{ value: '7', label: 'North Clinic' }] },
      }))
      .on(addPractice, { status: 1, message: MSG.addedSuccessfully, data: { practice_id: 4 } });
    const ui = userEvent.setup();
    render('/app/practices');
    await screen.findByText('North Heart');
    await ui.click(screen.getByRole('button', { name: 'Add Practice' }));
    await ui.type(await screen.findByLabelText('Practice Name'), 'Acme & Sons');
    await ui.selectOptions(screen.getByLabelText('Organization'), '7');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name cannot contain special characters')).toBeTruthy();
    expect(server.requests(addPractice)).toHaveLength(0);
    await ui.clear(screen.getByLabelText('Practice Name'));
    await ui.type(screen.getByLabelText('Practice Name'), 'Lakeside Heart');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.bodies(addPractice)).toEqual([
        {
          practice_name: 'Lakeside Heart',
          organization_id: 7,
          escalation_critical_minutes: 15,
          escalation_abnormal_minutes: 240,
        },
      ]),
    );
    expect(server.last(addPractice)?.headers['idempotency-key']).toBeTruthy();
    expect(await screen.findByText(MSG.addedSuccessfully)).toBeTruthy();
  });
});

describe('Locations form (000 §2.4 Locations Table)', () => {
  it('edits a location’s programs: the checked programs are sent', async () => {
    const server = fakeServer()
      .on(locationsList.calls.list as unknown as CallDef, (r) => pageOf(locations, r.query))
      .on(locationsList.calls.filterOptions as unknown as CallDef, () => ({
        status: 1,
        data: { organization: [], practice: [{ value: '3', label: 'North Heart' }] },
      }))
      .on(updateLocation, { status: 1, message: MSG.updatedSuccessfully });
    const ui = userEvent.setup();
    render('/app/locations');
    await screen.findByText('Main Street');
    await ui.click(screen.getByRole('button', { name: 'Edit' }));
    expect((await screen.findByLabelText('RPM')).closest('input')?.checked).toBe(true);
    await ui.click(screen.getByLabelText('CCM'));
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.bodies(updateLocation)).toEqual([
        { location_id: 9, location_name: 'Main Street', program_ids: [1, 2] },
      ]),
    );
    expect(server.requests(addLocation)).toHaveLength(0);
  });
});
