import {
  type CarePlanContent,
  getCarePlan,
  getCarePlanVersions,
  printCarePlan,
  saveCarePlan,
  signCarePlan,
} from '@rpm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { CarePlanTab } from './CarePlanTab';
import { serveChart } from './chart-test-server';
import { PatientChartPage } from './PatientChartPage';

vi.mock('../toaster/toast', () => ({ showToast: vi.fn(async () => undefined) }));
// The form is typed into key by key; on a loaded machine that takes longer than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });

const defaults: CarePlanContent = {
  problems: [
    {
      icd10: 'I10',
      description: 'Essential (primary) hypertension',
      goals: [{ goal: 'Blood pressure below 130/80 mmHg', target_date: null }],
      interventions: [{ intervention: 'Review home readings weekly', responsible: 'Care coordinator' }],
    },
  ],
  patient_goals: '',
  review_date: '2027-02-24',
};

const version = (n: number, signed: boolean) => ({
  version: n,
  author_name: 'Grace Kim',
  created_at: '2026-11-20T10:00:00.000Z',
  signed_by_name: signed ? 'Elena Vasquez' : null,
  signed_at: signed ? '2026-11-21T10:00:00.000Z' : null,
});

function open(answer: { plan: ReturnType<typeof version> | null; can_sign: boolean }, page = false) {
  storeUser(makeUser({ user_id: 42, roleid: [6], pages: ['Patient Chart'] }));
  const plan = answer.plan ? { ...answer.plan, plan: defaults } : null;
  const server = serveChart()
    .on(getCarePlan, {
      status: 1,
      message: '',
      data: {
        plan,
        latest_version: plan?.version ?? null,
        in_force_version: plan?.signed_at ? plan.version : null,
        defaults,
        can_sign: answer.can_sign,
      },
    })
    .on(getCarePlanVersions, {
      status: 1,
      data: answer.plan ? [answer.plan] : [],
      count: answer.plan ? 1 : 0,
    })
    .on(saveCarePlan, {
      status: 1,
      message: 'Added Successfully',
      data: { ...version(1, false), plan: defaults },
    })
    .on(signCarePlan, {
      status: 1,
      message: 'Signed Successfully',
      data: { ...version(1, true), plan: defaults },
    });
  renderWithProviders(
    page ? <PatientChartPage /> : <CarePlanTab patientId={5} />,
    '/app/patient-chart/ccm/5',
  );
  return { server, user: userEvent.setup() };
}

describe('Care Plan tab (000 §2.3 ccm; issue 13)', () => {
  it('is what the chart route ccm/{patientId} opens', async () => {
    open({ plan: null, can_sign: false }, true);
    const panel = await screen.findByRole('region', { name: 'Care Plan' });
    expect(await within(panel).findByText('Care plan missing')).toBeTruthy();
  });

  it('starts a missing plan from the CCM Care Plan Defaults and checks it before saving', async () => {
    const { server, user } = open({ plan: null, can_sign: false });
    expect(await screen.findByText('Care plan missing')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Start from CCM Care Plan Defaults' }));
    expect(screen.getByLabelText<HTMLInputElement>('Problem 1 ICD-10').value).toBe('I10');
    await user.clear(screen.getByLabelText('Problem 1 ICD-10'));
    await user.type(screen.getByLabelText('Problem 1 ICD-10'), 'high blood');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Problem 1, ICD-10: must be an ICD-10 code such as I10 or E11.65')).toBeTruthy();
    expect(server.bodies(saveCarePlan)).toEqual([]);
    await user.clear(screen.getByLabelText('Problem 1 ICD-10'));
    await user.type(screen.getByLabelText('Problem 1 ICD-10'), 'i10');
    await user.type(screen.getByLabelText("Patient's goals"), 'Garden again');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.bodies(saveCarePlan)).toEqual([
        { patient_id: 5, base_version: null, plan: { ...defaults, patient_goals: 'Garden again' } },
      ]),
    );
  });

  it('lets the physician sign the newest unsigned version and lists who wrote it', async () => {
    const { server, user } = open({ plan: version(1, false), can_sign: true });
    expect(await screen.findByText(/Awaiting the physician’s signature/)).toBeTruthy();
    expect(screen.getByText('Essential (primary) hypertension', { exact: false })).toBeTruthy();
    expect(screen.getAllByText('Grace Kim').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    await waitFor(() => expect(server.bodies(signCarePlan)).toEqual([{ patient_id: 5, version: 1 }]));
  });

  it('offers no Sign to a user who may not sign', async () => {
    open({ plan: version(1, false), can_sign: false });
    expect(await screen.findByText(/Awaiting the physician’s signature/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull();
  });

  it('prints the shown version as a PDF', async () => {
    const { server, user } = open({ plan: version(1, true), can_sign: false });
    server.on(
      printCarePlan,
      () =>
        new Response('%PDF-1.7', {
          headers: { 'content-disposition': 'attachment; filename="Care_Plan_v1.pdf"' },
        }),
    );
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:plan'), revokeObjectURL: vi.fn() }),
    );
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await user.click(await screen.findByRole('button', { name: 'Print' }));
    await waitFor(() => expect(saved).toEqual(['Care_Plan_v1.pdf']));
    expect(server.last(printCarePlan)?.query).toEqual({ patient_id: '5', version: '1' });
  });
});
