import {
  addInterpretationTemplate,
  advanceDentalStage,
  type CallDef,
  dentalCasesList,
  getDentalStageCounts,
  getSleepBillingConfig,
  interpretationTemplatesList,
  MSG,
  type OralApplianceRow,
  type SleepBillingConfig,
  saveHstBillingPrices,
  sleepBillingReportList,
} from '@rpm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PageArea } from '../shell/PageArea';
import { fakeServer, pageOf } from '../test/fake-server';
import { listPatientOf, makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';

vi.setConfig({ testTimeout: 20_000 });

const render = (path: string) =>
  renderWithProviders(<PageArea pathname={path} title="Sleep" notFound={false} />, path);

const CASE: OralApplianceRow = {
  case_id: 31,
  patient_id: 5,
  patient_name: 'Diaz, Ana',
  patient: listPatientOf(5, 'Diaz, Ana', { dob: '1961-04-02' }),
  dob: '1961-04-02',
  practice_name: 'Lakeside Sleep',
  dentist: 'Chen, Laura',
  stage: 'Impression',
  stage_code: 'impression',
  referred_on: '2026-09-01',
  impression_on: '2026-09-20',
  insertion_on: null,
  follow_up_test_on: null,
};

describe('Dental Dashboard (issue 15 §3)', () => {
  it('shows a figure per stage linking to the filtered list, and moves a case to its next stage', async () => {
    storeUser(makeUser({ roleid: [6], is_dentist: 1, pages: ['Dental Dashboard'] }));
    const server = fakeServer()
      .on(getDentalStageCounts, {
        status: 1,
        data: [
          { stage: 'referral', count: 4 },
          { stage: 'impression', count: 1 },
          { stage: 'insertion', count: 0 },
          { stage: 'follow_up_test', count: 1200 },
        ],
      })
      .on(dentalCasesList.calls.list as unknown as CallDef, (r) => pageOf([CASE], r.query))
      .on(dentalCasesList.calls.filterOptions as unknown as CallDef, () => ({
        status: 1,
        data: { practice: [], dentist: [] },
      }))
      .on(advanceDentalStage, { status: 1, message: MSG.updatedSuccessfully });
    const ui = userEvent.setup();
    render('/app/dentalDashboard');
    const impression = (
      await screen.findByText('Impression', { selector: '.dashboard-number-label' })
    ).closest('a');
    expect(impression?.getAttribute('href')).toBe('/app/dentalDashboard?stage=impression');
    expect(within(impression as HTMLElement).getByText('1')).toBeTruthy();
    expect(screen.getByText('1,200')).toBeTruthy();
    await ui.click(await screen.findByRole('button', { name: 'Move to Insertion' }));
    await waitFor(() =>
      expect(server.bodies(advanceDentalStage)).toEqual([{ case_id: 31, to_stage: 'insertion' }]),
    );
    // The figures reload after the move.
    await waitFor(() => expect(server.requests(getDentalStageCounts)).toHaveLength(2));
  });
});

describe('Custom Interpretation Config (issue 15 §3)', () => {
  it("checks the fields with the server's rules before adding a template", async () => {
    storeUser(makeUser({ roleid: [16], pages: ['Custom Interpretation Config'] }));
    const server = fakeServer()
      .on(interpretationTemplatesList.calls.list as unknown as CallDef, (r) => pageOf([], r.query))
      .on(interpretationTemplatesList.calls.filterOptions as unknown as CallDef, () => ({
        status: 1,
        data: { organization: [{ value: '3', label: 'Lakeside' }] },
      }))
      .on(addInterpretationTemplate, { status: 1, message: MSG.addedSuccessfully, data: { template_id: 9 } });
    const ui = userEvent.setup();
    render('/app/interpretation-customs');
    await ui.click(await screen.findByRole('button', { name: 'Add Template' }));
    await ui.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Template Name is required')).toBeTruthy();
    expect(screen.getByText('Organization is required')).toBeTruthy();
    expect(server.requests(addInterpretationTemplate)).toHaveLength(0);
    await ui.type(screen.getByLabelText('Template Name'), 'Mild OSA');
    await ui.selectOptions(screen.getByLabelText('Test Type'), 'psg');
    await ui.selectOptions(screen.getByLabelText('Organization'), '3');
    await ui.type(screen.getByLabelText('Impression'), 'Mild obstructive sleep apnea.');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.bodies(addInterpretationTemplate)).toEqual([
        {
          name: 'Mild OSA',
          kind: 'psg',
          findings: '',
          impression: 'Mild obstructive sleep apnea.',
          recommendations: '',
          organization_id: 3,
        },
      ]),
    );
    expect(server.last(addInterpretationTemplate)?.headers['idempotency-key']).toBeTruthy();
  });
});

const CONFIG: SleepBillingConfig = {
  organization_id: 3,
  organizations: [{ value: 3, label: 'Lakeside' }],
  prices: [
    { cpt_code: '95800', description: 'Home sleep test with sleep time', price: 185 },
    { cpt_code: '94010', description: 'Spirometry', price: null },
  ],
  vitals: [{ vital_id: 1, vital_type: 'systolic', unit: 'mmHg', send: true }],
};

describe('HST Billing Configuration (issue 15 §3)', () => {
  it('refuses a price with more than two decimals, then saves the prices in dollars', async () => {
    storeUser(makeUser({ roleid: [11], pages: ['HST Billing Configuration'] }));
    const server = fakeServer()
      .on(getSleepBillingConfig, { status: 1, data: CONFIG })
      .on(saveHstBillingPrices, { status: 1, message: MSG.updatedSuccessfully });
    const ui = userEvent.setup();
    render('/app/hst-billing-config');
    const hst = await screen.findByLabelText('95800 Home sleep test with sleep time ($)');
    expect((hst as HTMLInputElement).value).toBe('185.00');
    const spirometry = screen.getByLabelText('94010 Spirometry ($)');
    await ui.type(spirometry, '36.755');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At most two decimals')).toBeTruthy();
    expect(server.requests(saveHstBillingPrices)).toHaveLength(0);
    await ui.clear(spirometry);
    await ui.type(spirometry, '36.75');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.bodies(saveHstBillingPrices)).toEqual([
        {
          organization_id: 3,
          prices: [
            { cpt_code: '95800', price: 185 },
            { cpt_code: '94010', price: 36.75 },
          ],
        },
      ]),
    );
  });
});

describe('Sleep Billing Report types (001 §2.4)', () => {
  it.each([
    [16, ['Interpretation', 'Consultation']],
    [17, ['HST', 'Interpretation', 'Consultation']],
    [6, ['HST']],
  ])('offers role %i only the types it may see', async (role, types) => {
    storeUser(makeUser({ roleid: [role], pages: ['Sleep Billing Report'] }));
    fakeServer()
      .on(sleepBillingReportList.calls.list as unknown as CallDef, (r) => pageOf([], r.query))
      .on(sleepBillingReportList.calls.filterOptions as unknown as CallDef, () => ({
        status: 1,
        data: { month: [], practice: [] },
      }));
    const ui = userEvent.setup();
    render('/app/sleep-billing-report');
    await ui.click(await screen.findByRole('button', { name: 'Filters' }));
    const drawer = await screen.findByRole('dialog', { name: 'Filters' });
    const typeSet = within(drawer)
      .getByText('Type', { selector: 'legend' })
      .closest('fieldset') as HTMLElement;
    expect(
      within(typeSet)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(types);
  });
});
