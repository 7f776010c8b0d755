import { generateMonthlyReport, getComplianceInfo, getReportMonths } from '@rpm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { FakeServer } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { ComplianceInfoTab } from './ComplianceInfoTab';
import { serveChart } from './chart-test-server';
import { ReportsTab } from './ReportsTab';

/** Renders `ui` for a signed-in nurse; `server` (made first, so it answers the first calls) serves the chart. */
function open(ui: ReactElement, server: FakeServer) {
  storeUser(makeUser({ user_id: 42, roleid: [8], pages: ['Patient Chart'] }));
  renderWithProviders(ui, '/app/patient-chart/reports/5');
  return { server, user: userEvent.setup() };
}

const month = (m: string, reading_days: number, codes: string[] = []) => ({
  month: m,
  reading_days,
  rpm_seconds: 1290,
  ccm_seconds: 0,
  codes,
});

describe('Reports tab (issue 13)', () => {
  it("lists the months with data and downloads a month's summary PDF", async () => {
    const { server, user } = open(
      <ReportsTab patientId={5} />,
      serveChart()
        .on(getReportMonths, {
          status: 1,
          data: [
            { ...month('2026-11', 3), alerts: 0 },
            { ...month('2026-10', 17, ['99454', '99457']), alerts: 2 },
          ],
        })
        .on(
          generateMonthlyReport,
          () =>
            new Response('%PDF-1.7', {
              headers: {
                'content-type': 'application/pdf',
                'content-disposition': 'attachment; filename="RPM_Monthly_Summary_5_2026-10.pdf"',
              },
            }),
        ),
    );
    const row = (await screen.findByText('October 2026')).closest('tr') as HTMLElement;
    expect(within(row).getByText('17 / 16')).toBeTruthy();
    expect(within(row).getByText('21 min')).toBeTruthy();
    expect(within(row).getByText('99454, 99457')).toBeTruthy();
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:report', revokeObjectURL: vi.fn() }),
    );
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await user.click(screen.getByRole('button', { name: 'Download the October 2026 summary' }));
    await waitFor(() => expect(saved).toEqual(['RPM_Monthly_Summary_5_2026-10.pdf']));
    expect(server.last(generateMonthlyReport)?.query).toEqual({ patient_id: '5', month: '2026-10' });
  });

  it('says so when no month has data', async () => {
    open(<ReportsTab patientId={5} />, serveChart().on(getReportMonths, { status: 1, data: [] }));
    expect(await screen.findByText('No Records Found')).toBeTruthy();
  });
});

describe('Compliance Info tab (001 §2.9, §9)', () => {
  it('shows the days still needed, whether 16 and 2 days can be reached, the strip and the months', async () => {
    open(
      <ComplianceInfoTab patientId={5} />,
      serveChart().on(getComplianceInfo, {
        status: 1,
        data: {
          months: [month('2026-11', 3), month('2026-10', 17, ['99454'])],
          strip: [
            { month: '2026-06', state: 'before' },
            { month: '2026-07', state: 'missed' },
            { month: '2026-08', state: 'met' },
            { month: '2026-09', state: 'missed' },
            { month: '2026-10', state: 'met' },
          ],
          current: {
            month: '2026-11',
            reading_days: 3,
            days_left: 7,
            targets: [
              { code: '99454', days: 16, days_needed: 13, reachable: false },
              { code: '99445', days: 2, days_needed: 0, reachable: true },
            ],
            progress: 'unreachable',
          },
        },
      }),
    );
    const codes = await screen.findByRole('list', { name: 'Device-supply codes' });
    expect(
      within(codes).getByText('99454 (16 days): 13 more days needed, can no longer be reached this month'),
    ).toBeTruthy();
    expect(within(codes).getByText('99445 (2 days): met')).toBeTruthy();
    expect(screen.getByText('Cannot reach 16 days')).toBeTruthy();
    expect(screen.getByText('Days left in the month, today included: 7')).toBeTruthy();
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'June 2026: before setup; July 2026: target missed; August 2026: target met; September 2026: target missed; October 2026: target met',
    );
    const table = screen.getByRole('table', { name: 'Compliance by month' });
    const october = within(table).getByText('October 2026').closest('tr') as HTMLElement;
    expect(within(october).getByText('Yes')).toBeTruthy();
    expect(within(october).getByText('99454')).toBeTruthy();
  });
});
