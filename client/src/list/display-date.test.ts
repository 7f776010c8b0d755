import { displayDate } from '@rpm/shared';
import { describe, expect, it } from 'vitest';

describe('displayDate', () => {
  it.each([
    [null, ''],
    [undefined, ''],
    ['', ''],
    ['  ', ''],
    ['2025-03-07', '03/07/2025'],
    ['2020-12-31', '12/31/2020'],
    ['03/07/2025', '03/07/2025'],
    ['not a date', 'not a date'],
    ['2025-13-45T99:99', '2025-13-45T99:99'],
  ])('%j is %j', (value, text) => {
    expect(displayDate(value)).toBe(text);
  });

  it('shows a timestamp as its local date', () => {
    const at = new Date(2025, 2, 7, 23, 30);
    expect(displayDate(at.toISOString())).toBe('03/07/2025');
  });
});
