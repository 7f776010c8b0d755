import {
  approveOnboarding,
  getMyOnboarding,
  getOnboardingSubmission,
  ONBOARDING_TEXT,
  type OnboardingSubmission,
  rejectOnboarding,
  submitOnboarding,
} from '@rpm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OpenAppPage } from '../frame/OpenAppPage';
import { PageArea } from '../shell/PageArea';
import { fakeServer } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';

vi.setConfig({ testTimeout: 20_000 });

const SCRIPT = '<script>window.hacked=1</script>';
const IMG = '<img src=x onerror="window.hacked=1">';

/** A submission whose every free text holds markup, as a hostile sign-up could send it. */
function submission(status: OnboardingSubmission['status'] = 'submitted'): OnboardingSubmission {
  return {
    submission_id: 7,
    reference: 'OB-AB12CD34',
    practice_name: 'Harbor Family Care',
    status,
    submitted_at: '2026-09-02T15:00:00.000Z',
    review_started_at: null,
    decided_at: null,
    reject_reason: null,
    practice_npi: '1234567893',
    practice_address: `12 Dock St ${SCRIPT}`,
    practice_phone: '5550101234',
    contact_name: `Mia ${SCRIPT}`,
    contact_email: `mia@harbor.example.com${IMG}`,
    contact_phone: '5550105678',
    providers: [{ name: `Dr. Lee ${SCRIPT}`, npi: '1234567893', credential: IMG }],
    expected_patients: { RPM: 40, CCM: 10, PCM: 0, BHI: 0, RTM: 0 },
    signature_name: `Mia ${IMG}`,
    signed_at: '2026-09-02T15:00:00.000Z',
    signed_ip: '203.0.113.5',
    review_started_by: null,
    decided_by: null,
    practice_id: null,
    organization_name: null,
    documents: [
      { document_id: 3, kind: 'w9', file_name: 'w9.pdf', content_type: 'application/pdf', size_bytes: 2048 },
    ],
  };
}

const renderView = () =>
  renderWithProviders(
    <PageArea pathname="/app/practice-sign-ups/7" title="Practice Sign-ups" notFound={false} />,
    '/app/practice-sign-ups/7',
  );

const reviewer = () => storeUser(makeUser({ roleid: [14], pages: ['Leads'] }));
const ORGANIZATIONS = [
  { value: 2, label: 'Northwind Health' },
  { value: 5, label: 'Riverside Care' },
];

describe('the review view of a sign-up (issue 42 §1)', () => {
  it('renders a script tag in any field as text, never as markup', async () => {
    reviewer();
    fakeServer().on(getOnboardingSubmission, { status: 1, data: submission(), organizations: ORGANIZATIONS });
    const { container } = renderView();
    expect(await screen.findByRole('heading', { name: 'Harbor Family Care · OB-AB12CD34' })).toBeTruthy();
    expect(screen.getByText(`12 Dock St ${SCRIPT}`)).toBeTruthy();
    expect(screen.getByText(`Mia ${SCRIPT}`)).toBeTruthy();
    expect(screen.getByText(`mia@harbor.example.com${IMG}`)).toBeTruthy();
    expect(screen.getByText(`Dr. Lee ${SCRIPT}`)).toBeTruthy();
    expect(screen.getByText(IMG)).toBeTruthy();
    expect(screen.getByText(`Mia ${IMG}`)).toBeTruthy();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('approves into the chosen organisation, and rejects with a required reason', async () => {
    reviewer();
    let status: OnboardingSubmission['status'] = 'submitted';
    const server = fakeServer()
      .on(getOnboardingSubmission, () => ({
        status: 1,
        data: submission(status),
        organizations: ORGANIZATIONS,
      }))
      .on(approveOnboarding, () => {
        status = 'approved';
        return { status: 1, message: ONBOARDING_TEXT.approved, data: { practice_id: 40 } };
      })
      .on(rejectOnboarding, { status: 1, message: ONBOARDING_TEXT.rejected });
    const ui = userEvent.setup();
    renderView();
    await ui.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject sign-up' });
    const reject = within(dialog).getByRole('button', { name: 'Reject' }) as HTMLButtonElement;
    expect(reject.disabled).toBe(true);
    await ui.click(within(dialog).getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await ui.selectOptions(screen.getByLabelText('Organization of the new practice'), 'Riverside Care');
    await ui.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(server.bodies(approveOnboarding)).toEqual([{ submission_id: 7, organization_id: 5 }]),
    );
    // Decided: the view reloads without the review's actions.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull());
    expect(server.bodies(rejectOnboarding)).toEqual([]);
  });
});

describe('the public sign-up page (000 §2.1)', () => {
  it('refuses to send before the required fields and both documents are there, naming each', async () => {
    const server = fakeServer();
    const ui = userEvent.setup();
    renderWithProviders(<OpenAppPage />, '/app/onboarding');
    expect(screen.getByRole('heading', { name: ONBOARDING_TEXT.title })).toBeTruthy();
    await ui.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(ONBOARDING_TEXT.missingDocument('w9'))).toBeTruthy();
    expect(screen.getByText(ONBOARDING_TEXT.missingDocument('agreement'))).toBeTruthy();
    expect(screen.getByText(ONBOARDING_TEXT.agree)).toBeTruthy();
    expect(screen.getAllByText('Required').length).toBeGreaterThan(3);
    expect(server.lines().filter((line) => line.includes(submitOnboarding.path))).toEqual([]);
  });
});

describe('a signed-in user with is_onboarding (000 §2.4, §3)', () => {
  it('sees the progress of their sign-up, the reason of a rejection as text', async () => {
    storeUser(makeUser({ is_onboarding: 1, pages: [] }));
    fakeServer().on(getMyOnboarding, {
      status: 1,
      data: [
        {
          reference: 'OB-ZX98YW76',
          practice_name: 'Harbor Family Care',
          status: 'rejected',
          submitted_at: '2026-09-02T15:00:00.000Z',
          review_started_at: '2026-09-03T15:00:00.000Z',
          decided_at: '2026-09-04T15:00:00.000Z',
          reject_reason: `Unsigned W-9 ${SCRIPT}`,
        },
      ],
    });
    renderWithProviders(
      <PageArea pathname="/app/onboarding" title="onboarding" notFound={false} />,
      '/app/onboarding',
    );
    const steps = await screen.findByRole('list', { name: 'Progress of OB-ZX98YW76' });
    const items = within(steps).getAllByRole('listitem');
    expect(items.map((li) => li.textContent?.split(' · ')[0])).toEqual([
      'Submitted',
      'In review',
      'Rejected',
    ]);
    expect(items[2]?.getAttribute('aria-current')).toBe('step');
    expect(screen.getByText(`Unsigned W-9 ${SCRIPT}`)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Review practice sign-ups' })).toBeNull();
  });
});
