import {
  addCheckInEntry,
  checkPageAccess,
  getEnrollmentOrders,
  getPatientClinical,
  getPatientDevices,
  getPatientStatuses,
  type StatusOption,
  updateCcmStatus,
  updateRpmStatus,
} from '@rpm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { serveChart, statuses } from './chart-test-server';
import { CHART_ACCESS_DENIED, PatientChartPage } from './PatientChartPage';

vi.mock('../toaster/toast', () => ({ showToast: vi.fn(async () => undefined) }));

function open(path: string, roleid = [2]) {
  storeUser(makeUser({ roleid, pages: ['Patient Chart'] }));
  return renderWithProviders(<PatientChartPage />, path);
}

describe('PatientChartPage (000 §2.3)', () => {
  it('shows the header and the 19 tabs in order, on the overview', async () => {
    const server = serveChart();
    open('/app/patient-chart/overview/5');
    expect(await screen.findByRole('heading', { name: 'Rosa Diaz' })).toBeTruthy();
    expect(screen.getByTestId('chart-dob')).toHaveProperty(
      'textContent',
      expect.stringContaining('02/03/1950'),
    );
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toHaveLength(19);
    expect(tabs[0]).toBe('Overview');
    expect(tabs[18]).toBe('Messages');
    expect(screen.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByLabelText('RPM Status')).toBeTruthy();
    // Role 2 does not check in (000 §4.6).
    expect(server.bodies(addCheckInEntry)).toEqual([]);
  });

  it('shows the blocked view when the access check answers 403', async () => {
    serveChart().fail(checkPageAccess, 403, 'Forbidden');
    open('/app/patient-chart/overview/5');
    expect(await screen.findByText(CHART_ACCESS_DENIED)).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([[6], [8], [13]])('checks lowest role %i in once', async (role) => {
    const server = serveChart().on(getPatientDevices, { status: 1, data: [] });
    open('/app/patient-chart/devices/5', [role, 20]);
    await screen.findByRole('heading', { name: 'Rosa Diaz' });
    await waitFor(() => expect(server.bodies(addCheckInEntry)).toEqual([{ patient_id: 5 }]));
  });

  it('/app/patient-chart/tips/5 shows the Tips page in the frame (issue 13)', async () => {
    serveChart().on(getPatientClinical, {
      status: 1,
      data: { diagnoses: [], medications: [], allergies: [] },
    });
    open('/app/patient-chart/tips/5');
    const panel = await screen.findByRole('region', { name: 'Tips' });
    expect(await within(panel).findByText('Measuring your blood pressure')).toBeTruthy();
  });

  it('/app/patient-chart/enroll-details/5 opens the Orders tab (000 §2.3: Orders is enroll-details)', async () => {
    serveChart().on(getEnrollmentOrders, { status: 1, data: [] });
    open('/app/patient-chart/enroll-details/5');
    const panel = await screen.findByRole('region', { name: 'Orders' });
    expect(await within(panel).findByRole('button', { name: 'New Order' })).toBeTruthy();
  });

  it('moves to a tab route when a tab is clicked', async () => {
    serveChart();
    const user = userEvent.setup();
    const view = open('/app/patient-chart/overview/5');
    await user.click(await screen.findByRole('tab', { name: 'Alert Rules' }));
    expect(view.path()).toBe('/app/patient-chart/alert-rules/5');
    expect(await screen.findByRole('button', { name: 'Add New' })).toBeTruthy();
  });

  it('asks for a patient when the route has none', async () => {
    serveChart();
    open('/app/patient-chart/overview');
    expect(await screen.findByText(/Open a patient/)).toBeTruthy();
  });
});

describe('Overview statuses (001 §2.3, §4)', () => {
  it('never offers status 6 and shows CCM 2 disabled', async () => {
    serveChart();
    open('/app/patient-chart/overview/5');
    const rpm = await screen.findByLabelText('RPM Status');
    expect(within(rpm).queryByRole('option', { name: 'Deceased' })).toBeNull();
    const ccm = screen.getByLabelText('CCM Status');
    expect(within(ccm).getByRole('option', { name: 'CCM Enrolled' })).toHaveProperty('disabled', true);
    // No health-med id: no BHI selector.
    expect(screen.queryByLabelText('BHI Status')).toBeNull();
  });

  it('updates directly when no dialog applies', async () => {
    const server = serveChart().on(updateRpmStatus, () => ({ status: 1, message: 'Updated' }));
    const user = userEvent.setup();
    open('/app/patient-chart/overview/5');
    await user.selectOptions(await screen.findByLabelText('RPM Status'), '9');
    await user.selectOptions(screen.getByLabelText('RPM Status'), '4');
    expect(screen.getByRole('button', { name: 'Update RPM Status' })).toHaveProperty('disabled', true);
    await user.selectOptions(screen.getByLabelText('CCM Status'), '3');
    expect(server.bodies(updateRpmStatus)).toEqual([]);
  });

  it.each([
    ['RPM', '9', 'Rejected', updateRpmStatus, 'rejected'],
    ['RPM', '13', 'Reject', updateRpmStatus, 'reject'],
    ['CCM', '4', 'Discharge', updateCcmStatus, 'discharge'],
  ])('%s %s opens the %s dialog and sends its details', async (program, status, title, path, key) => {
    const server = serveChart().on(path, () => ({ status: 1, message: 'Updated' }));
    const user = userEvent.setup();
    open('/app/patient-chart/overview/5');
    await user.selectOptions(await screen.findByLabelText(`${program} Status`), status);
    await user.click(screen.getByRole('button', { name: `Update ${program} Status` }));
    const dialog = await screen.findByRole('dialog', { name: title });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('Required'),
    );
    expect(server.bodies(path)).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Reason/), 'Moved away');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.bodies(path)).toHaveLength(1));
    expect(server.bodies(path)[0]).toMatchObject({
      patient_id: 5,
      status: Number(status),
      [key]: { reason: 'Moved away', comment: '' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: title })).toBeNull());
  });

  it('RPM 1 from another status opens the enrollment details', async () => {
    const server = serveChart().on(updateRpmStatus, () => ({ status: 1, message: 'Updated' }));
    const user = userEvent.setup();
    open('/app/patient-chart/overview/5');
    await user.selectOptions(await screen.findByLabelText('RPM Status'), '1');
    await user.click(screen.getByRole('button', { name: 'Update RPM Status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enrollment Details' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.bodies(updateRpmStatus)).toHaveLength(1));
    expect(server.bodies(updateRpmStatus)[0]).toMatchObject({
      status: 1,
      enrollment: { consent: 'verbal' },
    });
  });

  it('shows BHI with a health-med id and hides RPM details below status 4', async () => {
    serveChart().on(getPatientStatuses, () => ({
      status: 1,
      data: { ...statuses, patientCurStatus: 1, health_med_id: 'HM-1' },
    }));
    open('/app/patient-chart/overview/5');
    expect(await screen.findByLabelText('BHI Status')).toBeTruthy();
    expect(await screen.findByText('CCM Time')).toBeTruthy();
    expect(screen.queryByText('RPM Time')).toBeNull();
  });

  it('hovering RPM status 9 shows the reject reason and comment, with their empty texts', async () => {
    serveChart().on(getPatientStatuses, () => ({
      status: 1,
      data: { ...statuses, patientCurStatus: 9, reject_reason: null, reject_comment: 'Moved' },
    }));
    const user = userEvent.setup();
    open('/app/patient-chart/overview/5');
    const rpm = (await screen.findByLabelText('RPM Status')).closest('.chart-status') as HTMLElement;
    await user.hover(within(rpm).getByText('Rejected', { selector: '.chart-status-current' }));
    expect(await screen.findByText('Reason: Not Available')).toBeTruthy();
    expect(screen.getByText('Comment: Moved')).toBeTruthy();
  });

  it('hides the CCM progress at CCM status 30', async () => {
    serveChart().on(getPatientStatuses, () => ({
      status: 1,
      data: {
        ...statuses,
        patientCurCCMStatus: 30,
        ccmStatuses: [
          ...statuses.ccmStatuses,
          { ...(statuses.ccmStatuses[1] as StatusOption), status_id: 30, label: 'Declined' },
        ],
      },
    }));
    open('/app/patient-chart/overview/5');
    expect(await screen.findByText('RPM Time')).toBeTruthy();
    expect(screen.queryByText('CCM Time')).toBeNull();
  });

  it('shows the targets and the compliance strip colours', async () => {
    serveChart();
    open('/app/patient-chart/overview/5');
    expect(await screen.findByTestId('compliance-days')).toHaveProperty(
      'textContent',
      expect.stringContaining('8 / 16 days'),
    );
    expect(screen.getByText('RPM Time')).toBeTruthy();
    const squares = within(screen.getByRole('region', { name: 'Compliance strip' })).getAllByRole('img');
    expect(squares.map((s) => [s.getAttribute('aria-label'), s.dataset.colour])).toEqual([
      ['May', 'grey'],
      ['June', 'lightGreen'],
      ['July', 'red'],
      ['August', 'lightGreen'],
      ['September', 'lightGreen'],
    ]);
  });
});
