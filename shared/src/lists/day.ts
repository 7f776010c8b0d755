/** A calendar day 'YYYY-MM-DD' with its year, month and day captured. */
export const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * MM/DD/YYYY of the UTC day of a day or timestamp (the chart's days are UTC days, decisions.md "UTC days"); '' for
 * none; anything else as given. Apart from format.ts, which names patients through patient-identity.ts.
 */
export function displayUtcDay(value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === '') return '';
  const day = DATE_ONLY.exec(value.slice(0, 10));
  return day ? `${day[2]}/${day[3]}/${day[1]}` : value;
}
