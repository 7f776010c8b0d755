/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { BG_POSITIONS, LAYOUTS, THEMES } from '@rpm/shared';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_UI_SETTINGS,
  readUiSettings,
  type UiSettings,
  uiSettingsKey,
  writeUiSettings,
} from './ui-settings';

const CHOSEN: UiSettings = {
  type: 'dark',
  gradient: false,
  decoration: false,
  layout: 'top-navigation',
  bgPosition: 'full',
  theme: 'greenPurple',
  autoStartTimer: false,
  density: 'compact',
};

describe('interface state storage (000 §3)', () => {
  it('is kept per user', () => {
    writeUiSettings(1, CHOSEN);
    expect(readUiSettings(1)).toEqual(CHOSEN);
    expect(readUiSettings(2)).toEqual(DEFAULT_UI_SETTINGS);
    expect(uiSettingsKey(1)).toContain('1');
  });

  it.each([
    ['not JSON', '{oops'],
    ['an unknown theme', JSON.stringify({ ...CHOSEN, theme: 'neon' })],
    ['an unknown layout', JSON.stringify({ ...CHOSEN, layout: 'floating' })],
    ['a missing field', JSON.stringify({ ...CHOSEN, bgPosition: undefined })],
    ['a wrong type', JSON.stringify({ ...CHOSEN, gradient: 'yes' })],
    ['null', 'null'],
  ])('falls back to the defaults on %s, and drops the entry', (_, raw) => {
    localStorage.setItem(uiSettingsKey(5), raw);
    expect(readUiSettings(5)).toEqual(DEFAULT_UI_SETTINGS);
    expect(localStorage.getItem(uiSettingsKey(5))).toBeNull();
  });

  it('accepts every layout, background position and theme of 000 §3', () => {
    for (const layout of LAYOUTS) {
      for (const bgPosition of BG_POSITIONS) {
        writeUiSettings(3, { ...CHOSEN, layout, bgPosition });
        expect(readUiSettings(3)).toMatchObject({ layout, bgPosition });
      }
    }
    for (const theme of THEMES) {
      writeUiSettings(3, { ...CHOSEN, theme });
      expect(readUiSettings(3).theme).toBe(theme);
    }
  });
});

describe('themes.css', () => {
  // Read from disk: the test runner does not process CSS imports.
  const themesCss = readFileSync(`${import.meta.dirname}/themes.css`, 'utf8');
  const VARS = ['band-start', 'band-end', 'on-band', 'header-scrolled', 'accent', 'page'];

  /** The declarations of the one rule whose selector is exactly `selector`. */
  function rule(selector: string): string | undefined {
    const match = themesCss.match(
      new RegExp(`(?:^|\\n)${selector.replace(/[.[\]]/g, '\\$&')} \\{([^}]*)\\}`),
    );
    return match?.[1];
  }

  it.each(THEMES.flatMap((theme) => [[theme, 'light'] as const, [theme, 'dark'] as const]))(
    '%s has a complete %s palette',
    (theme, mode) => {
      const body = rule(mode === 'light' ? `[data-theme="${theme}"]` : `.bp6-dark[data-theme="${theme}"]`);
      expect(body).toBeDefined();
      for (const name of VARS) expect(body).toMatch(new RegExp(`--shell-${name}: #[0-9a-f]{3,6};`));
    },
  );

  it('has no palette for a theme the spec does not list', () => {
    const named = [...themesCss.matchAll(/\[data-theme="([^"]+)"\] \{/g)].map((m) => m[1]);
    expect(new Set(named)).toEqual(new Set(THEMES));
  });
});
