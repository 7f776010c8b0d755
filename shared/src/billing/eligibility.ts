import { type CodeLine, emptyFacts, evaluatePeriod } from './engine.js';
import { BILLING_CODES } from './program-codes.js';

/**
 * The per-column views of the engine's result (engine.ts) that the month summary stores and the chart's monthly
 * targets show (001 §3 'Billing row', 'Monthly target data'); the rules themselves are only in program-codes.ts.
 */
/** What one patient did in one calendar month (the inputs of 001 §9's codes). */
export interface PatientMonthActivity {
  /** Any day of the month billed, 'YYYY-MM-DD': it names the month and picks the codes in force. */
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
  readonly setup: string | null;
  readonly deviceSupply: string | null;
  readonly time20: string | null;
  readonly time40: string | null;
  readonly time60: string | null;
}

export interface RtmCodes {
  readonly time20: string | null;
  readonly time40: string | null;
  readonly time60: string | null;
}

export interface CcmCodes {
  readonly time: string | null;
  readonly additional: string | null;
}

/** The engine's billed lines of an activity, every need taken as met (thresholds alone). */
function billedLines(
  a: Partial<PatientMonthActivity> & Pick<PatientMonthActivity, 'dateOfService'>,
): CodeLine[] {
  const any = (seconds = 0) => ({ any: seconds, physician: 0 });
  return [
    ...evaluatePeriod({
      ...emptyFacts(a.dateOfService),
      days: { RPM: a.readingDays ?? 0 },
      seconds: { RPM: any(a.rpmSeconds), RTM: any(a.rtmSeconds), CCM: any(a.ccmSeconds) },
      setupDate: a.setupDate ?? null,
      ccmType: a.ccmType === 1 ? 1 : 2,
    }).billed,
  ];
}

const isAddOn = (line: CodeLine) => BILLING_CODES.find((r) => r.id === line.id)?.measure.kind === 'addOn';
const first = (lines: readonly CodeLine[], program: string) =>
  lines.find((l) => l.program === program && !isAddOn(l) && l.code !== '99453' && !DEVICE.has(l.id))?.code ??
  null;
const addOnUnit = (lines: readonly CodeLine[], program: string, unit: number) => {
  const line = lines.find((l) => l.program === program && isAddOn(l));
  return line && line.units >= unit ? line.code : null;
};
const DEVICE = new Set(BILLING_CODES.filter((r) => r.measure.kind === 'days').map((r) => r.id));

/**
 * The RPM columns (001 §3): set-up 99453 in the month its episode starts; device supply 99454 or 99445; the first
 * time code 99457 or 99470; 99458 at 40 and again at 60 minutes.
 */
export function rpmCodes(
  a: Pick<PatientMonthActivity, 'dateOfService' | 'readingDays' | 'rpmSeconds' | 'setupDate'>,
): RpmCodes {
  const lines = billedLines(a).filter((l) => l.program === 'RPM');
  return {
    setup: lines.some((l) => l.code === '99453') ? '99453' : null,
    deviceSupply: lines.find((l) => DEVICE.has(l.id))?.code ?? null,
    time20: first(lines, 'RPM'),
    time40: addOnUnit(lines, 'RPM', 1),
    time60: addOnUnit(lines, 'RPM', 2),
  };
}

/** The RTM time columns: 98980 (or 98979 for 10-19 minutes), 98981 at 40 and again at 60 minutes. */
export function rtmCodes(
  a: Pick<PatientMonthActivity, 'dateOfService' | 'rtmSeconds'> & Partial<PatientMonthActivity>,
): RtmCodes {
  const lines = billedLines(a).filter((l) => l.program === 'RTM');
  return {
    time20: first(lines, 'RTM'),
    time40: addOnUnit(lines, 'RTM', 1),
    time60: addOnUnit(lines, 'RTM', 2),
  };
}

/** The CCM codes: type 1 99426 at 30 and 99427 at 60 minutes; otherwise 99490 at 20 and 99439 at 40 (001 §9). */
export function ccmCodes(
  a: Pick<PatientMonthActivity, 'dateOfService' | 'ccmSeconds' | 'ccmType'>,
): CcmCodes {
  const lines = billedLines(a);
  return { time: first(lines, 'CCM'), additional: addOnUnit(lines, 'CCM', 1) };
}

/** Why CCM minutes met do not bill: CMS requires a comprehensive care plan in place (decisions.md "CCM needs a signed care plan"). */
export const CCM_CARE_PLAN_MISSING = 'Not billable: care plan missing (no signed care plan)';

/** The CCM codes a patient-month bills, and why none bill when the minutes are met without a signed care plan. */
export function ccmBilling(
  a: Pick<PatientMonthActivity, 'dateOfService' | 'ccmSeconds' | 'ccmType'> & {
    readonly carePlanSigned: boolean;
  },
): CcmCodes & { readonly notBillable: string | null } {
  const codes = ccmCodes(a);
  if (a.carePlanSigned || codes.time === null) return { ...codes, notBillable: null };
  return { time: null, additional: null, notBillable: CCM_CARE_PLAN_MISSING };
}

/** The billed codes of a group, in column order, one entry per unit (99458 twice at 60 minutes). */
export function billedCodes(codes: RpmCodes | RtmCodes | CcmCodes): string[] {
  return Object.values(codes).filter((code): code is string => code !== null);
}
