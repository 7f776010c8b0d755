import { ageOn, getRunningTimer, isoDay, startActivityTimer, stopActivityTimer } from '@rpm/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_UI_SETTINGS, uiSettingsKey } from '../shell/ui-settings';
import type { FakeServer } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { demographics, serveChart, startedTimer } from './chart-test-server';
import { PatientBanner } from './PatientBanner';

vi.mock('../toaster/toast', () => ({ showToast: vi.fn(async () => undefined) }));

function open(server: FakeServer, { autoStart = true } = {}) {
  storeUser(makeUser({ user_id: 42, roleid: [8], pages: ['Patient Chart'] }));
  if (!autoStart)
    localStorage.setItem(
      uiSettingsKey(42),
      JSON.stringify({ ...DEFAULT_UI_SETTINGS, autoStartTimer: false }),
    );
  const onLogged = vi.fn();
  renderWithProviders(
    <PatientBanner patientId={5} patient={demographics} version={0} onLogged={onLogged} />,
    '/app/patient-chart/overview/5',
  );
  return { server, user: userEvent.setup(), onLogged };
}

describe('the patient banner (issue 41 §2)', () => {
  it('shows who the patient is, programs, care team, last readings, open alerts and the month against the marks', async () => {
    open(serveChart());
    expect(await screen.findByText('RPM: Active')).toBeTruthy();
    expect(
      screen.getByText(`(${ageOn(demographics.dob, isoDay(new Date()))} years)`, { exact: false }),
    ).toBeTruthy();
    expect(screen.getByText('Physician: Paul Physician')).toBeTruthy();
    expect(screen.getByTestId('banner-last-readings').textContent).toMatch(
      /^systolic 141 mmHg \(11\/21\/2026 /,
    );
    expect(screen.getByRole('link', { name: /1 critical/ }).getAttribute('href')).toBe(
      '/app/patient-chart/alerts/5',
    );
    expect(screen.getByText('Reading days this month: 3 days (99445 reached)')).toBeTruthy();
    expect(screen.getByText('RPM minutes: 12 min (99470 reached)')).toBeTruthy();
  });

  it('starts the care timer on opening; Stop asks activity, note and contact before logging', async () => {
    const { server, user, onLogged } = open(
      serveChart().on(stopActivityTimer, () => ({ status: 1, data: { time_log_id: 9, seconds: 61 } })),
    );
    expect(await screen.findByTestId('chart-timer')).toHaveProperty(
      'textContent',
      expect.stringContaining('RPM'),
    );
    expect(server.bodies(startActivityTimer)).toEqual([{ patient_id: 5, program: 'RPM' }]);
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    await user.click(await screen.findByRole('button', { name: 'Log Time' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(server.bodies(stopActivityTimer)).toEqual([]);
    await user.selectOptions(screen.getByLabelText('Program*'), 'CCM');
    await user.selectOptions(screen.getByLabelText('Activity*'), 'Data review');
    await user.click(screen.getByRole('button', { name: 'Log Time' }));
    await waitFor(() =>
      expect(server.bodies(stopActivityTimer)).toEqual([
        {
          timer_id: 4,
          discard: false,
          program: 'CCM',
          category: 'Data review',
          note: '',
          interactive: false,
        },
      ]),
    );
    expect(await screen.findByRole('button', { name: 'Start Timer' })).toBeTruthy();
    expect(onLogged).toHaveBeenCalledTimes(1);
  });

  it('does not start when the user turned that off', async () => {
    const { server } = open(serveChart(), { autoStart: false });
    expect(await screen.findByRole('button', { name: 'Start Timer' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Start on opening a chart' })).toHaveProperty(
      'checked',
      false,
    );
    expect(server.bodies(startActivityTimer)).toEqual([]);
  });

  it('never runs beside another chart’s timer: it names that chart and stops it first', async () => {
    const elsewhere = { ...startedTimer, timer_id: 6, patient_id: 8, program: 'CCM' as const };
    const { server, user } = open(
      serveChart()
        .on(getRunningTimer, { status: 1, data: elsewhere })
        .on(stopActivityTimer, () => ({ status: 1, data: { time_log_id: 9, seconds: 61 } })),
    );
    expect(await screen.findByRole('link', { name: "another patient's chart" })).toHaveProperty(
      'pathname',
      '/app/patient-chart/overview/8',
    );
    expect(server.bodies(startActivityTimer)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Stop It' }));
    await user.selectOptions(await screen.findByLabelText('Activity*'), 'Care plan');
    await user.click(screen.getByRole('button', { name: 'Log Time' }));
    await waitFor(() => expect(server.bodies(stopActivityTimer)).toHaveLength(1));
    expect(server.bodies(stopActivityTimer)[0]).toMatchObject({
      timer_id: 6,
      program: 'CCM',
      category: 'Care plan',
    });
    await waitFor(() =>
      expect(server.bodies(startActivityTimer)).toEqual([{ patient_id: 5, program: 'RPM' }]),
    );
  });
});
