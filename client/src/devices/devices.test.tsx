import {
  assignDevice,
  type CallDef,
  type DeviceCountRow,
  type DeviceRow,
  devicesList,
  getDevicesCountForOrganizations,
  MSG,
  returnDevice,
  unassignedDevicesList,
} from '@rpm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PageArea } from '../shell/PageArea';
import { fakeServer, pageOf } from '../test/fake-server';
import { listPatientOf, makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';

vi.setConfig({ testTimeout: 20_000 });

const devicesCall = devicesList.calls.list as unknown as CallDef;
const unassignedCall = unassignedDevicesList.calls.list as unknown as CallDef;

function device(id: number, overrides: Partial<DeviceRow> = {}): DeviceRow {
  return {
    inventory_id: id,
    imei: `35000000000${id}`,
    device_name: 'BP Cuff',
    device_type: 'Blood Pressure',
    organization_name: 'North Clinic',
    status: 'available',
    patient_id: null,
    patient_name: null,
    patient: null,
    assigned_at: null,
    device_assign_id: null,
    ...overrides,
  };
}

const northwind = (issued: number): DeviceCountRow => ({
  id: 7,
  name: 'North Clinic',
  total_devices: 10,
  devices_issued: issued,
  available_devices: 10 - issued,
  total_patients: 30,
  active_patients: 12,
});

beforeEach(() => {
  storeUser(makeUser({ roleid: [20], pages: ['Devices Table', 'Unassigned Devices'] }));
});

const render = (path: string) =>
  renderWithProviders(<PageArea pathname={path} title="Devices" notFound={false} />, path);

describe('Devices screen (000 §2.4; 001 §2.5)', () => {
  it("shows the device-count table with the spec's columns above the inventory; Return gives a device back and both reload", async () => {
    let issued = [
      device(1, {
        status: 'assigned',
        patient_id: 5,
        patient_name: 'Doe, John',
        patient: listPatientOf(5, 'Doe, John'),
        device_assign_id: 40,
      }),
    ];
    const server = fakeServer()
      .on(getDevicesCountForOrganizations, () => ({ status: 1, data: [northwind(issued.length)] }))
      .on(devicesCall, (r) => pageOf([...issued, device(2)], r.query))
      .on(devicesList.calls.filterOptions as unknown as CallDef, () => ({ status: 1, data: {} }))
      .on(returnDevice, () => {
        issued = [];
        return { status: 1, message: MSG.updatedSuccessfully };
      });
    const ui = userEvent.setup();
    render('/app/devices');
    const table = await screen.findByRole('table', { name: 'Device counts' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'id',
      'name',
      'total_devices',
      'devices_issued',
      'available_devices',
      'total_patients',
      'active_patients',
    ]);
    await within(table).findByText('North Clinic');
    expect(within(table).getAllByRole('row')[1]?.textContent).toBe('7North Clinic10193012');
    await screen.findByText('DOE, JOHN');

    await ui.click(screen.getByRole('button', { name: 'Return 350000000001' }));
    await waitFor(() => expect(server.last(returnDevice)?.body).toEqual({ device_assign_id: 40 }));
    await waitFor(() =>
      expect(within(table).getAllByRole('row')[1]?.textContent).toBe('7North Clinic100103012'),
    );
    await waitFor(() => expect(screen.queryByText('DOE, JOHN')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Return 350000000002' })).toBeNull();
  });

  it("says 'No Records Found' when the user has no organisation's counts", async () => {
    fakeServer()
      .on(getDevicesCountForOrganizations, () => ({ status: 1, data: [] }))
      .on(devicesCall, (r) => pageOf([], r.query))
      .on(devicesList.calls.filterOptions as unknown as CallDef, () => ({ status: 1, data: {} }));
    render('/app/devices');
    const table = await screen.findByRole('table', { name: 'Device counts' });
    expect(await within(table).findByText(MSG.noRecordsFound)).toBeTruthy();
  });
});

describe('Assign Device (Unassigned Devices, 000 §2.4)', () => {
  it('checks the RPM ID, sends the device and patient once per action key, and reloads the list', async () => {
    let available = [device(3), device(4)];
    const server = fakeServer()
      .on(unassignedCall, (r) => pageOf(available, r.query))
      .on(unassignedDevicesList.calls.filterOptions as unknown as CallDef, () => ({ status: 1, data: {} }))
      .on(assignDevice, (r) => {
        available = available.filter((d) => d.inventory_id !== r.body.inventory_id);
        return { status: 1, message: MSG.addedSuccessfully, data: { device_assign_id: 77 } };
      });
    const ui = userEvent.setup();
    render('/app/unassigned-devices');
    await ui.click(await screen.findByRole('button', { name: 'Assign 350000000003' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Device' });
    const assign = within(dialog).getByRole('button', { name: 'Assign' });

    await ui.click(assign);
    expect(within(dialog).getByText(MSG.required)).toBeTruthy();
    await ui.type(within(dialog).getByLabelText('Patient RPM ID*'), '12a');
    await ui.click(assign);
    expect(within(dialog).getByText(MSG.invalidNumber)).toBeTruthy();
    expect(server.requests(assignDevice)).toHaveLength(0);

    await ui.clear(within(dialog).getByLabelText('Patient RPM ID*'));
    await ui.type(within(dialog).getByLabelText('Patient RPM ID*'), '125');
    await ui.click(assign);
    await waitFor(() =>
      expect(server.last(assignDevice)?.body).toEqual({ inventory_id: 3, patient_id: 125 }),
    );
    expect(server.last(assignDevice)?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Assign Device' })).toBeNull());
    expect(await screen.findByText(MSG.addedSuccessfully)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Assign 350000000003' })).toBeNull());
  });

  it("offers no Assign to a user without 'Devices Table'", async () => {
    storeUser(makeUser({ roleid: [20], pages: ['Unassigned Devices'] }));
    fakeServer()
      .on(unassignedCall, (r) => pageOf([device(3)], r.query))
      .on(unassignedDevicesList.calls.filterOptions as unknown as CallDef, () => ({ status: 1, data: {} }));
    render('/app/unassigned-devices');
    await screen.findByText('350000000003');
    expect(screen.queryByRole('button', { name: 'Assign 350000000003' })).toBeNull();
  });
});
