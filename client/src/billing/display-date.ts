import { format, isValid } from 'date-fns';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * A date of the billing table as US clinic staff read it, MM/DD/YYYY. Spec 001 §2.1 is silent on the format; we
 * chose the US form the product's readers use. A calendar date ('2025-03-07') is reformatted without a time zone
 * (so it never shifts by a day); a timestamp is shown as its date in the browser's time zone; anything else is
 * shown as the server sent it, and a missing value as ''.
 */
export function displayDate(value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === '') return '';
  const date = DATE_ONLY.exec(value);
  if (date) return `${date[2]}/${date[3]}/${date[1]}`;
  if (TIMESTAMP.test(value)) {
    const at = new Date(value);
    if (isValid(at)) return format(at, 'MM/dd/yyyy');
  }
  return value;
}
