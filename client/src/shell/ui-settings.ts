import { BG_POSITIONS, LAYOUTS, THEMES } from '@rpm/shared';
import { z } from 'zod';

/** The list densities a user may choose: comfortable, or compact (at least 20 rows at 1440 × 900). */
export const TABLE_DENSITIES = ['comfortable', 'compact'] as const;

/**
 * The persisted part of the interface state (000 §3): mode (`type`, light or dark), gradient, decoration, layout,
 * background position and theme. sidebarOpen and pageLoaded are per page view and are not stored; the locale is
 * always English (000 §9).
 *
 * Kept per user in local storage, surviving logout (decisions.md "Appearance").
 */
export const uiSettings = z.object({
  type: z.enum(['light', 'dark']),
  gradient: z.boolean(),
  decoration: z.boolean(),
  layout: z.enum(LAYOUTS),
  bgPosition: z.enum(BG_POSITIONS),
  theme: z.enum(THEMES),
  /** Start the care timer on opening a chart (decisions.md "Care timer"); absent in entries stored before it. */
  autoStartTimer: z.boolean().default(true),
  /** How tightly lists are drawn (decisions.md "Dense tables"); absent in entries stored before it. */
  density: z.enum(TABLE_DENSITIES).default('comfortable'),
});
export type UiSettings = z.infer<typeof uiSettings>;
export type Layout = UiSettings['layout'];
export type BgPosition = UiSettings['bgPosition'];
export type ThemeName = UiSettings['theme'];
export type Mode = UiSettings['type'];
export type TableDensity = UiSettings['density'];

/** What a user sees before choosing anything (decisions.md "Appearance"). */
export const DEFAULT_UI_SETTINGS: UiSettings = {
  type: 'light',
  gradient: true,
  decoration: true,
  layout: 'left-sidebar',
  bgPosition: 'header',
  theme: 'blue',
  autoStartTimer: true,
  density: 'comfortable',
};

/** The local-storage key of one user's interface state. */
export function uiSettingsKey(userId: number): string {
  return `uiSettings:${userId}`;
}

/**
 * The stored interface state of `userId`, parsed with {@link uiSettings}. Missing, unreadable or invalid data gives
 * the defaults (and invalid data is removed), so a stale or tampered entry can never break the shell.
 */
export function readUiSettings(userId: number): UiSettings {
  const key = uiSettingsKey(userId);
  const raw = localStorage.getItem(key);
  if (raw === null) return DEFAULT_UI_SETTINGS;
  try {
    const parsed = uiSettings.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // not JSON: removed below
  }
  localStorage.removeItem(key);
  return DEFAULT_UI_SETTINGS;
}

/** Stores the interface state of `userId`. Storage may be full or blocked: the shell then keeps it in memory. */
export function writeUiSettings(userId: number, settings: UiSettings): void {
  try {
    localStorage.setItem(uiSettingsKey(userId), JSON.stringify(settings));
  } catch {
    // 000 §3 keeps no promise of persistence; the choice still applies to this page view.
  }
}

/** The MainMenu variant each layout shows (000 §2.7, §3); right-sidebar is the sidebar placed on the right. */
export const MENU_VARIANT = {
  'left-sidebar': 'sidebar',
  'big-sidebar': 'big-sidebar',
  'right-sidebar': 'sidebar',
  'top-navigation': 'top-menu',
  'mega-menu': 'mega-menu',
} as const satisfies Record<Layout, 'sidebar' | 'big-sidebar' | 'mega-menu' | 'top-menu'>;

/** Whether the layout puts the menu in a side column (as opposed to a bar under the header). */
export function hasSideMenu(layout: Layout): boolean {
  return layout === 'left-sidebar' || layout === 'big-sidebar' || layout === 'right-sidebar';
}
