import { describe, expect, it } from 'vitest';
import { monthName } from '../lists/format.js';
import {
  rejectHover,
  type StatusProgram,
  showsBhiTab,
  showsCcmProgress,
  showsCcmTab,
  showsRpmDetails,
  statusAvailability,
  statusDialog,
} from './chart.js';
import { getPatientReadings } from './chart-readings.js';
import { complianceSquareColour, complianceStripMonths } from './chart-targets.js';
import { ingestReadingBody } from './ingest.js';
import { addRuleBody, terminateRule } from './rules.js';

describe('statusDialog (001 §4)', () => {
  it.each<[StatusProgram, number | null, number, string | null]>([
    ['RPM', 4, 1, 'enrollment'],
    ['RPM', null, 1, 'enrollment'],
    ['RPM', 1, 1, null],
    ['RPM', 4, 9, 'rejected'],
    ['RPM', 9, 9, null],
    ['RPM', 4, 13, 'reject'],
    ['RPM', 13, 13, 'reject'],
    ['RPM', 1, 5, null],
    ['RPM', 9, 4, null],
    ['CCM', 3, 4, 'discharge'],
    ['CCM', 4, 4, 'discharge'],
    ['CCM', 1, 3, null],
    ['CCM', 3, 1, null],
    ['BHI', 1, 4, null],
    ['BHI', 1, 9, null],
  ])('%s %s → %i opens %s', (program, from, to, dialog) => {
    expect(statusDialog(program, from, to)).toBe(dialog);
  });
});

describe('statusAvailability (001 §4)', () => {
  it.each<[StatusProgram, number, string]>([
    ['RPM', 6, 'hidden'],
    ['RPM', 1, 'offered'],
    ['RPM', 9, 'offered'],
    ['CCM', 6, 'hidden'],
    ['CCM', 2, 'disabled'],
    ['CCM', 4, 'offered'],
    ['BHI', 6, 'offered'],
    ['BHI', 2, 'offered'],
  ])('%s %i is %s', (program, status, availability) => {
    expect(statusAvailability(program, status)).toBe(availability);
  });
});

describe('what the card shows (001 §2.3)', () => {
  it.each([
    [null, false],
    [3, false],
    [4, true],
    [9, true],
  ])('RPM details at status %s: %s', (status, shown) => {
    expect(showsRpmDetails(status)).toBe(shown);
  });
  it.each([
    [null, false],
    [1, false],
    [2, true],
    [30, true],
  ])('CCM progress at status %s: %s', (status, shown) => {
    expect(showsCcmProgress(status)).toBe(shown);
  });
  it.each([
    [null, false],
    [30, false],
    [1, true],
    [2, true],
  ])('CCM tab at status %s: %s', (status, shown) => {
    expect(showsCcmTab(status)).toBe(shown);
  });
  it.each([
    [null, false],
    ['', false],
    ['  ', false],
    ['HM-123456', true],
  ])('BHI tab with health-med id %o: %s', (id, shown) => {
    expect(showsBhiTab(id)).toBe(shown);
  });
  it.each([
    [null, null, 'Not Available', '-'],
    ['', ' ', 'Not Available', '-'],
    ['Patient declined', 'Prefers office visits', 'Patient declined', 'Prefers office visits'],
  ])('the hover on RPM 9 with %o / %o', (reason, comment, shownReason, shownComment) => {
    expect(rejectHover(reason, comment)).toEqual({ reason: shownReason, comment: shownComment });
  });
});

