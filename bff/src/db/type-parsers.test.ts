import { describe, expect, it } from 'vitest';
import {
  parseDate,
  parseInt8,
  parseNumeric,
  parseSimpleArray,
  RESULT_PARSERS,
  TYPE_OIDS,
} from './type-parsers.js';

describe('type parsers', () => {
  it('reads int8 as a number while safe, as a bigint beyond 2^53', () => {
    expect(parseInt8('42')).toBe(42);
    expect(parseInt8('-9007199254740991')).toBe(-9007199254740991);
    expect(parseInt8('9007199254740993')).toBe(9007199254740993n);
  });

  it('reads numeric as a number', () => {
    expect(parseNumeric('182.5')).toBe(182.5);
    expect(parseNumeric('NaN')).toBeNaN();
  });

  it('reads a date as UTC midnight of that day', () => {
    expect(parseDate('2026-11-15').toISOString()).toBe('2026-11-15T00:00:00.000Z');
    expect(parseDate('infinity').getTime()).toBe(8.64e15);
  });

  it('reads arrays, nested arrays and NULL elements', () => {
    expect(parseSimpleArray('{1,2,NULL}', parseInt8)).toEqual([1, 2, null]);
    expect(parseSimpleArray('{{1.5,2},{3,4}}', parseNumeric)).toEqual([
      [1.5, 2],
      [3, 4],
    ]);
    expect(parseSimpleArray('{}', parseInt8)).toEqual([]);
    expect(RESULT_PARSERS[TYPE_OIDS.dateArray]?.('{2026-01-02}')).toEqual([new Date('2026-01-02T00:00:00Z')]);
  });
});
