import { describe, expect, it } from 'vitest';
import { displayDateTime, displayPhone, displayTime, formatCell } from './format.js';

/** One time and one phone format across the product; CSV numbers bare (issue 41 §4). */

describe('displayTime', () => {
  it("writes a UTC afternoon as '03:53 PM', never '15:53'", () => {
    expect(displayTime('2026-11-30T15:53:00Z', true)).toBe('03:53 PM');
    expect(displayTime(new Date('2026-11-30T00:05:00Z'), true)).toBe('12:05 AM');
  });

  it('is the time displayDateTime writes after the day', () => {
    const at = '2026-11-30T15:53:00Z';
    expect(displayDateTime(at).endsWith(displayTime(at))).toBe(true);
  });

  it('gives back what is not a time', () => {
    expect(displayTime('soon')).toBe('soon');
  });
});

describe('displayPhone', () => {
  it.each([
    ['2025550101', '(202) 555-0101'],
    ['(555) 101-1037', '(555) 101-1037'],
    ['+15551011037', '(555) 101-1037'],
    ['555.101.1037', '(555) 101-1037'],
  ])('writes %s as %s', (given, shown) => {
    expect(displayPhone(given)).toBe(shown);
  });

  it('leaves a number that is not a US one as given, and none as empty', () => {
    expect(displayPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(displayPhone(null)).toBe('');
  });

  it("is the 'phone' cell format", () => {
    expect(formatCell('2025550101', 'phone')).toBe('(202) 555-0101');
  });
});

describe('formatCell in a CSV', () => {
  it("writes counts, minutes and dollars bare: '2325', not '2,325'", () => {
    expect(formatCell(2325, 'number')).toBe('2,325');
    expect(formatCell(2325, 'number', true)).toBe('2325');
    expect(formatCell(42, 'minutes', true)).toBe('42');
    expect(formatCell(1234.5, 'usd')).toBe('$1,234.50');
    expect(formatCell(1234.5, 'usd', true)).toBe('1234.50');
  });

  it('writes every other format as the screen does', () => {
    expect(formatCell('2025550101', 'phone', true)).toBe('(202) 555-0101');
    expect(formatCell('2026-11-30', 'date', true)).toBe('11/30/2026');
  });
});
