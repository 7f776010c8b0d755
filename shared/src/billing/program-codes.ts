// Over 300 lines: the one declaration of every care-management code, one entry per code (its rule is data).
import {
  CCM_TIME_GOALS,
  COMPLIANCE_TARGET_DAYS,
  RPM_ADDITIONAL_TIME_GOAL_MIN,
  RPM_TIME_GOAL_MIN,
} from '../constants.js';

/**
 * Every code the product bills, declared as data (the facts: ../shared/reference/cms-2026-billing.md, the CMS CY2025
 * and CY2026 Physician Fee Schedule final rules; the product's own thresholds: 001 §9). The engine (engine.ts) reads
 * nothing else: a new code is one entry here, and its tests follow from the entry (engine.test.ts).
 */

/** The care programs a code belongs to; a logged minute carries exactly one of the minute-counting ones. */
export const BILLING_PROGRAMS = ['RPM', 'RTM', 'CCM', 'PCM', 'BHI', 'CoCM', 'APCM'] as const;
export type BillingProgram = (typeof BILLING_PROGRAMS)[number];

/** Whose minutes a time threshold counts: anyone's logged time, or the billing physician's own. */
export type MinutesBy = 'any' | 'physician';

/** What a code needs on file besides its threshold; an unmet need blocks the code (the month close shows why). */
export type BillingNeed =
  | 'consent'
  | 'carePlan'
  | 'interactiveContact'
  | 'authorization'
  | 'oneDevicePerType'
  | 'onePractice'
  | 'visitWithinYear'
  | 'visitWithin3Years';

/** The text of each unmet need, as the month close and the reports name it. */
export const NEED_TEXTS: Readonly<Record<BillingNeed, string>> = {
  consent: 'No consent on file',
  carePlan: 'No signed care plan',
  interactiveContact: 'No interactive contact this month',
  authorization: 'Authorization expired',
  oneDevicePerType: 'Two or more devices of one type',
  onePractice: 'Billed by another practice in the period',
  visitWithinYear: 'No visit in the last year',
  visitWithin3Years: 'No visit in the last 3 years',
};

/** How a code's threshold is measured in the period. */
export type CodeMeasure =
  /** Once per device episode, in the month the episode's set-up falls in. */
  | { readonly kind: 'setup' }
  /** Days with data of the program's devices: from `min` to `max` inclusive. */
  | { readonly kind: 'days'; readonly min: number; readonly max: number }
  /** The first unit of time: at least `min` minutes, and fewer than `below` when set. */
  | { readonly kind: 'minutes'; readonly by: MinutesBy; readonly min: number; readonly below?: number }
  /** An add-on: one unit per further `each` minutes past its base code's minimum, at most `maxUnits`. */
  | {
      readonly kind: 'addOn';
      readonly to: readonly string[];
      readonly each: number;
      readonly maxUnits: number;
    }
  /** APCM: no minutes; billed by the patient's chronic condition count (and QMB status) once enrolled. */
  | { readonly kind: 'conditions'; readonly min: number; readonly max?: number; readonly qmb?: boolean };

/** Conditions on the patient or period that choose between codes of one program. */
export interface CodeWhen {
  /** 001 §9: CCM type 1 bills 99426/99427, any other type 99490/99439. */
  readonly ccmType?: 1 | 'other';
  /** RTM device supply depends on what is monitored. */
  readonly rtmKind?: 'respiratory' | 'musculoskeletal' | 'cbt';
  /** CoCM bills 99492 in its first month, 99493 after. */
  readonly programMonth?: 'first' | 'later';
  /** Complex CCM (99487/99489) needs moderate or high complexity decision making. */
  readonly complexCare?: true;
  /** Billed only beside one of these codes for the same patient and period (the APCM behavioural add-ons). */
  readonly with?: readonly string[];
}

