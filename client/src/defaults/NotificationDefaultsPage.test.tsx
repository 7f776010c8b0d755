import { getAllVitals, getVitalsDefaults, MSG, updateVitalsDefaults } from '@rpm/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PageArea } from '../shell/PageArea';
import { fakeServer } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';

const PATH = '/app/notification-defaults';
const vital = (vital_id: number, vital_type: string, device_type_id: number, device_type: string) => ({
  vital_id,
  vital_type,
  unit: vital_type === 'spo2' ? '%' : 'mmHg',
  device_type_id,
  device_type,
  slider_max: 220,
});
const bounds = (vital_id: number, vital_type: string) => ({
  vital_id,
  fk_vital_id: vital_id,
  vital_type,
  unit: 'mmHg',
  device_type_id: 1,
  critical_low: 90,
  abnormal_low: 100,
  abnormal_high: 140,
  critical_high: 180,
  source: 'protocol' as const,
});

const open = () =>
  renderWithProviders(<PageArea pathname={PATH} title="notification defaults" notFound={false} />, PATH);

describe('Notification Defaults (000 §2.2, §6.2)', () => {
  it("loads the role's defaults per device type and saves the user's own", async () => {
    storeUser(makeUser({ roleid: [8] }));
    const server = fakeServer()
      .on(getAllVitals, {
        status: 1,
        data: [vital(1, 'systolic', 1, 'Blood Pressure'), vital(7, 'spo2', 4, 'Pulse Oximeter')],
      })
      .on(getVitalsDefaults, { status: 1, data: [bounds(1, 'systolic')] })
      .on(updateVitalsDefaults, { status: 1, message: MSG.updatedSuccessfully });
    const user = userEvent.setup();
    open();
    const block = (await screen.findByText('systolic (mmHg)')).closest('fieldset') as HTMLElement;
    expect(server.requests(getVitalsDefaults)[0]?.query).toEqual({ role_id: '8', device_type_id: '1' });
    await user.click(within(block).getByRole('button', { name: 'Edit systolic (mmHg)' }));
    const criticalLow = within(block).getByLabelText('Critical Low');
    await user.clear(criticalLow);
    await user.type(criticalLow, '85');
    await user.tab();
    await user.click(screen.getByRole('button', { name: MSG.save }));
    expect((await screen.findByRole('status')).textContent).toBe(MSG.updatedSuccessfully);
    expect(server.requests(updateVitalsDefaults)[0]?.body).toEqual({
      device_type_id: 1,
      vitals: [{ vital_id: 1, critical_low: 85, abnormal_low: 100, abnormal_high: 140, critical_high: 180 }],
    });
  });

  it('is not available to a user 000 §6.2 does not show it to (a dentist)', async () => {
    storeUser(makeUser({ roleid: [6], is_dentist: 1 }));
    const server = fakeServer().on(getAllVitals, { status: 1, data: [] });
    open();
    expect(await screen.findByText(MSG.notFoundOops)).toBeTruthy();
    expect(server.requests(updateVitalsDefaults)).toEqual([]);
  });
});
