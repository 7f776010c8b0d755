import { describe, expect, it } from 'vitest';
import {
  billedCodes,
  CCM_CARE_PLAN_MISSING,
  ccmBilling,
  ccmCodes,
  type PatientMonthActivity,
  rpmCodes,
  rtmCodes,
} from './eligibility.js';

const NOV_2025 = '2025-11-01';
const DEC_2025 = '2025-12-31';
const JAN_2026 = '2026-01-01';

const min = (minutes: number, seconds = 0) => minutes * 60 + seconds;

const base: PatientMonthActivity = {
  dateOfService: JAN_2026,
  readingDays: 0,
  rpmSeconds: 0,
  rtmSeconds: 0,
  ccmSeconds: 0,
  ccmType: null,
  setupDate: null,
};

describe('device supply (99454, and 99445 from 2026)', () => {
  it.each([
    // [date of service, reading days, expected]
    [DEC_2025, 0, null],
    [DEC_2025, 1, null],
    [DEC_2025, 2, null],
    [DEC_2025, 15, null],
    [DEC_2025, 16, '99454'],
    [DEC_2025, 31, '99454'],
    [JAN_2026, 0, null],
    [JAN_2026, 1, null],
    [JAN_2026, 2, '99445'],
    [JAN_2026, 15, '99445'],
    [JAN_2026, 16, '99454'],
    [JAN_2026, 31, '99454'],
  ] as const)('%s with %i reading days: %s', (dateOfService, readingDays, expected) => {
    expect(rpmCodes({ ...base, dateOfService, readingDays }).deviceSupply).toBe(expected);
  });
});

describe('RPM treatment time (99457/99458, and 99470 from 2026)', () => {
  it.each([
    // [date of service, seconds, 20-min column, 40-min column, 60-min column]
    [DEC_2025, min(9, 59), null, null, null],
    [DEC_2025, min(10), null, null, null],
    [DEC_2025, min(19, 59), null, null, null],
    [DEC_2025, min(20), '99457', null, null],
    [DEC_2025, min(39, 59), '99457', null, null],
    [DEC_2025, min(40), '99457', '99458', null],
    [DEC_2025, min(59, 59), '99457', '99458', null],
    [DEC_2025, min(60), '99457', '99458', '99458'],
    [DEC_2025, min(95), '99457', '99458', '99458'],
    [JAN_2026, 0, null, null, null],
    [JAN_2026, min(9), null, null, null],
    [JAN_2026, min(9, 59), null, null, null],
    [JAN_2026, min(10), '99470', null, null],
    [JAN_2026, min(19), '99470', null, null],
    [JAN_2026, min(19, 59), '99470', null, null],
    [JAN_2026, min(20), '99457', null, null],
    [JAN_2026, min(39), '99457', null, null],
    [JAN_2026, min(40), '99457', '99458', null],
    [JAN_2026, min(59), '99457', '99458', null],
    [JAN_2026, min(60), '99457', '99458', '99458'],
  ] as const)('%s with %i s: %s / %s / %s', (dateOfService, rpmSeconds, t20, t40, t60) => {
    const codes = rpmCodes({ ...base, dateOfService, rpmSeconds });
    expect([codes.time20, codes.time40, codes.time60]).toEqual([t20, t40, t60]);
  });

  it('never bills 99470 with 99457, nor 99445 with 99454', () => {
    for (let seconds = 0; seconds <= min(70); seconds += 30) {
      for (let days = 0; days <= 31; days++) {
        const codes = billedCodes(rpmCodes({ ...base, rpmSeconds: seconds, readingDays: days }));
        expect(codes.includes('99470') && codes.includes('99457')).toBe(false);
        expect(codes.includes('99445') && codes.includes('99454')).toBe(false);
      }
    }
  });
});

describe('set-up (99453) once per episode, in the month of the set-up date', () => {
  it.each([
    [NOV_2025, null, null],
    [NOV_2025, '2025-11-01', '99453'],
    [NOV_2025, '2025-11-30', '99453'],
    [NOV_2025, '2025-10-31', null],
    [NOV_2025, '2025-12-01', null],
    [DEC_2025, '2025-12-15', '99453'],
    [JAN_2026, '2025-12-31', null],
    [JAN_2026, '2026-01-01', '99453'],
    [JAN_2026, '2027-01-10', null],
  ] as const)('%s, episode from %s: %s', (dateOfService, setupDate, expected) => {
    expect(rpmCodes({ ...base, dateOfService, setupDate }).setup).toBe(expected);
  });
});

