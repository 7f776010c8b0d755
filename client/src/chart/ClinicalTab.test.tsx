import {
  addDiagnosis,
  getPatientClinical,
  getVitalsSummary,
  ICD10_MESSAGE,
  MSG,
  TIPS,
  updateMedication,
} from '@rpm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, type FakeServer, fakeServer } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { ClinicalTab } from './ClinicalTab';
import { TipsTab } from './TipsTab';

vi.mock('../toaster/toast', () => ({ showToast: vi.fn(async () => undefined) }));

function open(ui: ReactElement, server: FakeServer) {
  storeUser(makeUser({ user_id: 42, roleid: [8], pages: ['Patient Chart'] }));
  renderWithProviders(ui, '/app/patient-chart/clinical/5');
  return { server, user: userEvent.setup() };
}

const dx = (
  diagnosis_id: number,
  icd10_code: string,
  is_primary: boolean,
  resolved_at: string | null = null,
) => ({
  diagnosis_id,
  icd10_code,
  description: `Diagnosis ${icd10_code}`,
  is_primary,
  resolved_at,
  added_by_name: 'Dana Nurse',
  created_at: '2026-10-01T10:00:00.000Z',
});

const clinical: FakeAnswer<typeof getPatientClinical> = {
  status: 1,
  data: {
    diagnoses: [dx(1, 'I10', true), dx(2, 'E11.9', false), dx(3, 'J44.9', false, '2026-11-01T10:00:00.000Z')],
    medications: [
      {
        medication_id: 7,
        name: 'Lisinopril',
        dose: '10 mg',
        frequency: 'Once daily',
        start_date: '2026-10-01',
        stop_date: null,
        stopped: false,
        added_by_name: 'Dana Nurse',
      },
      {
        medication_id: 8,
        name: 'Hydrochlorothiazide',
        dose: '25 mg',
        frequency: 'Once daily',
        start_date: '2026-01-01',
        stop_date: '2026-09-30',
        stopped: true,
        added_by_name: 'Dana Nurse',
      },
    ],
    allergies: [],
  },
};

const lisinopril = clinical.data.medications[0] as FakeAnswer<
  typeof getPatientClinical
>['data']['medications'][number];

const vitals = (days: number): FakeAnswer<typeof getVitalsSummary> => ({
  status: 1,
  data: [
    {
      vital_id: 1,
      vital_type: 'systolic',
      unit: 'mmHg',
      readings: days,
      last_value: 128,
      last_taken_at: '2026-11-20T08:00:00.000Z',
      min: 118,
      max: days === 30 ? 150 : 162,
      average: 131.4,
    },
  ],
});

const serve = () =>
  fakeServer()
    .on(getPatientClinical, clinical)
    .on(getVitalsSummary, (req) => vitals(Number(req.query.days)));