export interface BillingCode {
  /** The rule's id: the code, or the code and a qualifier when one code is reached by two rules. */
  readonly id: string;
  readonly code: string;
  readonly program: BillingProgram;
  /** The short description a column and a PDF show beside the code. */
  readonly label: string;
  /** CMS's period; the product evaluates every code per calendar month (decisions.md "Billing periods"). */
  readonly period: 'calendar month' | '30 days';
  readonly measure: CodeMeasure;
  /** The program whose minutes count, when not the code's own (CCM type 1's 99426 is counted from CCM minutes). */
  readonly minutesOf?: BillingProgram;
  readonly when?: CodeWhen;
  /** Codes never billed with this one for a patient in the period (the pair is declared on one side or both). */
  readonly excludes: readonly string[];
  readonly needs: readonly BillingNeed[];
  /** First date of service (ISO day) the code is billed from. */
  readonly effectiveFrom: string;
}

/** Programs never billed together for one patient in one period; the first of a pair wins (reference, "Conflict"). */
export const PROGRAM_EXCLUSIONS: readonly (readonly [BillingProgram, BillingProgram])[] = [
  ['RPM', 'RTM'],
  ['APCM', 'CCM'],
  ['APCM', 'PCM'],
  ['CCM', 'PCM'],
  ['CoCM', 'BHI'],
];

const CY2020 = '2020-01-01';
const CY2025 = '2025-01-01';
const CY2026 = '2026-01-01';

const RPM_DEVICE: readonly BillingNeed[] = ['consent', 'authorization', 'oneDevicePerType', 'onePractice'];
const RPM_TIME: readonly BillingNeed[] = ['consent', 'authorization', 'interactiveContact', 'onePractice'];
const CCM_NEEDS: readonly BillingNeed[] = ['consent', 'carePlan', 'visitWithinYear'];
const BHI_NEEDS: readonly BillingNeed[] = ['consent', 'visitWithinYear'];
const APCM_NEEDS: readonly BillingNeed[] = ['consent', 'carePlan', 'visitWithin3Years'];
const { type1, other } = CCM_TIME_GOALS;
const FULL_DAYS = 30;

