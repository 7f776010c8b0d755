import { MSG } from '@rpm/shared';

/** One step of the guide: the spec's title and a sentence about that part of the shell. */
export interface GuideStep {
  readonly id: string;
  readonly title: string;
  readonly text: string;
}

/**
 * The guide's five steps (000 §2.7, §9; decisions.md "Guide texts"). 'Code Preview' is the template's source viewer
 * ('Show Code' / 'Hide Code', 000 §2.7): a tool for the people who build screens, which we say so staff can skip it.
 */
export const GUIDE: readonly GuideStep[] = [
  {
    id: 'welcome',
    title: MSG.guideWelcome,
    text: 'Welcome: the menu holds every page your role can open, the bell brings your alerts, and your avatar opens your profile and defaults.',
  },
  {
    id: 'mode',
    title: MSG.guideDarkLight,
    text: 'The moon button in the header turns the screens dark and the sun button turns them light again; your choice is kept for you on this computer.',
  },
  {
    id: 'themes',
    title: MSG.guideThemes,
    text: 'The paint-bucket button opens Themes and Layout: choose one of 17 colour themes, a sidebar or top menu layout, and how far the background colour reaches.',
  },
  {
    id: 'search',
    title: MSG.guideSearch,
    text: 'Type in the search box to find a page: up to 5 matching menu entries are suggested, and Enter opens the chosen one.',
  },
  {
    id: 'code',
    title: MSG.guideCode,
    text: "Where a screen offers it, 'Show Code' previews the screen's source and 'Hide Code' folds it away; it is meant for the people who build screens, and patient work never needs it.",
  },
];
