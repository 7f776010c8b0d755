// vitest: isolate (the step icons' titles appear only once another file has loaded the icon paths)
import {
  type CarePlanContent,
  type EnrollmentOrder,
  getCarePlan,
  getEnrollmentOrders,
  getPatientDevices,
} from '@rpm/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { cuff, serveChart } from './chart-test-server';
import { PatientChartPage } from './PatientChartPage';

const defaults: CarePlanContent = {
  problems: [{ icd10: 'I10', description: 'Hypertension', goals: [], interventions: [] }],
  patient_goals: '',
  review_date: '2027-02-24',
};

const order: EnrollmentOrder = {
  order_id: 7,
  patient_id: 5,
  program: 'RPM',
  ordering_provider: 'Dr. Maya Patel',
  provider_npi: null,
  diagnosis_codes: ['I10'],
  order_date: '2026-11-01',
  consent_date: '2026-10-30',
  consent_method: 'written',
  authorization: null,
  created_by_name: 'Dana Nurse',
  updated_at: '2026-11-01T10:00:00.000Z',
};

function open(path: string, versions: { latest: number | null; inForce: number | null }) {
  serveChart()
    .on(getEnrollmentOrders, { status: 1, data: [order] })
    .on(getPatientDevices, { status: 1, data: [cuff] })
    .on(getCarePlan, {
      status: 1,
      message: '',
      data: {
        plan: null,
        latest_version: versions.latest,
        in_force_version: versions.inForce,
        defaults,
        can_sign: false,
      },
    });
  storeUser(makeUser({ roleid: [8], pages: ['Patient Chart'] }));
  return renderWithProviders(<PatientChartPage />, path);
}

describe('Overview new: the enrolment checklist (000 §2.3 overview/{patientId}/new; issue 13)', () => {
  it('shows consent, order, device, rule and care plan instead of the monthly view, each linking to its tab', async () => {
    open('/app/patient-chart/overview/5/new', { latest: 1, inForce: null });
    const steps = await screen.findByRole('list', { name: 'Enrolment steps' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        // The icon's title ('Done' / 'To do') is drawn once Blueprint has loaded its paths, sooner or later.
        .map((li) => li.textContent?.replace(li.querySelector('svg')?.textContent ?? '', '')),
    ).toEqual([
      ' Consent: Captured on 10/30/2026 (written)',
      ' Order: RPM order by Dr. Maya Patel on 11/01/2026',
      ' Device: BP Cuff',
      ' Rule: No alert rule in force.',
      ' Care plan: Written, awaiting the physician’s signature.',
    ]);
    expect(screen.getByText('3 of 5 steps done.')).toBeTruthy();
    expect(within(steps).getByRole('link', { name: 'Rule' }).getAttribute('href')).toBe(
      '/app/patient-chart/alert-rules/5',
    );
    expect(within(steps).getByRole('link', { name: 'Care plan' }).getAttribute('href')).toBe(
      '/app/patient-chart/ccm/5',
    );
    // The statuses stay; the monthly targets give way to the checklist.
    expect(screen.getByLabelText('RPM Status')).toBeTruthy();
    expect(screen.queryByText(/^Monthly Targets/)).toBeNull();
  });

  it('counts a signed care plan and a device with a rule as done', async () => {
    const ruled = { ...cuff, active_rule_id: 3 };
    serveChart()
      .on(getEnrollmentOrders, { status: 1, data: [] })
      .on(getPatientDevices, { status: 1, data: [ruled] })
      .on(getCarePlan, {
        status: 1,
        message: '',
        data: { plan: null, latest_version: 2, in_force_version: 2, defaults, can_sign: false },
      });
    storeUser(makeUser({ roleid: [8], pages: ['Patient Chart'] }));
    renderWithProviders(<PatientChartPage />, '/app/patient-chart/overview/5/new');
    const steps = await screen.findByRole('list', { name: 'Enrolment steps' });
    expect(within(steps).getByText(/No consent recorded/)).toBeTruthy();
    expect(within(steps).getByText(/Alert rule in force on BP Cuff/)).toBeTruthy();
    expect(within(steps).getByText(/Signed \(version 2\)/)).toBeTruthy();
    expect(screen.getByText('3 of 5 steps done.')).toBeTruthy();
  });

  it('without `new` the overview shows the monthly view and no checklist', async () => {
    open('/app/patient-chart/overview/5', { latest: null, inForce: null });
    expect(await screen.findByText(/^Monthly Targets/)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Enrolment steps' })).toBeNull();
  });
});
