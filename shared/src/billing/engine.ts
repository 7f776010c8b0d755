import {
  BILLING_CODES,
  type BillingCode,
  type BillingNeed,
  type BillingProgram,
  PROGRAM_EXCLUSIONS,
} from './program-codes.js';

/**
 * The eligibility engine: one patient's period in, the codes it bills out, from the declaration in program-codes.ts
 * alone. Pure: the BFF gathers the facts (billing/period-store.ts) and every screen, PDF, CSV and the dashboard read
 * what this returns.
 */

/** Logged seconds of one program, split by whose they are. */
export interface ProgramSeconds {
  readonly any: number;
  readonly physician: number;
}

/** What one patient did and has on file in one calendar month. */
export interface PeriodFacts {
  /** Any day of the month billed ('YYYY-MM-DD'); it names the month and picks the codes in force. */
  readonly dateOfService: string;
  /** Days with data in the month, by the program whose devices sent it. */
  readonly days: Partial<Readonly<Record<BillingProgram, number>>>;
  /** Logged seconds by program: each logged second carries one program (decisions.md "Minutes belong to one program"). */
  readonly seconds: Partial<Readonly<Record<BillingProgram, ProgramSeconds>>>;
  /** Start of the device episode in force ('YYYY-MM-DD'), or null. */
  readonly setupDate: string | null;
  readonly ccmType: 1 | 2 | null;
  readonly rtmKind: 'respiratory' | 'musculoskeletal' | 'cbt' | null;
  /** Programs whose first month this is (CoCM's 99492). */
  readonly firstMonthOf: readonly BillingProgram[];
  /** Programs the patient is enrolled in without minutes (APCM). */
  readonly enrolled: readonly BillingProgram[];
  readonly chronicConditions: number;
  readonly qmb: boolean;
  readonly complexCare: boolean;
  /** The needs met on file, by program (consent is per program; the others hold for every program). */
  readonly met: (need: BillingNeed, program: BillingProgram) => boolean;
}

/** One code the period bills (or would, once its needs are met). */
export interface CodeLine {
  readonly id: string;
  readonly code: string;
  readonly program: BillingProgram;
  readonly units: number;
}

export interface PeriodResult {
  /** Billable: threshold reached, no exclusion, every need met. */
  readonly billed: readonly CodeLine[];
  /** Threshold reached but a need unmet: the needs it lacks, in declaration order. */
  readonly blocked: readonly (CodeLine & { readonly unmet: readonly BillingNeed[] })[];
  /** Threshold reached but excluded by a code or program billed before it in the period. */
  readonly excluded: readonly (CodeLine & { readonly by: string })[];
}

const sameMonth = (a: string, b: string) => a.slice(0, 7) === b.slice(0, 7);

function secondsOf(facts: PeriodFacts, rule: BillingCode, by: 'any' | 'physician'): number {
  const program = rule.minutesOf ?? rule.program;
  return facts.seconds[program]?.[by] ?? 0;
}

function whenHolds(rule: BillingCode, facts: PeriodFacts, kept: ReadonlySet<string>): boolean {
  const w = rule.when;
  if (!w) return true;
  if (w.ccmType === 1 && facts.ccmType !== 1) return false;
  if (w.ccmType === 'other' && facts.ccmType === 1) return false;
  if (w.rtmKind !== undefined && facts.rtmKind !== w.rtmKind) return false;
  if (w.programMonth !== undefined) {
    const first = facts.firstMonthOf.includes(rule.minutesOf ?? rule.program);
    if ((w.programMonth === 'first') !== first) return false;
  }
  if (w.complexCare && !facts.complexCare) return false;
  if (w.with && !w.with.some((id) => kept.has(id))) return false;
  return true;
}

