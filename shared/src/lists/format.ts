import { UTCDate } from '@date-fns/utc';
import { format as formatDate } from 'date-fns/format';
import { isValid } from 'date-fns/isValid';
import { COMPLIANCE_TARGET_DAYS, LOCALE } from '../constants.js';
import { type ListPatient, listPatientText } from '../patient-identity.js';
import { DATE_ONLY } from './day.js';

/**
 * How a list cell is written, on screen and in CSV/PDF alike (one declaration per format). Dates are the
 * US form clinic staff read (MM/DD/YYYY; decisions.md "Date format").
 * - `date`: a calendar day 'YYYY-MM-DD' (never shifted by a time zone) or a timestamp's day;
 * - `datetime`: a timestamp as 'MM/DD/YYYY hh:mm a' in the reader's time zone (exports: the server's, named in
 *   the export's header);
 * - `phone`: '(555) 101-1037' ({@link displayPhone});
 * - `upper`: names as the billing report shows them (001 §2.1);
 * - `readingDays`: 'n / 16' reading days this month against the 99454 target (001 §9);
 * - `minutes`: whole minutes, 'n min';
 * - `waiting`: minutes since, as '2 h 05 min';
 * - `duration`: a call's seconds as '1:35' or '1:02:05';
 * - `usd`: an amount in US dollars;
 * - `strip`: the compliance strip (001 §2.9), drawn on screen; in exports one letter a month;
 * - `patient`: the row's patient named with DOB and MRN or RPM ID and the 'Same name' marker: the
 *   column keeps its key (`patient_name`, the sort key) and shows the row's `patient` ({@link cellValue}).
 */
export type CellFormat =
  | 'text'
  | 'upper'
  | 'number'
  | 'date'
  | 'datetime'
  | 'phone'
  | 'readingDays'
  | 'minutes'
  | 'waiting'
  | 'duration'
  | 'usd'
  | 'strip'
  | 'patient';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** MM/DD/YYYY of a calendar day or a timestamp; '' for none; anything else as given. */
export function displayDate(value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === '') return '';
  const date = DATE_ONLY.exec(value);
  if (date) return `${date[2]}/${date[3]}/${date[1]}`;
  if (TIMESTAMP.test(value)) {
    const at = new Date(value);
    if (isValid(at)) return formatDate(at, 'MM/dd/yyyy');
  }
  return value;
}

/** The product's one time of day, '03:53 PM' (decisions.md "One time and one phone format"). */
const TIME_PATTERN = 'hh:mm a';

/** MM/DD/YYYY hh:mm AM of a timestamp in the running process's time zone. */
export function displayDateTime(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const at = new Date(value);
  return isValid(at) ? formatDate(at, `MM/dd/yyyy ${TIME_PATTERN}`) : value;
}

/** hh:mm AM of a timestamp, in the running process's time zone or, with `utc`, in UTC (the billing evidence). */
export function displayTime(value: string | Date, utc = false): string {
  const at = typeof value === 'string' ? new Date(value) : value;
  if (!isValid(at)) return String(value);
  return formatDate(utc ? new UTCDate(at) : at, TIME_PATTERN);
}

/**
 * A phone as '(555) 101-1037': ten digits, or eleven with the country code 1 (e.g. '+15551011037'); anything else
 * as given, since it is not a US number (decisions.md "One time and one phone format").
 */
export function displayPhone(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const digits = value.replace(/\D/g, '');
  const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (ten.length !== 10) return value;
  return `(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}`;
}

/** The locale of every formatter: the product's one language (000 §9) in its US form (MM/DD/YYYY, dollars). */
export const INTL_LOCALE = `${LOCALE}-US`;