describe('RTM (98980 at 20, 98981 at 40 and 60)', () => {
  it.each([
    [min(19, 59), null, null, null],
    [min(20), '98980', null, null],
    [min(39, 59), '98980', null, null],
    [min(40), '98980', '98981', null],
    [min(59, 59), '98980', '98981', null],
    [min(60), '98980', '98981', '98981'],
  ] as const)('%i s: %s / %s / %s', (rtmSeconds, t20, t40, t60) => {
    expect(rtmCodes({ dateOfService: DEC_2025, rtmSeconds })).toEqual({
      time20: t20,
      time40: t40,
      time60: t60,
    });
  });

  it('bills 98979 for 10-19 minutes from 2026, never with 98980', () => {
    expect(rtmCodes({ dateOfService: DEC_2025, rtmSeconds: min(15) }).time20).toBeNull();
    expect(rtmCodes({ dateOfService: JAN_2026, rtmSeconds: min(15) }).time20).toBe('98979');
    expect(rtmCodes({ dateOfService: JAN_2026, rtmSeconds: min(20) }).time20).toBe('98980');
  });
});

describe('CCM by type', () => {
  it.each([
    // [ccm type, seconds, first code, additional code]
    [1, min(19, 59), null, null],
    [1, min(20), null, null],
    [1, min(29, 59), null, null],
    [1, min(30), '99426', null],
    [1, min(40), '99426', null],
    [1, min(59, 59), '99426', null],
    [1, min(60), '99426', '99427'],
    [2, min(19, 59), null, null],
    [2, min(20), '99490', null],
    [2, min(39, 59), '99490', null],
    [2, min(40), '99490', '99439'],
    [2, min(60), '99490', '99439'],
    [null, min(20), '99490', null],
    [null, min(40), '99490', '99439'],
  ] as const)('type %s with %i s: %s / %s', (ccmType, ccmSeconds, time, additional) => {
    expect(ccmCodes({ dateOfService: JAN_2026, ccmType, ccmSeconds })).toEqual({ time, additional });
  });
});

describe('a whole month', () => {
  it('2025-12 and 2026-01 with the same activity bill by their own rules', () => {
    const activity = { ...base, readingDays: 10, rpmSeconds: min(15), setupDate: null };
    expect(billedCodes(rpmCodes({ ...activity, dateOfService: DEC_2025 }))).toEqual([]);
    expect(billedCodes(rpmCodes({ ...activity, dateOfService: JAN_2026 }))).toEqual(['99445', '99470']);
  });

  it('lists one entry per unit, in column order', () => {
    const activity = {
      dateOfService: '2026-03-01',
      readingDays: 20,
      rpmSeconds: min(61),
      rtmSeconds: min(45),
      ccmSeconds: min(65),
      ccmType: 1,
      setupDate: '2026-03-04',
    };
    expect(billedCodes(rpmCodes(activity))).toEqual(['99453', '99454', '99457', '99458', '99458']);
    // RPM and RTM are never billed for one patient in one period (program-codes.ts PROGRAM_EXCLUSIONS).
    expect(billedCodes(rtmCodes(activity))).toEqual([]);
    expect(
      billedCodes(rtmCodes({ dateOfService: activity.dateOfService, rtmSeconds: activity.rtmSeconds })),
    ).toEqual(['98980', '98981']);
    expect(billedCodes(ccmCodes(activity))).toEqual(['99426', '99427']);
  });
});

describe('CCM codes need a signed care plan ', () => {
  it.each([
    [2, 2500, true, '99490', '99439', null],
    [2, 2500, false, null, null, CCM_CARE_PLAN_MISSING],
    [1, 1800, false, null, null, CCM_CARE_PLAN_MISSING],
    [1, 3600, true, '99426', '99427', null],
    // Minutes short of the goal: nothing to bill, so no reason to give.
    [2, 600, false, null, null, null],
  ])(
    'type %i, %i s, signed %s: %s %s, %s',
    (ccmType, ccmSeconds, carePlanSigned, time, additional, notBillable) => {
      expect(ccmBilling({ dateOfService: JAN_2026, ccmType, ccmSeconds, carePlanSigned })).toEqual({
        time,
        additional,
        notBillable,
      });
    },
  );
});
