import { BILLING_FIRST_YEAR, monthName } from '@rpm/shared';

/** A billing month: `month` 1-12 as the API's month header takes it (001 §7). */
export interface BillingPeriod {
  readonly year: number;
  readonly month: number;
}

/** One option of the month or year selector. */
export interface PeriodOption {
  readonly value: number;
  readonly label: string;
}

/**
 * The month a year change resets to (001 §4 Billing: "A year change resets the month to 0").
 * The original client counts months from 0 like JavaScript's Date, so its month 0 is January; our state and the
 * API's month header count 1-12, so we reset to 1, January: always a valid choice, and the table keeps showing a
 * month instead of an empty "no month chosen" state.
 */
export const MONTH_AFTER_YEAR_CHANGE = 1;

/** The current year and month in the browser's time zone (001 §9: default month and year are the current ones). */
export function currentPeriod(now: Date): BillingPeriod {
  return { year: now.getFullYear(), month: now.getMonth() + 1 };
}

/**
 * The month selector's options (001 §2.1): every month of a past year; in the current year only the months up to
 * the current one. Future years (not offered by {@link yearOptions}) get none.
 */
export function monthOptions(year: number, today: BillingPeriod): PeriodOption[] {
  const last = year < today.year ? 12 : year === today.year ? today.month : 0;
  return Array.from({ length: last }, (_, index) => ({ value: index + 1, label: monthName(index + 1) }));
}

/**
 * The year selector's options (001 §9): 2020 to the current year, newest first (decisions.md "Billing dashboard").
 */
export function yearOptions(currentYear: number): PeriodOption[] {
  const years: PeriodOption[] = [];
  for (let year = currentYear; year >= BILLING_FIRST_YEAR; year -= 1)
    years.push({ value: year, label: String(year) });
  return years;
}

/**
 * The month a link asks for (`?year=2025&month=3`, from the billing dashboard), if it is one the selectors offer;
 * otherwise `fallback` (001 §9: the current month and year).
 */
export function periodFromSearch(
  search: string,
  today: BillingPeriod,
  fallback: BillingPeriod = today,
): BillingPeriod {
  const params = new URLSearchParams(search);
  const year = Number(params.get('year'));
  const month = Number(params.get('month'));
  const validYear = yearOptions(today.year).some((o) => o.value === year);
  const validMonth = validYear && monthOptions(year, today).some((o) => o.value === month);
  return validMonth ? { year, month } : fallback;
}

/** The billing report at `period` (001 §2.1 route), as the dashboard links to it. */
export function billingReportHref(period: BillingPeriod): string {
  return `/app/billing-report?year=${period.year}&month=${period.month}`;
}
