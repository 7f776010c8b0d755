import { describe, expect, it } from 'vitest';
import { hasRole, lowestRoleId } from './roles.js';

describe('lowestRoleId (000 §6)', () => {
  it.each<[readonly number[], number | undefined]>([
    [[], undefined],
    [[7], 7],
    [[10, 6, 13], 6],
    [[20, 18, 17, 16], 16],
    [[1, 20], 1],
    [[5, 5, 5], 5],
  ])('%j → %s', (roleIds, expected) => {
    expect(lowestRoleId(roleIds)).toBe(expected);
  });
});

describe('hasRole (000 §2.4, §6.2)', () => {
  it.each<[readonly number[], number, boolean]>([
    [[], 6, false],
    [[6], 6, true],
    [[1, 6, 13], 6, true],
    [[1, 16], 6, false],
    [[16], 1, false],
  ])('%j has %i → %s', (roleIds, id, expected) => {
    expect(hasRole(roleIds, id)).toBe(expected);
  });
});
