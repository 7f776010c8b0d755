import {
  CCM_TIME_GOALS,
  COMPLIANCE_TARGET_DAYS,
  RPM_ADDITIONAL_TIME_GOAL_MIN,
  RPM_TIME_GOAL_MIN,
} from '../constants.js';
import { CODE_SETS } from './codes.js';

/** One row of the Cpt Codes Table (000 §2.4): a code the product bills and the rule that bills it (001 §9). */
interface CptCodeRule {
  readonly code: string;
  readonly program: 'RPM' | 'RTM' | 'CCM';
  readonly rule: string;
  /** First date of service (ISO day) the code is billed from (codes.ts CODE_SETS). */
  readonly effectiveFrom: string;
}

const base = (CODE_SETS[0] as (typeof CODE_SETS)[number]).effectiveFrom;
const { type1, other } = CCM_TIME_GOALS;

/** The codes in force under the newest code set with their rules, from the same constants billing counts with. */
export const CPT_CODE_RULES: readonly CptCodeRule[] = [
  {
    code: '99453',
    program: 'RPM',
    rule: 'Device set-up, once per episode, in the month it starts',
    effectiveFrom: base,
  },
  {
    code: '99454',
    program: 'RPM',
    rule: `Device supply, ${COMPLIANCE_TARGET_DAYS}+ reading days in the month`,
    effectiveFrom: base,
  },
  ...CODE_SETS.flatMap((set) =>
    set.partialDeviceSupply
      ? [
          {
            code: set.partialDeviceSupply.code,
            program: 'RPM' as const,
            rule: `Device supply, ${set.partialDeviceSupply.minDays}-${COMPLIANCE_TARGET_DAYS - 1} reading days in the month; never with 99454`,
            effectiveFrom: set.effectiveFrom,
          },
        ]
      : [],
  ),
  {
    code: '99457',
    program: 'RPM',
    rule: `First ${RPM_TIME_GOAL_MIN} minutes of treatment management`,
    effectiveFrom: base,
  },
  ...CODE_SETS.flatMap((set) =>
    set.shortTreatment
      ? [
          {
            code: set.shortTreatment.code,
            program: 'RPM' as const,
            rule: `${set.shortTreatment.minMinutes}-${RPM_TIME_GOAL_MIN - 1} minutes of treatment management; never with 99457`,
            effectiveFrom: set.effectiveFrom,
          },
        ]
      : [],
  ),
  {
    code: '99458',
    program: 'RPM',
    rule: `Each further ${RPM_TIME_GOAL_MIN} minutes (at ${RPM_ADDITIONAL_TIME_GOAL_MIN} and at 60)`,
    effectiveFrom: base,
  },
  { code: '98980', program: 'RTM', rule: 'First 20 minutes of treatment management', effectiveFrom: base },
  { code: '98981', program: 'RTM', rule: 'Each further 20 minutes (at 40 and at 60)', effectiveFrom: base },
  {
    code: other.timeCode,
    program: 'CCM',
    rule: `First ${other.time} minutes of clinical staff time`,
    effectiveFrom: base,
  },
  {
    code: other.additionalCode,
    program: 'CCM',
    rule: `Further ${other.additional - other.time} minutes (at ${other.additional})`,
    effectiveFrom: base,
  },
  {
    code: type1.timeCode,
    program: 'CCM',
    rule: `CCM type 1: first ${type1.time} minutes`,
    effectiveFrom: base,
  },
  {
    code: type1.additionalCode,
    program: 'CCM',
    rule: `CCM type 1: further ${type1.additional - type1.time} minutes (at ${type1.additional})`,
    effectiveFrom: base,
  },
];
