import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppearanceDrawer } from './AppearanceDrawer';
import { UiSettingsProvider, useUiSettings } from './UiSettingsProvider';
import { DEFAULT_UI_SETTINGS, uiSettingsKey } from './ui-settings';

function Probe() {
  const { settings } = useUiSettings();
  return <output aria-label="settings">{JSON.stringify(settings)}</output>;
}

function renderFor(userId: number) {
  return render(
    <UiSettingsProvider userId={userId}>
      <AppearanceDrawer isOpen onClose={() => undefined} />
      <Probe />
    </UiSettingsProvider>,
  );
}

const shown = () => JSON.parse(screen.getByLabelText('settings').textContent ?? '{}');

describe('AppearanceDrawer (000 §3)', () => {
  it("applies each choice at once, keeps it for the user, and leaves other users' alone", async () => {
    const user = userEvent.setup();
    const first = renderFor(11);
    expect(shown()).toEqual(DEFAULT_UI_SETTINGS);

    await user.click(screen.getByRole('button', { name: 'Green Purple' }));
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    await user.click(screen.getByRole('radio', { name: 'Top Navigation' }));
    await user.click(screen.getByRole('radio', { name: 'Full' }));
    await user.click(screen.getByRole('checkbox', { name: 'Gradient' }));
    const chosen = {
      type: 'dark',
      gradient: false,
      decoration: true,
      layout: 'top-navigation',
      bgPosition: 'full',
      theme: 'greenPurple',
      autoStartTimer: true,
      density: 'comfortable',
    };
    expect(shown()).toEqual(chosen);
    expect(screen.getByRole('button', { name: 'Green Purple' }).getAttribute('aria-pressed')).toBe('true');
    expect(JSON.parse(localStorage.getItem(uiSettingsKey(11)) ?? 'null')).toEqual(chosen);

    // A reload reads them back; another user at the same browser keeps their own.
    first.unmount();
    const again = renderFor(11);
    expect(shown()).toEqual(chosen);
    again.unmount();
    renderFor(12);
    expect(shown()).toEqual(DEFAULT_UI_SETTINGS);
  });

  it('offers the 17 themes and the 5 layouts', () => {
    renderFor(1);
    expect(screen.getAllByRole('button', { pressed: false })).toHaveLength(16);
    expect(screen.getAllByRole('button', { pressed: true })).toHaveLength(1);
    for (const name of ['Left Sidebar', 'Big Sidebar', 'Right Sidebar', 'Top Navigation', 'Mega Menu']) {
      expect(screen.getByRole('radio', { name })).toBeTruthy();
    }
  });
});
