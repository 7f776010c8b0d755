import { LISTS, type ListName } from './lists/index.js';
import { MENU_GROUPS } from './menus.js';
import { BILLING_UTILITY_ROUTES } from './routes.js';

/**
 * The Billing Utility landing page (000 §2.4 'Billing Utility' row; decisions.md "Billing Utility"): one entry per
 * other route of the row, in the row's order, with what it is for and, where its list exists, how many rows need
 * attention: exactly the rows its list shows under the filters the entry's link applies.
 */

/** A route of the row the landing page lists: every one but its own. */
export type BillingUtilityRoute = Exclude<(typeof BILLING_UTILITY_ROUTES)[number], 'billing-utility'>;

/** What needs attention on an entry's list: the list, the filter values its link applies, what the count counts. */
export interface UtilityAttention {
  readonly list: ListName;
  /** Query fields of the list's screen (its filters by key), e.g. `{ return_state: 'overdue' }`. */
  readonly filters: Readonly<Record<string, string>>;
  /** The words after the count: '3 overdue'. */
  readonly counted: string;
}

/** A list's filter keys, as its definition declares them (a misspelled one does not compile). */
type FilterKeyOf<N extends ListName> = (typeof LISTS)[N]['filters'][number]['key'];

function attention<N extends ListName>(
  list: N,
  filters: Partial<Record<FilterKeyOf<N>, string>>,
  counted: string,
): UtilityAttention {
  return { list, filters: filters as Readonly<Record<string, string>>, counted };
}

/**
 * What each entry is for, and what needs attention on it; an entry without `attention` has no screen yet and shows
 * 'Coming soon' with no count. Those descriptions read the route's name: the spec names only the route.
 */
const DECLARED: Readonly<
  Record<BillingUtilityRoute, { readonly description: string; readonly attention?: UtilityAttention }>
> = {
  'patient-consent': {
    description:
      'Enrollment orders with their consent and latest insurance authorization, to check before a claim.',
    attention: attention('patient-consent', { authorization: 'expired' }, 'authorizations expired'),
  },
  'reading-report': {
    description:
      "Each patient's readings per vital and day: how many, lowest, highest, mean and how many out of range.",
    attention: attention('reading-report', { out_of_range: 'yes' }, 'vital-days out of range this month'),
  },
  'practice-intervention': {
    description:
      "Interventions the care team logged for each practice's patients by month: the evidence a practice shows payers.",
    attention: attention('practice-intervention', { noted: 'no' }, 'without a note'),
  },
  'organization-groups': {
    description:
      "Organizations administered together: a group's administrators see all of its organizations.",
    attention: attention('organization-groups', { admin_state: 'none' }, 'without an administrator'),
  },
  'incoming-messages': {
    description: 'Texts patients sent to the clinic, with whether the care team has replied.',
    attention: attention('incoming-messages', { reply: 'awaiting' }, 'awaiting a reply'),
  },
  'transcript-queues': {
    description:
      'Recorded calls and voicemails awaiting a written transcript or summary in the patient’s notes.',
    attention: attention('transcript-queues', { status: 'queued' }, 'queued'),
  },
  'sleep-return-devices': {
    description: 'Home sleep-test devices out with patients and due back, and their returns.',
    attention: attention('sleep-return-devices', { return_state: 'overdue' }, 'overdue'),
  },
  'latest-assigned-devices': {
    description: 'Devices handed out most recently, with whether each has sent its first reading.',
    attention: attention(
      'latest-assigned-devices',
      { first_reading: 'none', returned: 'open' },
      'with the patient, no reading yet',
    ),
  },
  'ss-resource': {
    description: 'Sleep-study resources: the forms and guides the sleep team works from.',
    // decisions.md "SS Resource": a library has nothing overdue; the count is its forms, what the team opens most.
    attention: attention('ss-resources', { category: 'Form' }, 'forms'),
  },
};

/** One entry of the landing page. */
export interface BillingUtilityEntry {
  readonly route: BillingUtilityRoute;
  /** The route's name as the menu has it, else its list's title. */
  readonly title: string;
  readonly description: string;
  /** The screen, with the attention filters applied where there is a count. */
  readonly href: string;
  /** `null`: no screen yet ('Coming soon'), no count. */
  readonly attention: UtilityAttention | null;
}

const menuLabels = new Map(MENU_GROUPS.flatMap((group) => group.entries.map((e) => [e.link, e.label])));

function entryOf(route: BillingUtilityRoute): BillingUtilityEntry {
  const path = `/app/${route}`;
  const { description, attention = null } = DECLARED[route];
  const title = menuLabels.get(path) ?? (attention ? LISTS[attention.list].title : undefined);
  // A title is declared once, in the menu or the list: an entry with neither fails at load, not on screen.
  if (title === undefined) throw new Error(`${path} has no title in the menus or the lists`);
  const query = new URLSearchParams(attention?.filters ?? {}).toString();
  return { route, title, description, href: query === '' ? path : `${path}?${query}`, attention };
}

/** The landing page's entries, in the row's order (000 §2.4). */
export const BILLING_UTILITY_ENTRIES: readonly BillingUtilityEntry[] = BILLING_UTILITY_ROUTES.flatMap(
  (route) => (route === 'billing-utility' ? [] : [entryOf(route)]),
);
