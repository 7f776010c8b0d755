import {
  CCM_TIME_GOALS,
  COMPLIANCE_TARGET_DAYS,
  RPM_ADDITIONAL_TIME_GOAL_MIN,
  RPM_TIME_GOAL_MIN,
} from '../constants.js';
import { CODE_SETS, codeSetFor } from './codes.js';

/** A third RPM threshold: 99458 is billed again at 60 minutes (the 'RPM Time-60 mins' column, 001 §3). */
const RPM_THIRD_TIME_MIN = 60;

/** RTM treatment thresholds: 98980 at 20 minutes, 98981 at 40 and again at 60 (001 §9 counts 98980/98981). */
const RTM_TIME_MIN = { first: 20, second: 40, third: 60 } as const;

/** What one patient did in one calendar month (the inputs of 001 §9's codes). */
export interface PatientMonthActivity {
  /** Any day of the month billed, 'YYYY-MM-DD': it names the month and picks the code set in force. */
  readonly dateOfService: string;
  /** Distinct days with at least one reading in the month. */
  readonly readingDays: number;
  /** Logged RPM treatment time in seconds. */
  readonly rpmSeconds: number;
  /** Logged RTM treatment time in seconds. */
  readonly rtmSeconds: number;
  /** Logged CCM time in seconds. */
  readonly ccmSeconds: number;
  /** The patient's CCM type: 1 bills 99426/99427, anything else 99490/99439 (001 §9). */
  readonly ccmType: number | null;
  /** Start of the device episode in force ('YYYY-MM-DD'), or null without one. */
  readonly setupDate: string | null;
}

/** The RPM codes of a patient-month, one per column of the billing report (001 §3). */
export interface RpmCodes {
  /** 'Setup': 99453 in the month the episode starts. */
  readonly setup: '99453' | null;
  /** '{N} Days Readings': 99454 at N+ reading days; from CY2026 99445 for 2..N-1 days. */
  readonly deviceSupply: '99454' | '99445' | null;
  /** 'RPM Time-20 mins': 99457 at 20 minutes; from CY2026 99470 for 10-19 minutes. */
  readonly time20: '99457' | '99470' | null;
  /** 'RPM Time-40 mins': 99458 at 40 minutes. */
  readonly time40: '99458' | null;
  /** 'RPM Time-60 mins': 99458 again at 60 minutes. */
  readonly time60: '99458' | null;
}

export interface RtmCodes {
  readonly time20: '98980' | null;
  readonly time40: '98981' | null;
  readonly time60: '98981' | null;
}

export interface CcmCodes {
  readonly time: '99490' | '99426' | null;
  readonly additional: '99439' | '99427' | null;
}

/**
 * Every code each RPM column can hold under any code set, so stored codes can be counted column by column
 * (the report's total, the dashboard's counts) without listing codes twice.
 */
export const RPM_COLUMN_CODES: Readonly<Record<keyof RpmCodes, readonly string[]>> = {
  setup: ['99453'],
  deviceSupply: [
    '99454',
    ...new Set(CODE_SETS.flatMap((set) => (set.partialDeviceSupply ? [set.partialDeviceSupply.code] : []))),
  ],
  time20: [
    '99457',
    ...new Set(CODE_SETS.flatMap((set) => (set.shortTreatment ? [set.shortTreatment.code] : []))),
  ],
  time40: ['99458'],
  time60: ['99458'],
};

/** Every code each RTM column can hold. */
export const RTM_COLUMN_CODES: Readonly<Record<keyof RtmCodes, readonly string[]>> = {
  time20: ['98980'],
  time40: ['98981'],
  time60: ['98981'],
};

export interface MonthlyCodes {
  readonly rpm: RpmCodes;
  readonly rtm: RtmCodes;
  readonly ccm: CcmCodes;
}

const atLeast = (seconds: number, minutes: number) => seconds >= minutes * 60;

const monthOf = (day: string) => day.slice(0, 7);