/** Units the rule's threshold gives, before exclusions and needs; `kept` holds the rules already kept. */
function unitsOf(rule: BillingCode, facts: PeriodFacts, kept: ReadonlySet<string>): number {
  if (rule.effectiveFrom > facts.dateOfService.slice(0, 10) || !whenHolds(rule, facts, kept)) return 0;
  const m = rule.measure;
  switch (m.kind) {
    case 'setup':
      return facts.setupDate !== null && sameMonth(facts.setupDate, facts.dateOfService) ? 1 : 0;
    case 'days': {
      const days = facts.days[rule.program] ?? 0;
      return days >= m.min && days <= m.max ? 1 : 0;
    }
    case 'minutes': {
      const seconds = secondsOf(facts, rule, m.by);
      return seconds >= m.min * 60 && (m.below === undefined || seconds < m.below * 60) ? 1 : 0;
    }
    case 'addOn': {
      const base = BILLING_CODES.find((entry) => m.to.includes(entry.id) && kept.has(entry.id));
      if (base?.measure.kind !== 'minutes') return 0;
      const past = secondsOf(facts, base, base.measure.by) - base.measure.min * 60;
      return Math.min(m.maxUnits, Math.max(0, Math.floor(past / (m.each * 60))));
    }
    case 'conditions':
      if (!facts.enrolled.includes(rule.program)) return 0;
      if (facts.chronicConditions < m.min || (m.max !== undefined && facts.chronicConditions > m.max))
        return 0;
      return m.qmb === undefined || m.qmb === facts.qmb ? 1 : 0;
  }
}

/** The rule or program already kept that excludes this rule, if any. */
function excluder(rule: BillingCode, kept: readonly BillingCode[]): string | null {
  for (const other of kept) {
    if (rule.excludes.includes(other.id) || other.excludes.includes(rule.id)) return other.code;
    const pair = PROGRAM_EXCLUSIONS.find(([a, b]) => a === other.program && b === rule.program);
    if (pair) return other.program;
  }
  return null;
}

/**
 * The codes of a patient's period: each rule in declaration order reaches its threshold or not; one excluded by a
 * code or program kept before it is dropped (the earlier declared wins); a kept one whose needs are unmet is blocked,
 * and an add-on follows its base.
 */
export function evaluatePeriod(facts: PeriodFacts): PeriodResult {
  const kept: BillingCode[] = [];
  const keptIds = new Set<string>();
  const billed: CodeLine[] = [];
  const blocked: (CodeLine & { unmet: BillingNeed[] })[] = [];
  const excluded: (CodeLine & { by: string })[] = [];
  const blockedIds = new Map<string, BillingNeed[]>();
  for (const rule of BILLING_CODES) {
    const units = unitsOf(rule, facts, keptIds);
    if (units === 0) continue;
    const line = { id: rule.id, code: rule.code, program: rule.program, units };
    const by = excluder(rule, kept);
    if (by !== null) {
      excluded.push({ ...line, by });
      continue;
    }
    kept.push(rule);
    keptIds.add(rule.id);
    const unmet = rule.needs.filter((need) => !facts.met(need, rule.program));
    const m = rule.measure;
    if (m.kind === 'addOn') {
      const base = m.to.find((id) => keptIds.has(id));
      const inherited: readonly BillingNeed[] = (base && blockedIds.get(base)) || [];
      for (const need of inherited) if (!unmet.includes(need)) unmet.push(need);
    }
    if (unmet.length > 0) {
      blocked.push({ ...line, unmet });
      blockedIds.set(rule.id, unmet);
    } else billed.push(line);
  }
  return { billed, blocked, excluded };
}

/** Every need met: the facts of a period with everything on file (tests, and thresholds alone). */
export const ALL_MET: PeriodFacts['met'] = () => true;

/** A period with no activity, for building facts field by field. */
export function emptyFacts(dateOfService: string): PeriodFacts {
  return {
    dateOfService,
    days: {},
    seconds: {},
    setupDate: null,
    ccmType: null,
    rtmKind: null,
    firstMonthOf: [],
    enrolled: [],
    chronicConditions: 0,
    qmb: false,
    complexCare: false,
    met: ALL_MET,
  };
}
