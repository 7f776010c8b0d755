import { formatUsd } from '@rpm/shared';
import { describe, expect, it } from 'vitest';

describe('formatUsd', () => {
  it.each([
    [0, '$0.00'],
    [19.5, '$19.50'],
    [1234.5, '$1,234.50'],
    [1_000_000, '$1,000,000.00'],
    [0.005, '$0.01'],
    [-42, '-$42.00'],
    [Number.NaN, '$0.00'],
  ])('%d is %s', (amount, text) => {
    expect(formatUsd(amount)).toBe(text);
  });
});
