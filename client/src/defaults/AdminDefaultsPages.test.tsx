import {
  getInsuranceDefaults,
  getNotesDefaults,
  getProtocolDefaults,
  MSG,
  updateInsuranceDefaults,
  updateNotesDefaults,
  updateProtocolDefaults,
} from '@rpm/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PageArea } from '../shell/PageArea';
import { fakeServer } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { showToast } from '../toaster/toast';

vi.mock('../toaster/toast', () => ({ showToast: vi.fn(async () => undefined) }));

const open = (path: string) =>
  renderWithProviders(<PageArea pathname={path} title="defaults" notFound={false} />, path);

const organizations = [
  { organization_id: 3, organization_name: 'North Clinic' },
  { organization_id: 4, organization_name: 'River Clinic' },
];
const systolic = {
  vital_id: 1,
  fk_vital_id: 1,
  vital_type: 'systolic',
  unit: 'mmHg',
  device_type_id: 1,
  device_type: 'Blood Pressure',
  critical_low: 90,
  abnormal_low: 100,
  abnormal_high: 140,
  critical_high: 180,
};

describe('RPM Protocol Defaults (000 §2.2 rpmProtocol-defaults, §6.2: role 5)', () => {
  const protocol = {
    status: 1,
    data: {
      organization_id: 3,
      organizations,
      own: false,
      reading_days: 16,
      check_in_frequency: 'monthly' as const,
      vitals: [systolic],
    },
  };

  it('saves the reading days, check-in frequency and bounds, refusing days out of range', async () => {
    storeUser(makeUser({ roleid: [5] }));
    const server = fakeServer()
      .on(getProtocolDefaults, protocol)
      .on(updateProtocolDefaults, { status: 1, message: MSG.updatedSuccessfully });
    const user = userEvent.setup();
    open('/app/rpmProtocol-defaults');
    const days = await screen.findByLabelText('Reading days per month');
    expect((days as HTMLInputElement).value).toBe('16');
    await user.clear(days);
    await user.type(days, '40');
    await user.click(screen.getByRole('button', { name: MSG.save }));
    expect(await screen.findByText('Enter 1 to 31 days.')).toBeTruthy();
    expect(server.requests(updateProtocolDefaults)).toEqual([]);
    await user.clear(days);
    await user.type(days, '20');
    await user.selectOptions(screen.getByLabelText('Check-in frequency'), 'Weekly');
    await user.click(screen.getByRole('button', { name: MSG.save }));
    expect(server.bodies(updateProtocolDefaults)).toEqual([
      {
        organization_id: 3,
        reading_days: 20,
        check_in_frequency: 'weekly',
        vitals: [
          { vital_id: 1, critical_low: 90, abnormal_low: 100, abnormal_high: 140, critical_high: 180 },
        ],
      },
    ]);
    expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ message: MSG.updatedSuccessfully }));
  });

  it('loads another organisation when chosen', async () => {
    storeUser(makeUser({ roleid: [5] }));
    const server = fakeServer().on(getProtocolDefaults, protocol);
    const user = userEvent.setup();
    open('/app/rpmProtocol-defaults');
    await user.selectOptions(await screen.findByLabelText('Organization'), 'River Clinic');
    expect(server.requests(getProtocolDefaults).at(-1)?.query).toEqual({ organization_id: '4' });
  });

  it('is not available to a physician, and asks the server nothing', async () => {
    storeUser(makeUser({ roleid: [6] }));
    const server = fakeServer();
    open('/app/rpmProtocol-defaults');
    expect(await screen.findByText(MSG.notFoundOops)).toBeTruthy();
    expect(server.requests(getProtocolDefaults)).toEqual([]);
  });
});

describe('Notes Defaults (000 §2.2 notes-defaults, §6.2)', () => {
  it("offers the chosen category's comments and saves both", async () => {
    storeUser(makeUser({ roleid: [6] }));
    const server = fakeServer()
      .on(getNotesDefaults, {
        status: 1,
        data: {
          category_id: null,
          comment_id: null,
          categories: [
            { category_id: 1, name: 'Clinical' },
            { category_id: 2, name: 'Device' },
          ],
          comments: [
            { comment_id: 10, category_id: 1, comment: 'Reviewed readings with the patient.' },
            { comment_id: 20, category_id: 2, comment: 'Device troubleshooting done with the patient.' },
          ],
        },
      })
      .on(updateNotesDefaults, { status: 1, message: MSG.updatedSuccessfully });
    const user = userEvent.setup();
    open('/app/notes-defaults');
    await user.selectOptions(await screen.findByLabelText('Category'), 'Device');
    const comment = screen.getByLabelText('Comment');
    expect(
      within(comment)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None', 'Device troubleshooting done with the patient.']);
    await user.selectOptions(comment, 'Device troubleshooting done with the patient.');
    await user.click(screen.getByRole('button', { name: MSG.save }));
    expect(server.bodies(updateNotesDefaults)).toEqual([{ category_id: 2, comment_id: 20 }]);
  });

  it('is not available to a dentist', async () => {
    storeUser(makeUser({ roleid: [6], is_dentist: 1 }));
    const server = fakeServer();
    open('/app/notes-defaults');
    expect(await screen.findByText(MSG.notFoundOops)).toBeTruthy();
    expect(server.requests(getNotesDefaults)).toEqual([]);
  });
});

describe('Insurance Defaults (000 §2.2 insurances-defaults, §6.2)', () => {
  it("saves one of the organisation's accepted plans", async () => {
    storeUser(makeUser({ roleid: [10] }));
    const server = fakeServer()
      .on(getInsuranceDefaults, {
        status: 1,
        data: {
          organization_id: 3,
          organizations: organizations.slice(0, 1),
          own: false,
          plan_id: null,
          plans: [{ plan_id: 7, payer: 'CMS', plan_name: 'Medicare Part B', plan_type: 'Medicare' }],
        },
      })
      .on(updateInsuranceDefaults, { status: 1, message: MSG.updatedSuccessfully });
    const user = userEvent.setup();
    open('/app/insurances-defaults');
    await user.selectOptions(
      await screen.findByLabelText('Default insurance plan'),
      'CMS: Medicare Part B (Medicare)',
    );
    expect(screen.queryByLabelText('Organization')).toBeNull();
    await user.click(screen.getByRole('button', { name: MSG.save }));
    expect(server.bodies(updateInsuranceDefaults)).toEqual([{ organization_id: 3, plan_id: 7 }]);
  });

  it('is not available to a sleep-lab user', async () => {
    storeUser(makeUser({ roleid: [5], is_sleeplab_user: 1 }));
    const server = fakeServer();
    open('/app/insurances-defaults');
    expect(await screen.findByText(MSG.notFoundOops)).toBeTruthy();
    expect(server.requests(getInsuranceDefaults)).toEqual([]);
  });
});
