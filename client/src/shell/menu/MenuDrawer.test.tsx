import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, storeUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { drawerWidth, MenuDrawer } from './MenuDrawer';

vi.mock('../../machines/hooks', () => ({ useTaskCount: () => ({ count: 0, refresh: () => undefined }) }));

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open menu
      </button>
      <MenuDrawer isOpen={open} onClose={() => setOpen(false)} />
    </>
  );
}

// jsdom has no PointerEvent: a MouseEvent with the pointer fields the drawer reads (stubs end after each test).
beforeEach(() => {
  if (typeof window.PointerEvent === 'function') return;
  class FakePointerEvent extends MouseEvent {
    readonly pointerId: number;
    readonly isPrimary: boolean;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 0;
      this.isPrimary = init.isPrimary ?? false;
    }
  }
  vi.stubGlobal('PointerEvent', FakePointerEvent);
});

const drawer = () => screen.queryByRole('dialog', { name: 'Menu' });

describe('MenuDrawer', () => {
  it.each([
    [1024, 300],
    [400, 300],
    [399, 280],
    [320, 280],
  ])('a %i px viewport gets a %i px drawer', (viewport, width) => {
    expect(drawerWidth(viewport)).toBe(width);
  });

  it('uses the narrow width on a narrow viewport', () => {
    vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(360);
    storeUser(makeUser({ pages: ['Dashboard'] }));
    renderWithProviders(<Harness />, '/app/dashboard');
    expect((drawer()?.closest('.bp6-drawer') as HTMLElement | null)?.style.width).toBe('280px');
  });

  it('holds the main menu and closes when a link is chosen', async () => {
    storeUser(makeUser({ pages: ['Dashboard', 'Patients Table'] }));
    const user = userEvent.setup();
    const { path } = renderWithProviders(<Harness />, '/app/dashboard');
    const dialog = drawer();
    if (!dialog) throw new Error('drawer not open');
    expect((dialog.closest('.bp6-drawer') as HTMLElement | null)?.style.width).toBe('300px');
    const nav = within(dialog).getByRole('navigation', { name: 'Main menu' });
    await user.click(within(nav).getByRole('link', { name: 'Patients' }));
    expect(path()).toBe('/app/patients');
    await waitFor(() => expect(drawer()).toBeNull());
  });

  it('closes on any navigation, and stays open when reopened on the new page', async () => {
    storeUser(makeUser({ pages: ['Dashboard'] }));
    const user = userEvent.setup();
    const { navigate } = renderWithProviders(<Harness />, '/app/dashboard');
    expect(drawer()).not.toBeNull();
    navigate('/app/global-reports');
    await waitFor(() => expect(drawer()).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(drawer()).not.toBeNull();
  });

  it.each<[string, number, number, boolean]>([
    ['a left swipe closes it', -120, 10, true],
    ['a short swipe does not', -30, 0, false],
    ['a mostly vertical swipe does not', -70, 200, false],
    ['a right swipe does not', 120, 0, false],
  ])('%s', async (_name, dx, dy, closes) => {
    storeUser(makeUser({ pages: ['Dashboard'] }));
    renderWithProviders(<Harness />, '/app/dashboard');
    const body = screen.getByTestId('menu-drawer-panel');
    fireEvent.pointerDown(body, { pointerId: 1, isPrimary: true, clientX: 200, clientY: 100 });
    fireEvent.pointerUp(body, { pointerId: 1, isPrimary: true, clientX: 200 + dx, clientY: 100 + dy });
    if (closes) await waitFor(() => expect(drawer()).toBeNull());
    else expect(drawer()).not.toBeNull();
  });
});
