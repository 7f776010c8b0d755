import { describe, expect, it } from 'vitest';
import { addDiagnosis } from '../api/chart-clinical.js';
import { COMMON_DIAGNOSES, CONDITIONS, conditionsOfCode, conditionsOfCodes } from './conditions.js';
import { TIP_TEXT_MAX, TIPS, tipMessage, tipsFor } from './tips.js';

describe('clinical conditions and tips (issue 13)', () => {
  it.each([
    ['I10', ['hypertension']],
    ['I11.0', ['hypertension', 'heart_failure']],
    ['i50.22', ['heart_failure']],
    ['E11.65', ['diabetes']],
    ['J44.1', ['copd']],
    ['E66.01', ['weight']],
    ['N18.3', []],
  ])('recognises %s as %j', (code, conditions) => {
    expect(conditionsOfCode(code)).toEqual(conditions);
  });

  it('lists the distinct conditions of several codes in catalogue order', () => {
    expect(conditionsOfCodes(['E11.9', 'I10', 'I10', 'G47.33'])).toEqual(['hypertension', 'diabetes']);
  });

  it('has three tips per condition, each short enough for two SMS segments, with unique ids', () => {
    for (const condition of CONDITIONS) expect(tipsFor([condition])).toHaveLength(3);
    expect(new Set(TIPS.map((t) => t.id)).size).toBe(TIPS.length);
    for (const tip of TIPS) expect(tip.text.length).toBeLessThanOrEqual(TIP_TEXT_MAX);
    expect(tipsFor([])).toHaveLength(TIPS.length);
    expect(tipMessage(TIPS[0] as (typeof TIPS)[number])).toBe(`${TIPS[0]?.title}: ${TIPS[0]?.text}`);
  });

  it('offers only common diagnoses the add call accepts', () => {
    for (const { code, description } of COMMON_DIAGNOSES) {
      const body = { patient_id: 1, icd10_code: code, description, is_primary: false };
      expect(addDiagnosis.body.safeParse(body).success, code).toBe(true);
    }
    const bad = addDiagnosis.body.safeParse({
      patient_id: 1,
      icd10_code: 'I1',
      description: 'x',
      is_primary: false,
    });
    expect(bad.success).toBe(false);
  });
});
