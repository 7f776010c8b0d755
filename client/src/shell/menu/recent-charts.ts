import { RECENT_CHARTS_MAX } from '@rpm/shared';
import { z } from 'zod';

/**
 * The charts a user opened last, newest first, for the header search to offer on focus. Kept in local
 * storage per user as patient ids only: no name or birth date stays in the browser, and the server answers their
 * identities only while the user may still read them (decisions.md "Patient search").
 */

const recentIds = z.array(z.number().int().positive()).max(RECENT_CHARTS_MAX);

const keyOf = (userId: number) => `recentCharts:${userId}`;

/** The user's recent chart ids, newest first; anything unreadable counts as none. */
export function readRecentCharts(userId: number): number[] {
  try {
    const parsed = recentIds.safeParse(JSON.parse(localStorage.getItem(keyOf(userId)) ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** Records that the user opened the patient's chart: first in the list, at most RECENT_CHARTS_MAX kept. */
export function recordChartOpened(userId: number, patientId: number): void {
  const ids = [patientId, ...readRecentCharts(userId).filter((id) => id !== patientId)];
  try {
    localStorage.setItem(keyOf(userId), JSON.stringify(ids.slice(0, RECENT_CHARTS_MAX)));
  } catch {
    // Storage full or refused: the search simply offers fewer recent charts.
  }
}
