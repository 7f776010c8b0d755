import { getCarePlanDefaults, MSG, updateCarePlanDefaults } from '@rpm/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PageArea } from '../shell/PageArea';
import { fakeServer } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { showToast } from '../toaster/toast';

vi.mock('../toaster/toast', () => ({ showToast: vi.fn(async () => undefined) }));

const open = (path: string, title: string) =>
  renderWithProviders(<PageArea pathname={path} title={title} notFound={false} />, path);

describe('Configure Defaults (000 §2.2, §6.2)', () => {
  it('links each defaults page the user menu offers the user', async () => {
    storeUser(makeUser({ roleid: [5] }));
    fakeServer();
    open('/app/configure-defaults', 'configure defaults');
    const menu = await screen.findByRole('menu', { name: 'Configure Defaults' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Notification Defaults',
      'Insurance Defaults',
      'RPM Protocol Defaults',
      MSG.ccmCarePlanDefaults,
      'Notes Defaults',
    ]);
  });

  it('offers a nurse Notification Defaults only, and is not available to a dentist', async () => {
    storeUser(makeUser({ roleid: [8] }));
    fakeServer();
    const { unmount } = open('/app/configure-defaults', 'configure defaults');
    const menu = await screen.findByRole('menu', { name: 'Configure Defaults' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Notification Defaults']);
    unmount();
    storeUser(makeUser({ roleid: [6], is_dentist: 1 }));
    open('/app/configure-defaults', 'configure defaults');
    expect(await screen.findByText(MSG.notFoundOops)).toBeTruthy();
  });
});

const plan = {
  problems: [
    {
      icd10: 'I10',
      description: 'Essential (primary) hypertension',
      goals: [{ goal: 'Blood pressure below 130/80 mmHg', target_date: null }],
      interventions: [{ intervention: 'Review readings weekly', responsible: 'Care coordinator' }],
    },
  ],
  patient_goals: '',
};

describe('CCM Care Plan Defaults (000 §2.2 ccm-defaults/{curId?}, §6.2)', () => {
  it("loads the route's organisation and saves the edited template without a review date", async () => {
    storeUser(makeUser({ roleid: [5] }));
    const server = fakeServer()
      .on(getCarePlanDefaults, {
        status: 1,
        data: {
          organization_id: 4,
          organizations: [
            { organization_id: 3, organization_name: 'North Clinic' },
            { organization_id: 4, organization_name: 'River Clinic' },
          ],
          own: false,
          plan,
        },
      })
      .on(updateCarePlanDefaults, { status: 1, message: MSG.updatedSuccessfully });
    const user = userEvent.setup();
    open('/app/ccm-defaults/4', 'ccm defaults');
    const description = await screen.findByLabelText('Problem 1 description');
    expect(server.requests(getCarePlanDefaults)[0]?.query).toEqual({ organization_id: '4' });
    expect((screen.getByLabelText('Organization') as HTMLSelectElement).value).toBe('4');
    expect(screen.queryByLabelText('Review date')).toBeNull();
    await user.clear(description);
    await user.type(description, 'Hypertension');
    await user.click(screen.getByRole('button', { name: MSG.save }));
    const [first] = plan.problems;
    expect(server.bodies(updateCarePlanDefaults)).toEqual([
      { organization_id: 4, plan: { ...plan, problems: [{ ...first, description: 'Hypertension' }] } },
    ]);
    expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ message: MSG.updatedSuccessfully }));
  });

  it('is not available to a nurse, and asks the server nothing', async () => {
    storeUser(makeUser({ roleid: [8] }));
    const server = fakeServer();
    open('/app/ccm-defaults', 'ccm defaults');
    expect(await screen.findByText(MSG.notFoundOops)).toBeTruthy();
    expect(server.requests(getCarePlanDefaults)).toEqual([]);
  });
});
