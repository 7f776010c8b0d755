import { lowestRoleId } from '@rpm/shared';
import type { PracticeChoice } from './billing-report-state';

/** Lowest roles with the practice search selector in the billing toolbar (001 §2.4). */
const SELECTOR_ROLES: readonly number[] = [1, 10, 17];
/** Lowest roles that load the full practice list in billing (001 §6); the other selector roles search. */
const ALL_PRACTICE_ROLES: readonly number[] = [1, 10];

/** Whether the billing toolbar shows the practice search selector (001 §2.4: lowest role 1, 10 or 17). */
export function usesPracticeSelector(roleid: readonly number[]): boolean {
  const lowest = lowestRoleId(roleid);
  return lowest !== undefined && SELECTOR_ROLES.includes(lowest);
}

/** Whether the selector's options are the full practice list (001 §6: roles 1 and 10) rather than a search. */
export function loadsAllPractices(roleid: readonly number[]): boolean {
  const lowest = lowestRoleId(roleid);
  return lowest !== undefined && ALL_PRACTICE_ROLES.includes(lowest);
}

/** A practice option of the API (001 §3) as the report's practice. */
export function toPracticeChoice(option: {
  readonly practice_id: number;
  readonly org_id: number;
  readonly label: string;
}): PracticeChoice {
  return { practiceId: option.practice_id, orgId: option.org_id, label: option.label };
}

/** The practices whose name holds `text`, ignoring case and surrounding spaces; all for an empty text. */
export function filterPractices(practices: readonly PracticeChoice[], text: string): PracticeChoice[] {
  const needle = text.trim().toLocaleLowerCase();
  return practices.filter((p) => needle === '' || p.label.toLocaleLowerCase().includes(needle));
}
