import { SEARCH_SUGGESTIONS_MAX } from './constants.js';
import { type MenuLink, type MenuOptions, type MenuUser, menuEntries, visibleMenu } from './menus.js';
import { userMenuEntries } from './user-menu.js';
import { isValidSearch } from './validators.js';

/** The header's search box (000 §2.7, §5, §9): what it may suggest and in which order. Pure. */

/** Lower case, runs of white space as one space, trimmed. */
function normal(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The two ways a label can be typed without punctuation: 'Co-Read' as 'co read' and as 'coread'. */
function labelForms(label: string): [string, string] {
  const lower = normal(label);
  return [normal(lower.replace(/[^\p{L}\p{Nd}\s]+/gu, ' ')), lower.replace(/[^\p{L}\p{Nd}\s]+/gu, '')];
}

/**
 * How well `label` matches the query (lower is better), or `null` for no match: 0 the label starts with it, 1 a word
 * of the label does, 2 it is elsewhere inside the label. Only the label's punctuation is relaxed (a valid query has
 * none, 000 §5), so 'co read' and 'coread' both find 'Sleep Tests Co-Read'.
 */
function matchRank(label: string, query: string): number | null {
  const q = normal(query);
  const forms = labelForms(label);
  if (forms.some((form) => form.startsWith(q))) return 0;
  if (forms.some((form) => form.includes(` ${q}`))) return 1;
  if (forms.some((form) => form.includes(q))) return 2;
  return null;
}

/**
 * At most 5 entries whose label holds `text`, case-insensitively (000 §2.7, §9); none when `text` is not a valid
 * search (empty or with special characters, 000 §5), in the order of decisions.md "Menu search". One entry per link.
 */
export function searchSuggestions<T extends MenuLink>(entries: readonly T[], text: string): T[] {
  if (!isValidSearch(text)) return [];
  const seen = new Set<string>();
  const ranked: { item: T; rank: number; index: number }[] = [];
  entries.forEach((item, index) => {
    if (seen.has(item.link)) return;
    const rank = matchRank(item.label, text);
    if (rank === null) return;
    seen.add(item.link);
    ranked.push({ item, rank, index });
  });
  ranked.sort((a, b) => a.rank - b.rank || a.index - b.index);
  return ranked.slice(0, SEARCH_SUGGESTIONS_MAX).map((r) => r.item);
}

/**
 * Everything the search box may suggest to `user` (000 §2.7 "menu entries"): the main menu (with the chart tabs of
 * the current patient) and the user menu's links (decisions.md "Menu search").
 */
export function searchableEntries(user: MenuUser, options: MenuOptions): MenuLink[] {
  const main: MenuLink[] = menuEntries(visibleMenu(user, options));
  const personal = userMenuEntries(user, options).flatMap((item) => (item.kind === 'link' ? [item] : []));
  return [...main, ...personal];
}