/** Every code, in the order the engine prefers them when two exclude each other (the earlier one is billed). */
export const BILLING_CODES: readonly BillingCode[] = [
  // RPM (001 §9; CY2026 adds 99445 and 99470).
  {
    id: '99453',
    code: '99453',
    program: 'RPM',
    label: 'RPM set-up',
    period: '30 days',
    measure: { kind: 'setup' },
    excludes: [],
    needs: RPM_DEVICE,
    effectiveFrom: CY2020,
  },
  {
    id: '99454',
    code: '99454',
    program: 'RPM',
    label: `RPM device ${COMPLIANCE_TARGET_DAYS}-${FULL_DAYS} days`,
    period: '30 days',
    measure: { kind: 'days', min: COMPLIANCE_TARGET_DAYS, max: 31 },
    excludes: ['99445'],
    needs: RPM_DEVICE,
    effectiveFrom: CY2020,
  },
  {
    id: '99445',
    code: '99445',
    program: 'RPM',
    label: `RPM device 2-${COMPLIANCE_TARGET_DAYS - 1} days`,
    period: '30 days',
    measure: { kind: 'days', min: 2, max: COMPLIANCE_TARGET_DAYS - 1 },
    excludes: ['99454'],
    needs: RPM_DEVICE,
    effectiveFrom: CY2026,
  },
  {
    id: '99457',
    code: '99457',
    program: 'RPM',
    label: `RPM management first ${RPM_TIME_GOAL_MIN} min`,
    period: 'calendar month',
    measure: { kind: 'minutes', by: 'any', min: RPM_TIME_GOAL_MIN },
    excludes: ['99470'],
    needs: RPM_TIME,
    effectiveFrom: CY2020,
  },
  {
    id: '99470',
    code: '99470',
    program: 'RPM',
    label: `RPM management 10-${RPM_TIME_GOAL_MIN - 1} min`,
    period: 'calendar month',
    measure: { kind: 'minutes', by: 'any', min: 10, below: RPM_TIME_GOAL_MIN },
    excludes: ['99457'],
    needs: RPM_TIME,
    effectiveFrom: CY2026,
  },
  {
    // 001 §3's columns bill 99458 at 40 and again at 60 minutes: two units at most.
    id: '99458',
    code: '99458',
    program: 'RPM',
    label: `RPM management each further ${RPM_ADDITIONAL_TIME_GOAL_MIN - RPM_TIME_GOAL_MIN} min`,
    period: 'calendar month',
    measure: {
      kind: 'addOn',
      to: ['99457'],
      each: RPM_ADDITIONAL_TIME_GOAL_MIN - RPM_TIME_GOAL_MIN,
      maxUnits: 2,
    },
    excludes: [],
    needs: RPM_TIME,
    effectiveFrom: CY2020,
  },
  // RTM (CY2026 adds the 2-15 day device codes and 98979).
  ...(
    [
      ['98976', '98984', 'respiratory'],
      ['98977', '98985', 'musculoskeletal'],
      ['98978', '98986', 'cbt'],
    ] as const
  ).flatMap(([full, partial, rtmKind]): BillingCode[] => [
    {
      id: full,
      code: full,
      program: 'RTM',
      label: `RTM ${rtmKind} device ${COMPLIANCE_TARGET_DAYS}-${FULL_DAYS} days`,
      period: '30 days',
      measure: { kind: 'days', min: COMPLIANCE_TARGET_DAYS, max: 31 },
      when: { rtmKind },
      excludes: [partial],
      needs: RPM_DEVICE,
      effectiveFrom: CY2020,
    },
    {
      id: partial,
      code: partial,
      program: 'RTM',
      label: `RTM ${rtmKind} device 2-${COMPLIANCE_TARGET_DAYS - 1} days`,
      period: '30 days',
      measure: { kind: 'days', min: 2, max: COMPLIANCE_TARGET_DAYS - 1 },
      when: { rtmKind },
      excludes: [full],
      needs: RPM_DEVICE,
      effectiveFrom: CY2026,
    },
  ]),
  {
    id: '98980',
    code: '98980',
    program: 'RTM',
    label: 'RTM management first 20 min',
    period: 'calendar month',
    measure: { kind: 'minutes', by: 'any', min: 20 },
    excludes: ['98979'],
    needs: RPM_TIME,
    effectiveFrom: CY2020,
  },
  {
    id: '98979',
    code: '98979',
    program: 'RTM',
    label: 'RTM management 10-19 min',
    period: 'calendar month',
    measure: { kind: 'minutes', by: 'any', min: 10, below: 20 },
    excludes: ['98980'],
    needs: RPM_TIME,
    effectiveFrom: CY2026,
  },
  {
    id: '98981',
    code: '98981',
    program: 'RTM',
    label: 'RTM management each further 20 min',
    period: 'calendar month',
    measure: { kind: 'addOn', to: ['98980'], each: 20, maxUnits: 2 },
    excludes: [],
    needs: RPM_TIME,
    effectiveFrom: CY2020,
  },
  // APCM before CCM and PCM, which it bundles; RPM and RTM run beside it.
  {
    id: 'G0558',
    code: 'G0558',
    program: 'APCM',
    label: 'APCM 2+ conditions, QMB',
    period: 'calendar month',
    measure: { kind: 'conditions', min: 2, qmb: true },
    excludes: ['G0556', 'G0557'],
    needs: APCM_NEEDS,
    effectiveFrom: CY2025,
  },
  {
    id: 'G0557',
    code: 'G0557',
    program: 'APCM',
    label: 'APCM 2+ conditions',
    period: 'calendar month',
    measure: { kind: 'conditions', min: 2, qmb: false },
    excludes: ['G0556', 'G0558'],
    needs: APCM_NEEDS,
    effectiveFrom: CY2025,
  },
  {
    id: 'G0556',
    code: 'G0556',
    program: 'APCM',
    label: 'APCM 0-1 condition',
    period: 'calendar month',
    measure: { kind: 'conditions', min: 0, max: 1 },
    excludes: ['G0557', 'G0558'],
    needs: APCM_NEEDS,
    effectiveFrom: CY2025,
  },
  ...(
    [
      ['G0568', '99492', 70, 'first', 'APCM behavioural care first month 70 min'],
      ['G0569', '99493', 60, 'later', 'APCM behavioural care later month 60 min'],
    ] as const
  ).map(
    ([code, mirrors, minutes, programMonth, label]): BillingCode => ({
      id: code,
      code,
      program: 'APCM',
      label,
      period: 'calendar month',
      measure: { kind: 'minutes', by: 'any', min: minutes },
      minutesOf: 'CoCM',
      when: { programMonth, with: ['G0556', 'G0557', 'G0558'] },
      excludes: [mirrors, '99494'],
      needs: APCM_NEEDS,
      effectiveFrom: CY2026,
    }),
  ),
  {
    id: 'G0570',
    code: 'G0570',
    program: 'APCM',
    label: 'APCM behavioural health integration 20 min',
    period: 'calendar month',
    measure: { kind: 'minutes', by: 'any', min: 20 },
    minutesOf: 'BHI',
    when: { with: ['G0556', 'G0557', 'G0558'] },
    excludes: ['99484'],
    needs: APCM_NEEDS,
    effectiveFrom: CY2026,
  },
  // CCM: complex, then physician, then clinical staff time; type 1 bills 99426/99427 from CCM minutes (001 §9).
  {
    id: '99487',
    code: '99487',
    program: 'CCM',
    label: 'Complex CCM first 60 min',
    period: 'calendar month',
    measure: { kind: 'minutes', by: 'any', min: 60 },
    when: { complexCare: true, ccmType: 'other' },
    excludes: ['99490', '99491'],
    needs: CCM_NEEDS,
    effectiveFrom: CY2020,
  },
  {
    id: '99489',
    code: '99489',
    program: 'CCM',
    label: 'Complex CCM each further 30 min',
    period: 'calendar month',
    measure: { kind: 'addOn', to: ['99487'], each: 30, maxUnits: 2 },
    excludes: [],
    needs: CCM_NEEDS,
    effectiveFrom: CY2020,
  },
  {
    id: '99491',
    code: '99491',
    program: 'CCM',
    label: 'CCM physician first 30 min',
    period: 'calendar month',
    measure: { kind: 'minutes', by: 'physician', min: 30 },
    when: { ccmType: 'other' },
    excludes: ['99490'],
    needs: CCM_NEEDS,
    effectiveFrom: CY2020,
  },
  {
    id: '99437',
    code: '99437',
    program: 'CCM',
    label: 'CCM physician each further 30 min',
    period: 'calendar month',
    measure: { kind: 'addOn', to: ['99491'], each: 30, maxUnits: 1 },
    excludes: [],
    needs: CCM_NEEDS,
    effectiveFrom: CY2020,
  },
  {
    id: other.timeCode,
    code: other.timeCode,
    program: 'CCM',
    label: `CCM first ${other.time} min`,
    period: 'calendar month',
    measure: { kind: 'minutes', by: 'any', min: other.time },
    when: { ccmType: 'other' },
    excludes: [],
    needs: CCM_NEEDS,
    effectiveFrom: CY2020,
  },
  {
    id: other.additionalCode,
    code: other.additionalCode,
    program: 'CCM',
    label: `CCM each further ${other.additional - other.time} min`,
    period: 'calendar month',
    measure: { kind: 'addOn', to: [other.timeCode], each: other.additional - other.time, maxUnits: 2 },
    excludes: [],
    needs: CCM_NEEDS,
    effectiveFrom: CY2020,
  },
  {
    id: `${type1.timeCode} CCM type 1`,
    code: type1.timeCode,
    program: 'CCM',
    label: `CCM type 1 first ${type1.time} min`,
    period: 'calendar month',
    measure: { kind: 'minutes', by: 'any', min: type1.time },
    when: { ccmType: 1 },
    excludes: [],
    needs: CCM_NEEDS,
    effectiveFrom: CY2020,
  },
  {
    id: `${type1.additionalCode} CCM type 1`,
    code: type1.additionalCode,
    program: 'CCM',
    label: `CCM type 1 further ${type1.additional - type1.time} min`,
    period: 'calendar month',
    measure: {
      kind: 'addOn',
      to: [`${type1.timeCode} CCM type 1`],
      each: type1.additional - type1.time,
      maxUnits: 1,
    },
    excludes: [],
    needs: CCM_NEEDS,
    effectiveFrom: CY2020,
  },
  // PCM: physician time first, then clinical staff time.
  {
    id: '99424',
    code: '99424',
    program: 'PCM',
    label: 'PCM physician first 30 min',
    period: 'calendar month',
    measure: { kind: 'minutes', by: 'physician', min: 30 },
    excludes: ['99426'],
    needs: CCM_NEEDS,
    effectiveFrom: CY2020,
  },
  {
    id: '99425',
    code: '99425',
    program: 'PCM',
    label: 'PCM physician each further 30 min',
    period: 'calendar month',
    measure: { kind: 'addOn', to: ['99424'], each: 30, maxUnits: 1 },
    excludes: [],
    needs: CCM_NEEDS,
    effectiveFrom: CY2020,
  },
  {
    id: '99426',
    code: '99426',
    program: 'PCM',
    label: 'PCM first 30 min',
    period: 'calendar month',
    measure: { kind: 'minutes', by: 'any', min: 30 },
    excludes: [],
    needs: CCM_NEEDS,
    effectiveFrom: CY2020,
  },
  {
    id: '99427',
    code: '99427',
    program: 'PCM',
    label: 'PCM each further 30 min',
    period: 'calendar month',
    measure: { kind: 'addOn', to: ['99426'], each: 30, maxUnits: 1 },
    excludes: [],
    needs: CCM_NEEDS,
    effectiveFrom: CY2020,
  },
  // CoCM before BHI, which it excludes.
  {
    id: '99492',
    code: '99492',
    program: 'CoCM',
    label: 'CoCM first month 70 min',
    period: 'calendar month',
    measure: { kind: 'minutes', by: 'any', min: 70 },
    when: { programMonth: 'first' },
    excludes: [],
    needs: BHI_NEEDS,
    effectiveFrom: CY2020,
  },
  {
    id: '99493',
    code: '99493',
    program: 'CoCM',
    label: 'CoCM later month 60 min',
    period: 'calendar month',
    measure: { kind: 'minutes', by: 'any', min: 60 },
    when: { programMonth: 'later' },
    excludes: [],
    needs: BHI_NEEDS,
    effectiveFrom: CY2020,
  },
  {
    id: '99494',
    code: '99494',
    program: 'CoCM',
    label: 'CoCM each further 30 min',
    period: 'calendar month',
    measure: { kind: 'addOn', to: ['99492', '99493'], each: 30, maxUnits: 1 },
    excludes: [],
    needs: BHI_NEEDS,
    effectiveFrom: CY2020,
  },
  {
    id: '99484',
    code: '99484',
    program: 'BHI',
    label: 'BHI 20 min',
    period: 'calendar month',
    measure: { kind: 'minutes', by: 'any', min: 20 },
    excludes: ['99492', '99493', '99494'],
    needs: BHI_NEEDS,
    effectiveFrom: CY2020,
  },
];

