import { monthName } from '@rpm/shared';
import { describe, expect, it } from 'vitest';
import {
  billingReportHref,
  currentPeriod,
  MONTH_AFTER_YEAR_CHANGE,
  monthOptions,
  periodFromSearch,
  yearOptions,
} from './billing-period';

describe('monthOptions (001 §2.1)', () => {
  const today = { year: 2026, month: 3 };
  it.each([
    ['a past year: all twelve', 2025, 12, 'December'],
    ['the first billing year: all twelve', 2020, 12, 'December'],
    ['the current year: up to the current month', 2026, 3, 'March'],
    ['a future year: none', 2027, 0, undefined],
  ])('%s', (_, year, count, lastLabel) => {
    const options = monthOptions(year, today);
    expect(options).toHaveLength(count);
    expect(options.at(-1)?.label).toBe(lastLabel);
    expect(options.map((option) => option.value)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
  });

  it.each([
    [1, ['January']],
    [
      12,
      [
        'January',
        'February',
        'March',
        'April',
        'May',
        'June',
        'July',
        'August',
        'September',
        'October',
        'November',
        'December',
      ],
    ],
  ])('in January/December of the current year (month %i)', (month, labels) => {
    expect(monthOptions(2026, { year: 2026, month }).map((o) => o.label)).toEqual(labels);
  });
});

describe('yearOptions (001 §9)', () => {
  it.each([
    [2020, [2020]],
    [2021, [2021, 2020]],
    [2026, [2026, 2025, 2024, 2023, 2022, 2021, 2020]],
  ])('current year %i gives %j', (year, values) => {
    expect(yearOptions(year).map((o) => o.value)).toEqual(values);
    expect(yearOptions(year).map((o) => o.label)).toEqual(values.map(String));
  });
});

describe('currentPeriod and month names', () => {
  it.each([
    [new Date(2026, 0, 1, 0, 0), { year: 2026, month: 1 }],
    [new Date(2025, 11, 31, 23, 59), { year: 2025, month: 12 }],
    [new Date(2024, 1, 29, 12), { year: 2024, month: 2 }],
  ])('%s is %j', (now, period) => {
    expect(currentPeriod(now)).toEqual(period);
  });

  it.each([
    [1, 'January'],
    [12, 'December'],
    [13, '13'],
  ])('month %i is %s', (month, name) => {
    expect(monthName(month)).toBe(name);
  });

  it('a year change resets to January (001 §4: month 0 of a 0-based month count)', () => {
    expect(monthName(MONTH_AFTER_YEAR_CHANGE)).toBe('January');
  });
});

describe('periodFromSearch', () => {
  const today = { year: 2026, month: 3 };
  it.each([
    ['', today],
    ['year=2025&month=11', { year: 2025, month: 11 }],
    ['?year=2026&month=3', { year: 2026, month: 3 }],
    ['year=2020&month=1', { year: 2020, month: 1 }],
    ['year=2026&month=4', today],
    ['year=2019&month=5', today],
    ['year=2027&month=1', today],
    ['year=2025&month=13', today],
    ['year=2025&month=0', today],
    ['year=2025', today],
    ['year=abc&month=2', today],
    ['year=2025.5&month=2', today],
  ])('%j gives %j', (search, period) => {
    expect(periodFromSearch(search, today)).toEqual(period);
  });

  it('links back to the report with the period', () => {
    expect(billingReportHref({ year: 2025, month: 7 })).toBe('/app/billing-report?year=2025&month=7');
    expect(periodFromSearch(billingReportHref({ year: 2025, month: 7 }).split('?')[1] ?? '', today)).toEqual({
      year: 2025,
      month: 7,
    });
  });
});
