import { describe, expect, it } from 'vitest';
import {
  filterPractices,
  loadsAllPractices,
  toPracticeChoice,
  usesPracticeSelector,
} from './practice-options';

describe('practice selector by lowest role (001 §2.4, §6)', () => {
  it.each([
    [[1], true, true],
    [[10], true, true],
    [[10, 11], true, true],
    [[17], true, false],
    [[11], false, false],
    [[9, 17], false, false],
    [[2], false, false],
    [[], false, false],
  ])('roles %j: selector %s, full list %s', (roles, selector, all) => {
    expect(usesPracticeSelector(roles)).toBe(selector);
    expect(loadsAllPractices(roles)).toBe(all);
  });
});

describe('filterPractices', () => {
  const practices = [
    { practiceId: 1, orgId: 1, label: 'Main Street Practice' },
    { practiceId: 2, orgId: 1, label: 'Harbour Clinic' },
    { practiceId: 3, orgId: 2, label: 'Northside Practice' },
  ];
  it.each([
    ['', [1, 2, 3]],
    ['  ', [1, 2, 3]],
    ['practice', [1, 3]],
    [' HARB ', [2]],
    ['nothing', []],
  ])('%j matches %j', (text, ids) => {
    expect(filterPractices(practices, text).map((p) => p.practiceId)).toEqual(ids);
  });

  it('maps an API option', () => {
    expect(toPracticeChoice({ practice_id: 5, org_id: 9, label: 'X' })).toEqual({
      practiceId: 5,
      orgId: 9,
      label: 'X',
    });
  });
});