/** A rule by its id. */
export function billingCode(id: string): BillingCode {
  const found = BILLING_CODES.find((entry) => entry.id === id);
  if (!found) throw new Error(`No billing code ${id}`);
  return found;
}

/** The rule's threshold in words, for the Cpt Codes Table and the evidence bundle. */
export function ruleText(rule: BillingCode): string {
  const m = rule.measure;
  const by = (b: MinutesBy) => (b === 'physician' ? ' of physician time' : '');
  switch (m.kind) {
    case 'setup':
      return 'Device set-up, once per episode, in the month it starts';
    case 'days':
      return `${m.min}-${Math.min(m.max, FULL_DAYS)} days with readings in the period`;
    case 'minutes':
      return m.below === undefined
        ? `At least ${m.min} minutes${by(m.by)} in the month`
        : `${m.min}-${m.below - 1} minutes${by(m.by)} in the month`;
    case 'addOn':
      return `Each further ${m.each} minutes past ${m.to.map((id) => billingCode(id).code).join(' or ')} (at most ${m.maxUnits})`;
    case 'conditions':
      return m.max === undefined
        ? `${m.min}+ chronic conditions${m.qmb ? ', Qualified Medicare Beneficiary' : ''}, enrolled in APCM`
        : `At most ${m.max} chronic condition, enrolled in APCM`;
  }
}
