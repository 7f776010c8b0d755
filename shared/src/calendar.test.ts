import { describe, expect, it } from 'vitest';
import {
  ageOn,
  daysAgo,
  daysBetween,
  elapsedDays,
  isoDay,
  lastDayOf,
  monthsBefore,
  reportMonthOn,
  shiftDay,
} from './calendar.js';

describe('calendar: UTC days and months of the contract', () => {
  it('gives the UTC day of a moment, whatever the time of day', () => {
    expect(isoDay(new Date('2026-11-30T23:59:59.999Z'))).toBe('2026-11-30');
    expect(isoDay(new Date('2026-12-01T00:00:00.000Z'))).toBe('2026-12-01');
  });

  it.each([
    ['2026-02-28', 1, '2026-03-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-01-01', -1, '2025-12-31'],
    ['2026-03-29', -29, '2026-02-28'],
    ['2026-11-15', 0, '2026-11-15'],
  ])('moves %s by %i days to %s', (day, days, expected) => {
    expect(shiftDay(day, days)).toBe(expected);
  });

  it.each([
    ['2026-01-01', '2026-12-31', 364],
    ['2028-01-01', '2028-12-31', 365],
    ['2026-11-15', '2026-11-15', 0],
    ['2026-11-15', '2026-11-14', -1],
  ])('counts the calendar days from %s to %s: %i', (from, to, days) => {
    expect(daysBetween(from, to)).toBe(days);
  });

  it('counts calendar days between moments by their UTC days', () => {
    expect(daysBetween(new Date('2026-11-14T23:59:00Z'), new Date('2026-11-15T00:01:00Z'))).toBe(1);
  });

  it.each([
    ['2026-03', 1, '2026-02'],
    ['2026-01', 1, '2025-12'],
    ['2026-11', 6, '2026-05'],
    ['2026-11', 12, '2025-11'],
    ['2026-12', -1, '2027-01'],
  ])('goes from %s back %i months to %s', (month, months, expected) => {
    expect(monthsBefore(month, months)).toBe(expected);
  });

  it.each([
    ['2026-02', '2026-02-28'],
    ['2028-02', '2028-02-29'],
    ['2026-04', '2026-04-30'],
    ['2026-12', '2026-12-31'],
  ])('knows the last day of %s: %s', (month, last) => {
    expect(lastDayOf(month)).toBe(last);
  });

  it('counts whole elapsed days, rounded down', () => {
    const from = new Date('2026-11-10T12:00:00Z');
    expect(elapsedDays(from, new Date('2026-11-13T11:59:59Z'))).toBe(2);
    expect(elapsedDays(from, new Date('2026-11-13T12:00:00Z'))).toBe(3);
  });

  it('goes back whole days from a moment, keeping its time of day', () => {
    expect(daysAgo(new Date('2026-03-01T08:30:00Z'), 30).toISOString()).toBe('2026-01-30T08:30:00.000Z');
  });
});

describe('reportMonthOn', () => {
  it.each([
    ['2026-12-01', '2026-11'],
    ['2026-12-02', '2026-12'],
    ['2026-11-30', '2026-11'],
    ['2027-01-01', '2026-12'],
    ['2028-03-01', '2028-02'],
  ])('on %s a month report opens on %s', (today, month) => {
    expect(reportMonthOn(today)).toBe(month);
  });
});

describe('ageOn', () => {
  it.each([
    ['1950-03-04', '2026-03-03', 75],
    ['1950-03-04', '2026-03-04', 76],
    ['1952-02-29', '2026-02-28', 73],
    ['1952-02-29', '2026-03-01', 74],
  ])('born %s is on %s %i years old', (dob, day, age) => {
    expect(ageOn(dob, day)).toBe(age);
  });
});
