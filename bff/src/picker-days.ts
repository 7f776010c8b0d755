import { isoDay, shiftDay } from '@rpm/shared';

/**
 * The days a date picker bounded by 'today' (001 §5) may give, as the server accepts them. The server counts days
 * in UTC (the schema has no practice time zone): clinics behind UTC are still on yesterday's date in their
 * evening and clinics ahead already on tomorrow's, so the server allows one day either side.
 */

/** The earliest day a picker with the minimum 'today' may give. */
export const earliestTodayDay = (now: Date): string => shiftDay(isoDay(now), -1);

/** The latest day a picker with the maximum 'today' may give. */
export const latestTodayDay = (now: Date): string => shiftDay(isoDay(now), 1);