const MONTH = new Intl.DateTimeFormat(INTL_LOCALE, { month: 'long', timeZone: 'UTC' });
const MONTH_YEAR = new Intl.DateTimeFormat(INTL_LOCALE, { month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthStart = (month: string) => new Date(`${month.slice(0, 7)}-01T00:00:00Z`);

/** 'November 2026' of a month 'YYYY-MM' (or any day of it): month options, export facts, billing's PDF. */
export function monthLabel(month: string): string {
  const at = monthStart(month);
  return isValid(at) ? MONTH_YEAR.format(at) : month;
}

/** 'November' of a month 1-12, or of a month 'YYYY-MM'. */
export function monthName(month: number | string): string {
  const at = typeof month === 'number' ? new Date(Date.UTC(2000, month - 1, 1)) : monthStart(month);
  const inRange = typeof month === 'string' || (Number.isInteger(month) && month >= 1 && month <= 12);
  return inRange && isValid(at) ? MONTH.format(at) : String(month);
}

/** The short name of the time zone `at` falls in, where this process runs (e.g. 'UTC', 'EST'). */
export function timeZoneName(at: Date): string {
  return (
    new Intl.DateTimeFormat(INTL_LOCALE, { timeZoneName: 'short' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? ''
  );
}

const USD = new Intl.NumberFormat(INTL_LOCALE, { style: 'currency', currency: 'USD' });
const NUMBER = new Intl.NumberFormat(INTL_LOCALE);

/** A count with thousands separators, e.g. '10,000'. */
export function formatCount(n: number): string {
  return NUMBER.format(n);
}

/** An amount in US dollars, e.g. '$1,234.50'. */
export function formatUsd(amount: number): string {
  return USD.format(Number.isFinite(amount) ? amount : 0);
}

const ONE_DECIMAL = new Intl.NumberFormat(INTL_LOCALE, { maximumFractionDigits: 1 });

/** A file's size as '820 B', '14.2 KB' or '3.1 MB' (the Documents tab). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${NUMBER.format(bytes)} B`;
  if (bytes < 1024 * 1024) return `${ONE_DECIMAL.format(bytes / 1024)} KB`;
  return `${ONE_DECIMAL.format(bytes / 1024 / 1024)} MB`;
}

/** Minutes waited as '45 min' or '2 h 05 min'. */
export function formatWaiting(minutes: number): string {
  const m = Math.max(0, Math.floor(minutes));
  if (m < 60) return `${m} min`;
  const days = Math.floor(m / 1440);
  const hours = Math.floor((m % 1440) / 60);
  const rest = String(m % 60).padStart(2, '0');
  return days > 0 ? `${days} d ${hours} h` : `${hours} h ${rest} min`;
}

/** A call's length in seconds as 'm:ss', or 'h:mm:ss' from an hour. */
function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  return hours > 0 ? `${hours}:${two(minutes)}:${two(s % 60)}` : `${minutes}:${two(s % 60)}`;
}

/** One month of the compliance strip (001 §2.9, §4). */
export interface StripMonth {
  /** 'YYYY-MM'. */
  readonly month: string;
  readonly state: 'before' | 'met' | 'missed';
}

/** The formats a CSV writes as bare numbers ({@link formatCell}). */
const BARE_IN_CSV: ReadonlySet<CellFormat> = new Set(['number', 'minutes', 'usd']);

const STRIP_LETTER: Record<StripMonth['state'], string> = { before: '-', met: 'Y', missed: 'N' };

/**
 * A cell as text: what the screen shows for text cells and what PDF writes; a CSV (`csv`) writes counts, minutes and
 * dollars as bare numbers ('2325', '1234.50'), so a spreadsheet reads them as numbers.
 */
export function formatCell(value: unknown, cellFormat: CellFormat = 'text', csv = false): string {
  if (value === null || value === undefined) return '';
  if (csv && typeof value === 'number' && BARE_IN_CSV.has(cellFormat))
    return cellFormat === 'usd' ? value.toFixed(2) : String(value);
  switch (cellFormat) {
    case 'upper':
      return String(value).toUpperCase();
    case 'number':
      return typeof value === 'number' ? formatCount(value) : String(value);
    case 'date':
      return displayDate(String(value));
    case 'datetime':
      return displayDateTime(String(value));
    case 'phone':
      return displayPhone(String(value));
    case 'readingDays':
      return `${String(value)} / ${COMPLIANCE_TARGET_DAYS}`;
    case 'minutes':
      return `${String(value)} min`;
    case 'waiting':
      return typeof value === 'number' ? formatWaiting(value) : String(value);
    case 'duration':
      return typeof value === 'number' ? formatDuration(value) : String(value);
    case 'usd':
      return typeof value === 'number' ? formatUsd(value) : String(value);
    case 'patient':
      return typeof value === 'object' ? listPatientText(value as ListPatient) : String(value);
    case 'strip':
      return Array.isArray(value)
        ? (value as StripMonth[]).map((m) => `${m.month}:${STRIP_LETTER[m.state]}`).join(' ')
        : '';
    default:
      return String(value);
  }
}

/** The row field a 'patient' column shows (a ListPatient; define-list.ts checks the row has it). */
export const PATIENT_FIELD = 'patient';

/** What a column's cell shows of a row: its own field, or for a 'patient' column the row's patient. */
export function cellValue(
  column: { readonly key: string; readonly format?: CellFormat },
  row: object,
): unknown {
  const field = column.format === 'patient' ? PATIENT_FIELD : column.key;
  return (row as Record<string, unknown>)[field];
}
