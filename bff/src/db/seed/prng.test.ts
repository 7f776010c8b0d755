import { describe, expect, it } from 'vitest';
import { createRandom, deriveSeed, mulberry32 } from './prng.js';

describe('prng', () => {
  it('repeats the same stream for the same seed', () => {
    const a = mulberry32(7);
    const b = mulberry32(7);
    const first = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(first);
    expect(Array.from({ length: 5 }, mulberry32(8))).not.toEqual(first);
  });

  it('keeps draws in range', () => {
    const random = createRandom(1);
    for (let n = 0; n < 1000; n++) {
      const value = random.int(3, 5);
      expect(value).toBeGreaterThanOrEqual(3);
      expect(value).toBeLessThanOrEqual(5);
      expect(random.next()).toBeLessThan(1);
    }
    expect(random.pick(['only'])).toBe('only');
    expect(
      random.weighted([
        ['never', 0],
        ['always', 1],
      ] as const),
    ).toBe('always');
  });

  it('derives distinct streams per index', () => {
    expect(deriveSeed(1, 0)).not.toBe(deriveSeed(1, 1));
    expect(deriveSeed(1, 0)).toBe(deriveSeed(1, 0));
  });
});