describe('compliance strip (001 §2.9, §4, §9)', () => {
  it('has five months, the full months before the current one', () => {
    expect(complianceStripMonths('2026-11-22')).toEqual([
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
    ]);
    expect(complianceStripMonths('2026-03-01')).toEqual([
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
  });
  it('names the months for the tooltips', () => {
    expect(monthName('2026-06')).toBe('June');
    expect(monthName('2025-12')).toBe('December');
  });
  it.each<[string, string | null, boolean, string]>([
    ['2026-06', null, true, 'grey'],
    ['2026-06', '2026-07-15', true, 'grey'],
    ['2026-07', '2026-07-15', true, 'lightGreen'],
    ['2026-07', '2026-07-15', false, 'red'],
    ['2026-10', '2025-01-01', false, 'red'],
  ])('%s with set-up %s and flag %s is %s', (month, setup, flag, colour) => {
    expect(complianceSquareColour(month, setup, flag)).toBe(colour);
  });
});

describe('contract schemas', () => {
  const rule = {
    user_id: 5,
    role_id: 7,
    interval_id: 1,
    interval: 1,
    status: 1,
    start_date: '2026-11-22',
    end_date: '2099-12-31',
    created_by: 3,
    inventory_id: 12,
    device_type_id: 1,
    notification_mode: 'sms_ivr',
    sms_miss: 2,
    call_miss: 3,
  };
  const issue = (result: {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  }) => {
    const first = result.error?.issues[0];
    return first ? [first.path.join('.'), first.message] : null;
  };

  it.each<[string, Record<string, unknown>, [string, string] | null]>([
    ['a valid rule', {}, null],
    ['no device', { inventory_id: undefined }, ['inventory_id', 'Select a Device']],
    ['a bad start date', { start_date: '2026-02-30' }, ['start_date', 'Invalid Start Date']],
    ['no end date', { end_date: undefined }, ['end_date', 'Invalid End Date']],
    ['an end before the start', { end_date: '2026-11-21' }, ['end_date', 'Invalid Date Range']],
    [
      'negative missed-SMS days',
      { sms_miss: -1 },
      ['sms_miss', 'Missed SMS days cannot be negative or zero'],
    ],
    ['zero missed-call days', { call_miss: 0 }, ['call_miss', 'Missed call days cannot be negative or zero']],
    ['a text interval', { interval: '2' }, ['interval', 'Interval must be greater than 0']],
    ['role 6', { role_id: 6 }, ['role_id', expect.any(String) as unknown as string]],
    [
      'an IVR note with !',
      { notification_note: 'Hello!' },
      ['notification_note', 'Message cannot contain special characters'],
    ],
  ])('add-rule payload: %s', (_, change, expected) => {
    expect(issue(addRuleBody.safeParse({ ...rule, ...change }))).toEqual(expected);
  });

  it.each<[Record<string, unknown>, [string, string] | null]>([
    [{ is_continue: false }, null],
    [{ is_continue: 0 }, null],
    [{ is_continue: 1, start_date: '2026-11-20', end_date: '2099-12-31' }, null],
    [{ is_continue: true }, ['start_date', 'Invalid Date']],
    [{ is_continue: true, start_date: '2026-11-20' }, ['end_date', 'Invalid Date']],
    [{ is_continue: true, start_date: '2026-11-20', end_date: '2026-11-20' }, ['end_date', 'Invalid Date']],
    [{ is_continue: true, start_date: 'soon', end_date: '2026-11-20' }, ['start_date', 'Invalid Date']],
  ])('terminate payload %o', (change, expected) => {
    const body = { notification_rule_id: 1, device_assign_id: 2, terminated_by: 3, ...change };
    expect(issue(terminateRule.body.safeParse(body))).toEqual(expected);
  });

  it.each<[Record<string, unknown>, string | null]>([
    [{ from: '2026-01-01', to: '2026-12-31' }, null],
    [{ from: '2026-01-01', to: '2027-01-01' }, null],
    [{ from: '2026-01-01', to: '2027-01-02' }, 'to'],
    [{ from: '2026-02-01', to: '2026-01-31' }, 'to'],
    [{ from: '2026-02-30', to: '2026-03-01' }, 'from'],
  ])('readings range %o', (range, field) => {
    const result = getPatientReadings.query.safeParse({ patient_id: '1', ...range });
    expect(issue(result)?.[0] ?? null).toBe(field);
  });

  it.each<[Record<string, unknown>, string | null]>([
    [{ imei: '358640000000007', taken_at: '2026-11-22T08:00:00Z', values: { systolic: 120 } }, null],
    [{ imei: '358640000000007', taken_at: '2026-11-22T08:00:00+02:00', values: { blood_glucose: 99 } }, null],
    [{ imei: '358640000000007', taken_at: '2026-11-22 08:00', values: { systolic: 120 } }, 'taken_at'],
    [{ imei: '358640000000007', taken_at: '2026-11-22T08:00:00', values: { systolic: 120 } }, 'taken_at'],
    [{ imei: '358640000000007', taken_at: '2026-11-22T08:00:00Z', values: {} }, 'values'],
    [
      { imei: '358640000000007', taken_at: '2026-11-22T08:00:00Z', values: { systolic: -1 } },
      'values.systolic',
    ],
    [
      { imei: '358640000000007', taken_at: '2026-11-22T08:00:00Z', values: { systolic: '120' } },
      'values.systolic',
    ],
    [{ imei: 'x', taken_at: '2026-11-22T08:00:00Z', values: { systolic: 120 } }, 'imei'],
  ])('intake body %o', (body, field) => {
    expect(issue(ingestReadingBody.safeParse(body))?.[0] ?? null).toBe(field);
  });
});
