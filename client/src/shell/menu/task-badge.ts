import { TASK_BADGE_CAP } from '@rpm/shared';

/**
 * The text of the My Tasks badge (000 §2.7, §9): the incomplete-task count, '99+' above the cap, `null` (no badge)
 * for none (decisions.md "Task badge").
 */
export function taskBadgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > TASK_BADGE_CAP ? `${TASK_BADGE_CAP}+` : String(Math.floor(count));
}
