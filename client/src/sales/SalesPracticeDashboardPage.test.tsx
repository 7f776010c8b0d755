import { getSalesPracticeDashboard, MSG, type SalesPracticeDashboard } from '@rpm/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { SalesPracticeDashboardPage } from './SalesPracticeDashboardPage';

const DATA: SalesPracticeDashboard = {
  month: '2026-03',
  revenue: 1234.5,
  practices: [
    {
      practice_id: 7,
      practice_name: 'Cedar Family Medicine',
      organization_name: 'Northwind Health',
      enrolled: [
        { program: 'RPM', patients: 12 },
        { program: 'CCM', patients: 4 },
        { program: 'BHI', patients: 0 },
        { program: 'PCM', patients: 1 },
        { program: 'RTM', patients: 2 },
      ],
      enrolled_total: 15,
      revenue: 1234.5,
    },
  ],
  trend: [
    { month: '2025-10', patients: 3, revenue: 100 },
    { month: '2025-11', patients: 5, revenue: 200 },
    { month: '2025-12', patients: 8, revenue: 400 },
    { month: '2026-01', patients: 9, revenue: 800 },
    { month: '2026-02', patients: 11, revenue: 1000 },
    { month: '2026-03', patients: 12, revenue: 1234.5 },
  ],
};

function openPage(data: SalesPracticeDashboard) {
  fakeServer().on(getSalesPracticeDashboard, { status: 1, data });
  storeUser(makeUser({ user_id: 14, roleid: [14], pages: ['Sales Practice Dashboard'] }));
  return renderWithProviders(<SalesPracticeDashboardPage />, '/app/sales-practice-dashboard');
}

describe('SalesPracticeDashboardPage', () => {
  it('draws the six-month trends with every month read out, and tables the practices by program', async () => {
    openPage(DATA);
    const patients = await screen.findByRole('img', {
      name: /^Patients on a program billing report per month/,
    });
    expect(patients.getAttribute('aria-label')).toBe(
      'Patients on a program billing report per month, October 2025 to March 2026: October 3, November 5, December 8, January 9, February 11, March 12',
    );
    const revenue = screen.getByRole('img', { name: /^Billable revenue per month/ });
    expect(revenue.getAttribute('aria-label')).toContain('February $1,000.00, March $1,234.50');
    const table = screen.getByRole('table', {
      name: 'Enrolled patients by program and billable revenue, March 2026',
    });
    const [head, row] = within(table).getAllByRole('row');
    expect(
      within(head as HTMLElement)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Practice', 'Organization', 'RPM', 'CCM', 'BHI', 'PCM', 'RTM', 'Enrolled', 'Revenue']);
    expect(row?.textContent).toBe('Cedar Family MedicineNorthwind Health12401215$1,234.50');
    expect(screen.getByText('Practices brought in').previousSibling?.textContent).toBe('1');
  });

  it('says so when the rep has brought in no practice yet', async () => {
    openPage({ ...DATA, practices: [], revenue: 0 });
    expect(await screen.findByText(MSG.noRecordsFound)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