describe('Clinical tab (issue 13)', () => {
  it('shows the primary diagnosis, resolved and stopped rows as such, and the vitals summary by period', async () => {
    const { server, user } = open(<ClinicalTab patientId={5} />, serve());
    const primary = (await screen.findByText('I10')).closest('tr') as HTMLElement;
    expect(within(primary).getByText('Primary')).toBeTruthy();
    expect(within(primary).queryByText('Make Primary')).toBeNull();
    const resolved = screen.getByText('J44.9').closest('tr') as HTMLElement;
    expect(within(resolved).getByText('Resolved 11/01/2026')).toBeTruthy();
    const stopped = screen.getByText('Hydrochlorothiazide').closest('tr') as HTMLElement;
    expect(within(stopped).getByText('Stopped')).toBeTruthy();
    expect(within(stopped).getByText('09/30/2026')).toBeTruthy();
    expect(screen.getByText('No Known Allergies')).toBeTruthy();
    const systolic = (await screen.findByText('systolic (mmHg)')).closest('tr') as HTMLElement;
    expect(within(systolic).getByText('150')).toBeTruthy();
    await user.click(screen.getByLabelText('Last 90 days'));
    expect(await screen.findByText('162')).toBeTruthy();
    expect(server.last(getVitalsSummary)?.query).toMatchObject({ patient_id: '5', days: '90' });
  });

  it('refuses a malformed ICD-10 code with the shared rule, then adds a primary diagnosis', async () => {
    const server = serve().on(addDiagnosis, {
      status: 1,
      message: MSG.addedSuccessfully,
      data: dx(9, 'E66.9', true),
    });
    const { user } = open(<ClinicalTab patientId={5} />, server);
    await screen.findByText('I10');
    await user.type(screen.getByLabelText('ICD-10 Code'), '110');
    await user.type(screen.getByLabelText('Description'), 'Obesity');
    await user.click(screen.getByRole('button', { name: 'Add Diagnosis' }));
    expect(await screen.findByText(ICD10_MESSAGE)).toBeTruthy();
    expect(server.bodies(addDiagnosis)).toEqual([]);
    await user.clear(screen.getByLabelText('ICD-10 Code'));
    await user.type(screen.getByLabelText('ICD-10 Code'), 'e66.9');
    await user.click(screen.getByLabelText('Primary diagnosis (billing)'));
    await user.click(screen.getByRole('button', { name: 'Add Diagnosis' }));
    await waitFor(() =>
      expect(server.bodies(addDiagnosis)).toEqual([
        { patient_id: 5, icd10_code: 'e66.9', description: 'Obesity', is_primary: true },
      ]),
    );
  });

  it('stops a medication today and keeps its dose and start', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T12:00:00Z'), toFake: ['Date'] });
    const server = serve().on(updateMedication, (req) => ({
      status: 1,
      message: MSG.updatedSuccessfully,
      data: { ...lisinopril, ...req.body, stopped: true },
    }));
    const { user } = open(<ClinicalTab patientId={5} />, server);
    const row = (await screen.findByText('Lisinopril')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Stop' }));
    await waitFor(() =>
      expect(server.bodies(updateMedication)).toEqual([
        {
          medication_id: 7,
          dose: '10 mg',
          frequency: 'Once daily',
          start_date: '2026-10-01',
          stop_date: '2026-11-21',
        },
      ]),
    );
    vi.useRealTimers();
  });

  it('edits the dose and frequency of a current medication', async () => {
    const server = serve().on(updateMedication, (req) => ({
      status: 1,
      message: MSG.updatedSuccessfully,
      data: { ...lisinopril, ...req.body },
    }));
    const { user } = open(<ClinicalTab patientId={5} />, server);
    const row = (await screen.findByText('Lisinopril')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: MSG.edit }));
    await user.clear(within(row).getByLabelText('Edit Dose'));
    await user.type(within(row).getByLabelText('Edit Dose'), '20 mg');
    await user.click(within(row).getByRole('button', { name: MSG.save }));
    await waitFor(() =>
      expect(server.bodies(updateMedication)).toEqual([
        {
          medication_id: 7,
          dose: '20 mg',
          frequency: 'Once daily',
          start_date: '2026-10-01',
          stop_date: null,
        },
      ]),
    );
    const stopped = screen.getByText('Hydrochlorothiazide').closest('tr') as HTMLElement;
    expect(within(stopped).queryByRole('button', { name: MSG.edit })).toBeNull();
  });
});

describe('Tips (000 §2.3 tips; issue 13)', () => {
  it("shows the tips of the patient's open conditions, one condition, or all", async () => {
    const { user } = open(<TipsTab patientId={5} />, serve());
    expect(await screen.findByText("The patient's conditions: Hypertension, Diabetes.")).toBeTruthy();
    expect(screen.getByText('Measuring your blood pressure')).toBeTruthy();
    expect(screen.getByText('Treating a low')).toBeTruthy();
    // COPD is resolved: none of its tips.
    expect(screen.queryByText('Using your inhaler')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Condition'), 'heart_failure');
    expect(screen.getByText('Daily weight')).toBeTruthy();
    expect(screen.queryByText('Treating a low')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Condition'), 'all');
    expect(screen.getAllByRole('heading', { level: 4 })).toHaveLength(TIPS.length);
  });
});
