import { describe, expect, it } from 'vitest';
import { isNewerVersion } from './version-rules';

describe('isNewerVersion (001 §4)', () => {
  it.each([
    ['1.0.1', '1.0.0', true],
    ['1.1.0', '1.0.9', true],
    ['2.0.0', '1.99.99', true],
    ['1.10.0', '1.9.0', true],
    ['1.0.0', '1.0.0-rc.1', true],
    ['1.0.0', '1.0.0', false],
    ['1.0.0', '1.0.1', false],
    ['0.9.0', '1.0.0', false],
    [' 1.2.0 ', '1.1.0', true],
    ['v1.2.0', '1.1.0', true],
    ['latest', '1.0.0', false],
    ['', '1.0.0', false],
    ['1.2.0', '', false],
    ['1.2', '1.1.0', false],
  ])('server %j vs running %j → %s', (latest, running, newer) => {
    expect(isNewerVersion(latest, running)).toBe(newer);
  });
});
