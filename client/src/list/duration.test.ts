import { formatCell } from '@rpm/shared';
import { describe, expect, it } from 'vitest';

// A call's length on the call pages (shared/src/lists/calls.ts), the same on screen and in exports.
describe("formatCell 'duration'", () => {
  it.each([
    [0, '0:00'],
    [9, '0:09'],
    [95, '1:35'],
    [3599, '59:59'],
    [3725, '1:02:05'],
  ])('%d seconds is %s', (seconds, text) => {
    expect(formatCell(seconds, 'duration')).toBe(text);
  });

  it('leaves an unknown length blank', () => {
    expect(formatCell(null, 'duration')).toBe('');
  });
});
