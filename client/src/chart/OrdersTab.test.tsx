import {
  addEnrollmentOrder,
  type DeviceOrder,
  type EnrollmentOrder,
  getAllVitals,
  getAuthorizationHistory,
  getDeviceOrders,
  getEnrollmentOrders,
  ORDER_TEXT,
  updateDeviceOrderStatus,
} from '@rpm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type FakeServer, fakeServer } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { AuthorizationHistory } from './AuthorizationHistory';
import { OrdersTab } from './OrdersTab';
import { SubOrdersTab } from './SubOrdersTab';

vi.mock('../toaster/toast', () => ({ showToast: vi.fn(async () => undefined) }));

const authorization = {
  authorization_id: 2,
  order_id: 7,
  patient_id: 5,
  patient_name: 'Ana Diaz',
  program: 'RPM' as const,
  authorization_number: 'AUTH-1001',
  start_date: '2026-11-01',
  end_date: '2027-01-31',
  recorded_by_name: 'Dana Nurse',
  recorded_at: '2026-11-01T10:00:00.000Z',
};

const order: EnrollmentOrder = {
  order_id: 7,
  patient_id: 5,
  program: 'RPM',
  ordering_provider: 'Dr. Maya Patel',
  provider_npi: '1234567893',
  diagnosis_codes: ['I10', 'E11.9'],
  order_date: '2026-11-01',
  consent_date: '2026-10-30',
  consent_method: 'written',
  authorization,
  created_by_name: 'Dana Nurse',
  updated_at: '2026-11-01T10:00:00.000Z',
};

const shipped: DeviceOrder = {
  device_order_id: 11,
  order_id: 7,
  patient_id: 5,
  device_type_id: 1,
  device_type: 'Blood Pressure',
  status: 'ordered',
  tracking_number: null,
  ordered_by_name: 'Dana Nurse',
  ordered_at: '2026-11-02T10:00:00.000Z',
  shipped_at: null,
  delivered_at: null,
  returned_at: null,
};

function open(ui: ReactElement, server: FakeServer, path = '/app/patient-chart/enroll-details/5') {
  storeUser(makeUser({ user_id: 42, roleid: [8], pages: ['Patient Chart'] }));
  renderWithProviders(ui, path);
  return { server, user: userEvent.setup() };
}

describe('Orders, Sub Orders and Authorization History (000 §2.3; issue 13)', () => {
  it('Orders shows consent and the current authorisation, and checks a new order with the shared rules', async () => {
    const { server, user } = open(
      <OrdersTab patientId={5} />,
      fakeServer()
        .on(getEnrollmentOrders, { status: 1, data: [order] })
        .on(addEnrollmentOrder, { status: 1, message: 'Added Successfully', data: order }),
    );
    const card = await screen.findByLabelText('RPM order 7');
    expect(within(card).getByText('Written, 10/30/2026')).toBeTruthy();
    expect(within(card).getByText('AUTH-1001, 11/01/2026 – 01/31/2027')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'New Order' }));
    await user.type(screen.getByLabelText('Ordering Provider'), 'Dr. Lee');
    await user.type(screen.getByLabelText('Diagnosis Codes (ICD-10)'), 'hypertension');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(ORDER_TEXT.icd10)).toBeTruthy();
    expect(server.requests(addEnrollmentOrder)).toHaveLength(0);

    await user.clear(screen.getByLabelText('Diagnosis Codes (ICD-10)'));
    await user.type(screen.getByLabelText('Diagnosis Codes (ICD-10)'), 'i10, E11.9');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.requests(addEnrollmentOrder)).toHaveLength(1));
    expect(server.last(addEnrollmentOrder)?.body).toMatchObject({
      patient_id: 5,
      program: 'RPM',
      ordering_provider: 'Dr. Lee',
      provider_npi: null,
      diagnosis_codes: ['i10', 'E11.9'],
      authorization: null,
    });
  });

  it('Sub Orders ships a device with its tracking number and offers only forward moves', async () => {
    const { server, user } = open(
      <SubOrdersTab patientId={5} />,
      fakeServer()
        .on(getEnrollmentOrders, { status: 1, data: [order] })
        .on(getAllVitals, {
          status: 1,
          data: [
            {
              vital_id: 1,
              vital_type: 'Systolic',
              unit: 'mmHg',
              device_type_id: 1,
              device_type: 'Blood Pressure',
              slider_max: 300,
            },
          ],
        })
        .on(getDeviceOrders, { status: 1, data: [shipped] })
        .on(updateDeviceOrderStatus, {
          status: 1,
          message: 'Updated',
          data: { ...shipped, status: 'shipped' },
        }),
    );
    const row = (await screen.findByText('Blood Pressure', { selector: 'td' })).closest('tr') as HTMLElement;
    expect(within(row).queryByRole('button', { name: 'Mark Returned' })).toBeNull();
    await user.type(within(row).getByLabelText('Tracking number of order 11'), '1Z999AA1');
    await user.click(within(row).getByRole('button', { name: 'Mark Shipped' }));
    await waitFor(() =>
      expect(server.bodies(updateDeviceOrderStatus)).toEqual([
        { device_order_id: 11, status: 'shipped', tracking_number: '1Z999AA1' },
      ]),
    );
  });

  it('Authorization History without a patient asks for every patient the user may see', async () => {
    const { server } = open(
      <AuthorizationHistory patientId={null} />,
      fakeServer().on(getAuthorizationHistory, { status: 1, data: [authorization], count: 1 }),
      '/app/patient-chart/authorization-history',
    );
    expect(await screen.findByText('Ana Diaz')).toBeTruthy();
    expect(screen.getByText('01/31/2027')).toBeTruthy();
    expect(server.last(getAuthorizationHistory)?.query).toEqual({ page: '0', rowsPerPage: '10' });
  });
});
