import { describe, expect, it } from 'vitest';
import { isCalendarDay } from './calendar.js';
import {
  isValidIvrNote,
  RULE_FORM_MSG,
  type RuleFormValues,
  resumeDatesErrors,
  ruleFormErrors,
} from './rule-form.js';

const TODAY = '2026-11-22';

const valid: RuleFormValues = {
  inventory_id: 12,
  device_type_id: 1,
  start_date: TODAY,
  end_date: '2099-12-31',
  interval_id: 1,
  interval: 1,
  sms_miss: 2,
  call_miss: 3,
  gain: null,
  loss: null,
  notification_note: 'Please take your reading today, thank you.',
  vitals: [
    {
      vital_id: 1,
      kind: 'other',
      critical_low: 90,
      abnormal_low: 100,
      abnormal_high: 140,
      critical_high: 180,
    },
  ],
};

describe('ruleFormErrors (001 §5)', () => {
  it('accepts a complete form', () => {
    expect(ruleFormErrors(valid, { today: TODAY, mode: 'add' })).toEqual({});
  });

  it.each<[string, Partial<RuleFormValues>, string, string]>([
    ['no device', { inventory_id: null }, 'inventory_id', 'Select a Device'],
    ['no start date', { start_date: null }, 'start_date', 'Invalid Start Date'],
    ['a start date that is no date', { start_date: '2026-02-30' }, 'start_date', 'Invalid Start Date'],
    ['a start date before today', { start_date: '2026-11-21' }, 'start_date', 'Invalid Start Date'],
    ['no end date', { end_date: null }, 'end_date', 'Invalid End Date'],
    ['an end date in another format', { end_date: '12/31/2099' }, 'end_date', 'Invalid End Date'],
    ['an end date after 12/31/2099', { end_date: '2100-01-01' }, 'end_date', 'Invalid End Date'],
    [
      'an end equal to the start',
      { start_date: '2026-12-01', end_date: '2026-12-01' },
      'end_date',
      'Invalid Date Range',
    ],
    [
      'an end before the start',
      { start_date: '2026-12-05', end_date: '2026-12-01' },
      'end_date',
      'Invalid Date Range',
    ],
    ['no interval chosen', { interval_id: null }, 'interval_id', RULE_FORM_MSG.selectInterval],
    ['interval 0', { interval: 0 }, 'interval', 'Interval must be greater than 0'],
    ['a negative interval', { interval: -1 }, 'interval', 'Interval must be greater than 0'],
    ['an empty interval', { interval: null }, 'interval', 'Interval must be greater than 0'],
    ['negative missed-SMS days', { sms_miss: -2 }, 'sms_miss', 'Missed SMS days cannot be negative or zero'],
    ['zero missed-SMS days', { sms_miss: 0 }, 'sms_miss', 'Missed SMS days cannot be negative or zero'],
    ['half a day', { sms_miss: 1.5 }, 'sms_miss', 'Missed SMS days cannot be negative or zero'],
    [
      'negative missed-call days',
      { call_miss: -1 },
      'call_miss',
      'Missed call days cannot be negative or zero',
    ],
    [
      'an IVR note with special characters',
      { notification_note: 'Call me!' },
      'notification_note',
      'Message cannot contain special characters',
    ],
    [
      'an IVR note with a new line',
      { notification_note: 'a\nb' },
      'notification_note',
      'Message cannot contain special characters',
    ],
    [
      'an IVR note too long',
      { notification_note: 'a'.repeat(501) },
      'notification_note',
      RULE_FORM_MSG.ivrTooLong,
    ],
    [
      'crossed thresholds',
      {
        vitals: [
          {
            vital_id: 1,
            kind: 'other',
            critical_low: 90,
            abnormal_low: 150,
            abnormal_high: 140,
            critical_high: 180,
          },
        ],
      },
      'vitals.1.abnormal_high',
      'abnormal_high must be above abnormal_low',
    ],
  ])('refuses %s', (_, change, field, message) => {
    const errors = ruleFormErrors({ ...valid, ...change }, { today: TODAY, mode: 'add' });
    expect(errors).toEqual({ [field]: message });
  });

  it('lets the IVR note be empty (it has no error of its own)', () => {
    expect(ruleFormErrors({ ...valid, notification_note: '' }, { today: TODAY, mode: 'add' })).toEqual({});
  });

  it('allows every character the spec lists', () => {
    expect(isValidIvrNote('Abc 123 , - . ; : @ $ % & < > ( )')).toBe(true);
    for (const bad of ['!', '?', '#', '*', '"', "'", '/', '_', 'é'])
      expect(isValidIvrNote(bad), bad).toBe(false);
  });

  describe('for a weight device', () => {
    const weight = { ...valid, device_type_id: 2, gain: 3, loss: 3, vitals: [] };
    it('accepts gain and loss above 0', () => {
      expect(ruleFormErrors(weight, { today: TODAY, mode: 'add' })).toEqual({});
    });
    it.each<[Partial<RuleFormValues>, string, string]>([
      [{ gain: 0 }, 'gain', 'Weight gain must be greater than 0'],
      [{ gain: null }, 'gain', 'Weight gain must be greater than 0'],
      [{ loss: -1 }, 'loss', 'Weight loss must be greater than 0'],
    ])('refuses %o', (change, field, message) => {
      expect(ruleFormErrors({ ...weight, ...change }, { today: TODAY, mode: 'add' })).toEqual({
        [field]: message,
      });
    });
    it('ignores gain and loss for other devices', () => {
      expect(ruleFormErrors({ ...valid, gain: -4, loss: null }, { today: TODAY, mode: 'add' })).toEqual({});
    });
  });

  describe('in edit mode (001 §4)', () => {
    const old = { ...valid, start_date: '2026-01-10' };
    it('accepts a locked start date in the past', () => {
      expect(ruleFormErrors(old, { today: TODAY, mode: 'edit' })).toEqual({});
      expect(ruleFormErrors(old, { today: TODAY, mode: 'edit', startDateLocked: true })).toEqual({});
    });
    it('holds a changed start date to today at the earliest', () => {
      expect(ruleFormErrors(old, { today: TODAY, mode: 'edit', startDateLocked: false })).toEqual({
        start_date: 'Invalid Start Date',
      });
    });
  });
});

describe('resumeDatesErrors (001 §2.2, §5)', () => {
  it.each<[string | null, string | null, Record<string, string>]>([
    [TODAY, '2099-12-31', {}],
    ['2026-11-01', '2026-12-01', {}],
    ['2026-11-01', TODAY, {}],
    ['2026-11-23', '2099-12-31', { start_date: 'Invalid Date' }],
    [null, '2099-12-31', { start_date: 'Invalid Date' }],
    ['2026-13-01', '2099-12-31', { start_date: 'Invalid Date' }],
    [TODAY, TODAY, { end_date: 'Invalid Date' }],
    ['2026-11-01', '2026-10-31', { end_date: 'Invalid Date' }],
    ['2026-11-01', '2026-11-21', { end_date: 'Invalid Date' }],
    [TODAY, null, { end_date: 'Invalid Date' }],
  ])('start %s, end %s', (start, end, errors) => {
    expect(resumeDatesErrors({ start_date: start, end_date: end }, TODAY)).toEqual(errors);
  });
});

describe('isCalendarDay', () => {
  it.each([
    ['2026-02-28', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-2-28', false],
    ['2026-02-28T00:00:00Z', false],
    ['', false],
  ])('%s: %s', (text, ok) => {
    expect(isCalendarDay(text)).toBe(ok);
  });
});
