import {
  addPatientGoal,
  getAllVitals,
  getCarePlan,
  getPatientGoals,
  type PatientGoal,
  updatePatientGoal,
} from '@rpm/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { serveChart } from './chart-test-server';
import { GoalsTab } from './GoalsTab';

vi.mock('../toaster/toast', () => ({ showToast: vi.fn(async () => undefined) }));
// The form is typed into key by key; on a loaded machine that takes longer than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });

const goal: PatientGoal = {
  goal_id: 7,
  kind: 'clinical',
  title: 'Systolic below 130',
  vital_id: 1,
  vital_type: 'systolic',
  unit: 'mmHg',
  target_low: null,
  target_high: 130,
  problem_icd10: 'I10',
  target_date: null,
  status: 'active',
  author_name: 'Grace Kim',
  updated_at: '2026-11-20T10:00:00.000Z',
  progress: { readings: 4, in_range: 3, latest_value: 125, latest_at: '2026-11-21T08:00:00.000Z' },
};

const problems = [
  { icd10: 'I10', description: 'Essential (primary) hypertension', goals: [], interventions: [] },
];

function open() {
  storeUser(makeUser({ user_id: 42, roleid: [8], pages: ['Patient Chart'] }));
  const server = serveChart()
    .on(getPatientGoals, { status: 1, data: [goal] })
    .on(getAllVitals, {
      status: 1,
      data: [
        {
          vital_id: 1,
          vital_type: 'systolic',
          unit: 'mmHg',
          device_type_id: 1,
          device_type: 'BP',
          slider_max: 300,
        },
      ],
    })
    .on(getCarePlan, {
      status: 1,
      message: '',
      data: {
        plan: {
          version: 1,
          author_name: 'Grace Kim',
          created_at: '2026-11-20T10:00:00.000Z',
          signed_by_name: null,
          signed_at: null,
          plan: { problems, patient_goals: '', review_date: '2027-02-20' },
        },
        latest_version: 1,
        in_force_version: null,
        defaults: { problems, patient_goals: '', review_date: '2027-02-20' },
        can_sign: false,
      },
    })
    .on(addPatientGoal, { status: 1, message: 'Added Successfully', data: goal })
    .on(updatePatientGoal, {
      status: 1,
      message: 'Updated Successfully',
      data: { ...goal, status: 'achieved' },
    });
  renderWithProviders(<GoalsTab patientId={5} />, '/app/patient-chart/goals/5');
  return { server, user: userEvent.setup() };
}

describe('Goals tab (000 §2.3 goals; issue 13)', () => {
  it('shows a clinical goal with its target and its progress from the readings', async () => {
    open();
    expect(await screen.findByText('Systolic below 130')).toBeTruthy();
    expect(screen.getByText('≤ 130 mmHg')).toBeTruthy();
    expect(screen.getByText('3 of 4 readings in range (75%); latest 125 mmHg on 11/21/2026')).toBeTruthy();
  });

  it('refuses a clinical goal without a vital, then adds one linked to a care-plan problem', async () => {
    const { server, user } = open();
    await screen.findByText('Systolic below 130');
    await user.click(screen.getByRole('button', { name: 'Add Goal' }));
    await user.type(screen.getByLabelText('Goal'), 'Systolic at most 135');
    await user.type(screen.getByLabelText('Highest'), '135');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('A clinical goal needs a vital')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Vital'), '1');
    await user.selectOptions(screen.getByLabelText('Care-plan problem'), 'I10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.bodies(addPatientGoal)).toEqual([
        {
          patient_id: 5,
          goal: {
            kind: 'clinical',
            title: 'Systolic at most 135',
            vital_id: 1,
            target_low: null,
            target_high: 135,
            problem_icd10: 'I10',
            target_date: null,
          },
        },
      ]),
    );
  });

  it('marks a goal achieved', async () => {
    const { server, user } = open();
    await screen.findByText('Systolic below 130');
    await user.click(screen.getByRole('button', { name: 'Achieved' }));
    await waitFor(() =>
      expect(server.bodies(updatePatientGoal)[0]).toMatchObject({ goal_id: 7, status: 'achieved' }),
    );
  });
});
