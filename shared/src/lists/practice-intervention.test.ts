import { describe, expect, it } from 'vitest';
import { TIME_CATEGORIES } from '../api/chart-activity.js';
import { defaultFilterValue } from './define-list.js';
import {
  INTERVENTION_KINDS,
  interventionMonthOn,
  practiceInterventionList,
  TIME_CATEGORY_KINDS,
} from './index.js';

describe('Practice Intervention (decisions.md "Practice Intervention")', () => {
  it.each([
    ['2026-03-01', '2026-02'],
    ['2026-03-05', '2026-02'],
    ['2026-03-06', '2026-03'],
    ['2026-03-31', '2026-03'],
    ['2026-01-04', '2025-12'],
  ])('opens on %s at the month %s', (today, month) => {
    expect(interventionMonthOn(today)).toBe(month);
    expect(defaultFilterValue(practiceInterventionList, 'month', today)).toBe(month);
  });

  it('takes every care-time category but data review as a kind of intervention', () => {
    expect(TIME_CATEGORIES.filter((category) => !(category in TIME_CATEGORY_KINDS))).toEqual(['Data review']);
    for (const kind of Object.values(TIME_CATEGORY_KINDS)) expect(INTERVENTION_KINDS[kind]).toBeDefined();
  });
});
