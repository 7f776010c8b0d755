import type { IconName } from '@blueprintjs/core';
import type { MenuGroupKey } from '@rpm/shared';

/** The icon of each menu group in the big sidebar and the horizontal menus (000 §2.7; decisions.md "Menu layout"). */
export const GROUP_ICONS: Readonly<Record<MenuGroupKey, IconName>> = {
  patientChart: 'person',
  main: 'home',
  organizations: 'office',
  users: 'people',
  inventory: 'box',
  configuration: 'cog',
  billing: 'dollar',
  utilities: 'wrench',
};