/**
 * The RPM codes (001 §9; sources in codes.ts): 99453 once per device episode, billed in the month its set-up
 * date falls in; 99454 at COMPLIANCE_TARGET_DAYS (16) reading days, or from CY2026 99445 for 2-15 days (never
 * both); 99457 at 20 minutes, or from CY2026 99470 for 10-19 minutes (never both); 99458 at 40 and again at 60.
 */
export function rpmCodes(
  a: Pick<PatientMonthActivity, 'dateOfService' | 'readingDays' | 'rpmSeconds' | 'setupDate'>,
): RpmCodes {
  const set = codeSetFor(a.dateOfService);
  const partial = set.partialDeviceSupply;
  const short = set.shortTreatment;
  return {
    setup: a.setupDate !== null && monthOf(a.setupDate) === monthOf(a.dateOfService) ? '99453' : null,
    deviceSupply:
      a.readingDays >= COMPLIANCE_TARGET_DAYS
        ? '99454'
        : partial && a.readingDays >= partial.minDays
          ? partial.code
          : null,
    time20: atLeast(a.rpmSeconds, RPM_TIME_GOAL_MIN)
      ? '99457'
      : short && atLeast(a.rpmSeconds, short.minMinutes)
        ? short.code
        : null,
    time40: atLeast(a.rpmSeconds, RPM_ADDITIONAL_TIME_GOAL_MIN) ? '99458' : null,
    time60: atLeast(a.rpmSeconds, RPM_THIRD_TIME_MIN) ? '99458' : null,
  };
}

/** The RTM codes: 98980 at 20 minutes, 98981 at 40 and again at 60 (001 §9). */
export function rtmCodes(a: Pick<PatientMonthActivity, 'rtmSeconds'>): RtmCodes {
  return {
    time20: atLeast(a.rtmSeconds, RTM_TIME_MIN.first) ? '98980' : null,
    time40: atLeast(a.rtmSeconds, RTM_TIME_MIN.second) ? '98981' : null,
    time60: atLeast(a.rtmSeconds, RTM_TIME_MIN.third) ? '98981' : null,
  };
}

/** The CCM codes: type 1 99426 at 30 and 99427 at 60 minutes; otherwise 99490 at 20 and 99439 at 40 (001 §9). */
export function ccmCodes(a: Pick<PatientMonthActivity, 'ccmSeconds' | 'ccmType'>): CcmCodes {
  const goals = a.ccmType === 1 ? CCM_TIME_GOALS.type1 : CCM_TIME_GOALS.other;
  return {
    time: atLeast(a.ccmSeconds, goals.time) ? goals.timeCode : null,
    additional: atLeast(a.ccmSeconds, goals.additional) ? goals.additionalCode : null,
  };
}

/** Why CCM minutes met do not bill: CMS requires a comprehensive care plan in place (decisions.md "CCM needs a signed care plan"). */
export const CCM_CARE_PLAN_MISSING = 'Not billable: care plan missing (no signed care plan)';

/** The CCM codes a patient-month bills, and why none bill when the minutes are met without a signed care plan. */
export function ccmBilling(
  a: Pick<PatientMonthActivity, 'ccmSeconds' | 'ccmType'> & { readonly carePlanSigned: boolean },
): CcmCodes & { readonly notBillable: string | null } {
  const codes = ccmCodes(a);
  if (a.carePlanSigned || codes.time === null) return { ...codes, notBillable: null };
  return { time: null, additional: null, notBillable: CCM_CARE_PLAN_MISSING };
}

export function monthlyCodes(a: PatientMonthActivity): MonthlyCodes {
  return { rpm: rpmCodes(a), rtm: rtmCodes(a), ccm: ccmCodes(a) };
}

/** The billed codes of a group, in column order, one entry per unit (99458 twice at 60 minutes). */
export function billedCodes(codes: RpmCodes | RtmCodes | CcmCodes): string[] {
  return Object.values(codes).filter((code): code is string => code !== null);
}
