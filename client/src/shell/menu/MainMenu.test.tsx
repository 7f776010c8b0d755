import { PAGES } from '@rpm/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, storeUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { MainMenu, type MenuVariant } from './MainMenu';

const polled = { count: 7, refresh: vi.fn() };
vi.mock('../../machines/hooks', () => ({ useTaskCount: () => polled }));

const admin = () => storeUser(makeUser({ name: 'Avery Collins', roleid: [1], pages: [...PAGES] }));
const nav = () => screen.getByRole('navigation', { name: 'Main menu' });
const link = (name: string | RegExp) => within(nav()).getByRole('link', { name });

describe('MainMenu', () => {
  it.each<[MenuVariant, string]>([
    ['sidebar', 'main-menu-vertical'],
    ['big-sidebar', 'main-menu-big'],
    ['top-menu', 'main-menu-horizontal'],
    ['mega-menu', 'main-menu-mega'],
  ])('renders the %s variant as the Main menu landmark', (variant, className) => {
    admin();
    renderWithProviders(<MainMenu variant={variant} />, '/app/dashboard');
    expect(nav().className).toContain(className);
    for (const title of [
      'Main',
      'Organizations',
      'Users',
      'Inventory',
      'Configuration',
      'Billing',
      'Utilities',
    ]) {
      expect(within(nav()).getByRole('button', { name: title })).toBeTruthy();
    }
  });

  it('sidebar: groups collapse and expand; Main and the current group start open', async () => {
    admin();
    const user = userEvent.setup();
    renderWithProviders(<MainMenu variant="sidebar" />, '/app/vendors');
    const main = within(nav()).getByRole('button', { name: 'Main' });
    const users = within(nav()).getByRole('button', { name: 'Users' });
    const configuration = within(nav()).getByRole('button', { name: 'Configuration' });
    expect(main.getAttribute('aria-expanded')).toBe('true');
    expect(configuration.getAttribute('aria-expanded')).toBe('true');
    expect(users.getAttribute('aria-expanded')).toBe('false');
    expect(link('Dashboard')).toBeTruthy();
    expect(within(nav()).queryByRole('link', { name: 'Physicians' })).toBeNull();

    await user.click(users);
    expect(users.getAttribute('aria-expanded')).toBe('true');
    expect(link('Physicians').getAttribute('href')).toBe('/app/physicians');
    await user.click(main);
    expect(main.getAttribute('aria-expanded')).toBe('false');
  });

  it('highlights the current route, whatever its parameters', () => {
    admin();
    renderWithProviders(<MainMenu variant="sidebar" />, '/app/pending/rpm/orders');
    expect(link('Orders').getAttribute('aria-current')).toBe('page');
    expect(link('Orders').className).toContain('bp6-active');
    expect(link('Dashboard').getAttribute('aria-current')).toBeNull();
    expect(
      within(nav())
        .getAllByRole('link')
        .filter((a) => a.getAttribute('aria-current') === 'page'),
    ).toHaveLength(1);
  });

  it.each<[number, string | null]>([
    [0, null],
    [5, '5'],
    [99, '99'],
    [100, '99+'],
    [1500, '99+'],
  ])('My Tasks badge for %i incomplete tasks: %s', (count, text) => {
    admin();
    renderWithProviders(<MainMenu variant="sidebar" taskCount={count} />, '/app/dashboard');
    const badge = link(/My Tasks/).querySelector('.menu-task-badge');
    expect(badge?.textContent ?? null).toBe(text);
  });

  it('takes the task count from useTaskCount() by default', () => {
    admin();
    renderWithProviders(<MainMenu variant="big-sidebar" />, '/app/dashboard');
    expect(link(/My Tasks/).querySelector('.menu-task-badge')?.textContent).toBe('7');
  });

  it('a plain click navigates inside the app; the link keeps its href for a new tab', async () => {
    admin();
    const user = userEvent.setup();
    const { path } = renderWithProviders(<MainMenu variant="sidebar" />, '/app/dashboard');
    const patients = link('Patients');
    expect(patients.getAttribute('href')).toBe('/app/patients');
    await user.click(patients);
    expect(path()).toBe('/app/patients');
    expect(link('Patients').getAttribute('aria-current')).toBe('page');
  });

  it('billers see one flat list without group headings', () => {
    storeUser(
      makeUser({
        roleid: [10],
        pages: ['Billing Dashboard', 'Billing Report', 'Invoices', 'Patients Table'],
      }),
    );
    renderWithProviders(<MainMenu variant="sidebar" />, '/app/billing-dashboard');
    expect(within(nav()).queryAllByRole('button')).toHaveLength(0);
    const names = within(nav())
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(names.slice(0, 4)).toEqual([
      'Billing Report',
      'Fixed Billing Report',
      'Billing Dashboard',
      'Invoices',
    ]);
    expect(names).toContain('Patients');
  });

  it('billers in the top menu: the flat list as links in the bar', () => {
    storeUser(makeUser({ roleid: [11], pages: ['Billing Dashboard', 'Billing Report'] }));
    renderWithProviders(<MainMenu variant="top-menu" />, '/app/billing-dashboard');
    expect(link('Billing Dashboard').getAttribute('aria-current')).toBe('page');
    expect(within(nav()).queryByRole('button', { name: 'Billing' })).toBeNull();
  });

  it('dentists see only the Dental Dashboard', () => {
    storeUser(makeUser({ roleid: [6], is_dentist: 1, pages: [...PAGES] }));
    renderWithProviders(<MainMenu variant="sidebar" />, '/app/dentalDashboard');
    expect(
      within(nav())
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Dental Dashboard']);
  });

  it('top menu: a group title opens its entries; choosing one navigates and closes the popover', async () => {
    admin();
    const user = userEvent.setup();
    const { path } = renderWithProviders(<MainMenu variant="top-menu" />, '/app/dashboard');
    expect(within(nav()).getByRole('button', { name: 'Main' }).className).toContain('bp6-active');
    await user.click(within(nav()).getByRole('button', { name: 'Billing' }));
    const menu = await screen.findByRole('menu', { name: 'Billing' });
    await user.click(within(menu).getByRole('menuitem', { name: 'Billing Report' }));
    expect(path()).toBe('/app/billing-report');
  });

  it('mega-menu: the entries of a title in columns', async () => {
    admin();
    const user = userEvent.setup();
    renderWithProviders(<MainMenu variant="mega-menu" />, '/app/dashboard');
    await user.click(within(nav()).getByRole('button', { name: 'Configuration' }));
    const columns = await screen.findAllByRole('menu', { name: 'Configuration' });
    expect(columns.map((c) => within(c).getAllByRole('menuitem').length)).toEqual([8, 8]);
  });

  it('the patient chart: a distinct group of the current patient, its tabs linking to {link}/{patientId}', () => {
    storeUser(makeUser({ roleid: [8], pages: ['Patient Chart', 'Dashboard'] }));
    renderWithProviders(<MainMenu variant="sidebar" />, '/app/patient-chart/notes/12/add');
    const chart = screen.getByRole('region', { name: 'Patient Chart' });
    expect(chart.className).toContain('main-menu-group-chart');
    const tabs = within(chart).getAllByRole('link');
    expect(tabs).toHaveLength(19);
    expect(within(chart).getByRole('link', { name: 'Overview' }).getAttribute('href')).toBe(
      '/app/patient-chart/overview/12',
    );
    expect(within(chart).getByRole('link', { name: 'Notes' }).getAttribute('aria-current')).toBe('page');
  });

  it('no patient chart group without a current patient', () => {
    storeUser(makeUser({ roleid: [8], pages: ['Patient Chart', 'Dashboard'] }));
    renderWithProviders(<MainMenu variant="sidebar" />, '/app/dashboard');
    expect(screen.queryByRole('region', { name: 'Patient Chart' })).toBeNull();
  });

  it('renders nothing when nobody is signed in', () => {
    const { container } = renderWithProviders(<MainMenu variant="sidebar" />, '/app/dashboard');
    expect(container.textContent).toBe('');
  });
});
