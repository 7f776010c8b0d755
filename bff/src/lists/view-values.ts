import { shiftDay } from '@rpm/shared';
import type { ListView } from './source.js';

/** Reading a parsed view's filter values: option and id filters as arrays, ranges as two days, checkboxes as '1'. */

/** The values of an option or id filter; undefined when absent. An empty list means "all" (`state=`). */
export function optionValues(view: ListView, key: string): readonly string[] | undefined {
  const value = view.filters[key];
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value.split(',').filter((v) => v !== '') : value;
}

/** The record ids of an id filter; undefined when absent or empty ("all"). */
export function idValues(view: ListView, key: string): number[] | undefined {
  const values = optionValues(view, key);
  return values && values.length > 0 ? values.map(Number) : undefined;
}

/** A date-range filter as instants: from the first day's start to the day after the last (UTC days). */
export function dayRange(view: ListView, key: string): { from?: Date; before?: Date } {
  const from = view.filters[`${key}_from`];
  const to = view.filters[`${key}_to`];
  return {
    ...(typeof from === 'string' ? { from: new Date(`${from}T00:00:00Z`) } : {}),
    ...(typeof to === 'string' ? { before: new Date(`${shiftDay(to, 1)}T00:00:00Z`) } : {}),
  };
}

/** Whether a checkbox filter is on. */
export function isChecked(view: ListView, key: string): boolean {
  return view.filters[key] === '1';
}
