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

/** All the column views of one patient-month, from one evaluation. */
export interface MonthColumns {
  readonly rpm: RpmCodes;
  readonly rtm: RtmCodes;
  readonly ccm: CcmCodes;
}

const kindOf = (line: CodeLine) => BILLING_CODES.find((rule) => rule.id === line.id)?.measure.kind;

/**
 * The columns of a patient-month (001 §3): per program, the set-up (99453), the device supply (99454 or 99445), the
 * first time code (99457 or 99470; 98980 or 98979; 99490 or CCM type 1's 99426) and the add-on at its first and
 * second unit (99458 at 40 and 60 minutes). `carePlanSigned` false blocks CCM (the engine's carePlan need); every
 * other need is taken as met, the thresholds alone deciding.
 */
export function monthColumns(
  a: Partial<PatientMonthActivity> &
    Pick<PatientMonthActivity, 'dateOfService'> & { readonly carePlanSigned?: boolean },
): MonthColumns {
  const any = (seconds = 0) => ({ any: seconds, physician: 0 });
  const { billed } = evaluatePeriod({
    ...emptyFacts(a.dateOfService),
    days: { RPM: a.readingDays ?? 0 },
    seconds: { RPM: any(a.rpmSeconds), RTM: any(a.rtmSeconds), CCM: any(a.ccmSeconds) },
    setupDate: a.setupDate ?? null,
    ccmType: a.ccmType === 1 ? 1 : 2,
    met: (need) => need !== 'carePlan' || a.carePlanSigned !== false,
  });
  const of = (program: string, kind: string, unit = 1) => {
    const line = billed.find((l) => l.program === program && kindOf(l) === kind);
    return line && line.units >= unit ? line.code : null;
  };
  return {
    rpm: {
      setup: of('RPM', 'setup'),
      deviceSupply: of('RPM', 'days'),
      time20: of('RPM', 'minutes'),
      time40: of('RPM', 'addOn'),
      time60: of('RPM', 'addOn', 2),
    },
    rtm: { time20: of('RTM', 'minutes'), time40: of('RTM', 'addOn'), time60: of('RTM', 'addOn', 2) },
    ccm: { time: of('CCM', 'minutes'), additional: of('CCM', 'addOn') },
  };
}

/** The RPM columns of a patient-month. */
export const rpmCodes = (
  a: Pick<PatientMonthActivity, 'dateOfService' | 'readingDays' | 'rpmSeconds' | 'setupDate'>,
): RpmCodes => monthColumns(a).rpm;

/** The RTM time columns: 98980 (or 98979 for 10-19 minutes), 98981 at 40 and again at 60 minutes. */
export const rtmCodes = (
  a: Pick<PatientMonthActivity, 'dateOfService' | 'rtmSeconds'> & Partial<PatientMonthActivity>,
): RtmCodes => monthColumns(a).rtm;

/** The CCM codes: type 1 99426 at 30 and 99427 at 60 minutes; otherwise 99490 at 20 and 99439 at 40 (001 §9). */
export const ccmCodes = (
  a: Pick<PatientMonthActivity, 'dateOfService' | 'ccmSeconds' | 'ccmType'>,
): CcmCodes => monthColumns(a).ccm;

/** Why CCM minutes met do not bill: CMS requires a comprehensive care plan in place (decisions.md "CCM needs a signed care plan"). */
export const CCM_CARE_PLAN_MISSING = 'Not billable: care plan missing (no signed care plan)';

/** The CCM codes a patient-month bills, and why none bill when the minutes are met without a signed care plan. */
export function ccmBilling(
  a: Pick<PatientMonthActivity, 'dateOfService' | 'ccmSeconds' | 'ccmType'> & {
    readonly carePlanSigned: boolean;
  },
): CcmCodes & { readonly notBillable: string | null } {
  const codes = monthColumns(a).ccm;
  const reached = a.carePlanSigned ? codes : monthColumns({ ...a, carePlanSigned: true }).ccm;
  const blocked = !a.carePlanSigned && reached.time !== null;
  return { ...codes, notBillable: blocked ? CCM_CARE_PLAN_MISSING : null };
}

/** The billed codes of a group, in column order, one entry per unit (99458 twice at 60 minutes). */
export function billedCodes(codes: RpmCodes | RtmCodes | CcmCodes): string[] {
  return Object.values(codes).filter((code): code is string => code !== null);
}
