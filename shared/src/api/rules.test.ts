import { describe, expect, it } from 'vitest';
import { RULE_PREVIOUS_FIELDS, rulePrevious, rulePreviousOf } from './rules.js';

const loaded = {
  start_date: '2026-11-01',
  end_date: '2099-12-31',
  interval_id: 1,
  interval: 2,
  status: 1,
  notification_mode: 'sms',
  notification_note: 'Hello',
  sms_miss: 2,
  call_miss: 3,
  gain: null,
  loss: 4,
  updated_at: '2026-11-01T00:00:00.000Z',
};

describe("a rule's previous block (001 §7)", () => {
  it("takes its field list from the schema's keys", () => {
    expect([...RULE_PREVIOUS_FIELDS].sort()).toEqual(Object.keys(rulePrevious.shape).sort());
    expect(RULE_PREVIOUS_FIELDS).toHaveLength(12);
  });

  it('picks exactly those fields from a rule as loaded, which the schema parses unchanged', () => {
    const previous = rulePreviousOf({
      ...loaded,
      device_name: 'BP Cuff',
      notification_rule_id: 31,
    } as typeof loaded);
    expect(previous).toEqual(loaded);
    expect(rulePrevious.parse(previous)).toEqual(loaded);
  });
});
