import type { BgPosition, Layout, ThemeName } from './ui-settings';

/** Texts of the shell (decisions.md "Texts the spec does not quote"); the texts the spec quotes are MSG's. */
export const SHELL_TEXT = {
  openMenu: 'Open Menu',
  darkMode: 'Dark Mode',
  lightMode: 'Light Mode',
  settings: 'Settings',
  appearance: 'Themes and Layout',
  theme: 'Theme',
  layout: 'Layout',
  background: 'Background',
  mode: 'Mode',
  gradient: 'Gradient',
  decoration: 'Decoration',
  light: 'Light',
  dark: 'Dark',
  practice: 'Practice',
  allOrganizations: 'All organizations',
  showCallPanel: 'Show Call Panel',
  hideCallPanel: 'Hide Call Panel',
} as const;

/** The top bar's greeting (000 §2.7 "greeting with the user's name"). */
export function greeting(name: string): string {
  return `Hi, ${name}`;
}

/** The banner of a temporary login (000 §4.4; decisions.md "Acting as banner"): the user acted as. */
export function actingAs(name: string): string {
  return `Acting as ${name}`;
}

/** Names of the layouts in the settings panel (000 §3). */
export const LAYOUT_LABEL: Readonly<Record<Layout, string>> = {
  'left-sidebar': 'Left Sidebar',
  'big-sidebar': 'Big Sidebar',
  'right-sidebar': 'Right Sidebar',
  'top-navigation': 'Top Navigation',
  'mega-menu': 'Mega Menu',
};

/** Names of the background positions in the settings panel (000 §3). */
export const BG_POSITION_LABEL: Readonly<Record<BgPosition, string>> = {
  header: 'Header',
  half: 'Half',
  full: 'Full',
};

/** A theme's display name: 'purpleRed' → 'Purple Red', 'skyBlue' → 'Sky Blue'. */
export function themeLabel(theme: ThemeName): string {
  const words = theme.replace(/([a-z])([A-Z])/g, '$1 $2');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
