import { describe, expect, it } from 'vitest';
import { emptyFacts, evaluatePeriod, type PeriodFacts } from './engine.js';
import {
  BILLING_CODES,
  type BillingCode,
  billingCode,
  PROGRAM_EXCLUSIONS,
  ruleText,
} from './program-codes.js';

/**
 * One case per rule, per exclusion pair and per need, generated from the declaration: a new code is one entry in
 * program-codes.ts and these cases follow.
 */

const DOS = '2026-11-15';
const min = (minutes: number) => minutes * 60;

type FactsPatch = Partial<Omit<PeriodFacts, 'met'>>;

function merge(a: FactsPatch, b: FactsPatch): FactsPatch {
  const seconds = { ...a.seconds };
  for (const [program, s] of Object.entries(b.seconds ?? {})) {
    const current = seconds[program as keyof typeof seconds];
    seconds[program as keyof typeof seconds] = {
      any: Math.max(current?.any ?? 0, s.any),
      physician: Math.max(current?.physician ?? 0, s.physician),
    };
  }
  return {
    ...a,
    ...b,
    days: { ...a.days, ...b.days },
    seconds,
    firstMonthOf: [...(a.firstMonthOf ?? []), ...(b.firstMonthOf ?? [])],
    enrolled: [...(a.enrolled ?? []), ...(b.enrolled ?? [])],
    complexCare: Boolean(a.complexCare || b.complexCare),
  };
}

/** The facts that just reach a rule's threshold (`short`: one step below it). */
function factsFor(rule: BillingCode, short = false): FactsPatch {
  const m = rule.measure;
  const w = rule.when ?? {};
  let patch: FactsPatch = {
    ccmType: w.ccmType === 1 ? 1 : 2,
    ...(w.rtmKind ? { rtmKind: w.rtmKind } : {}),
    ...(w.programMonth === 'first' ? { firstMonthOf: [rule.minutesOf ?? rule.program] } : {}),
    ...(w.complexCare ? { complexCare: true } : {}),
  };
  const minutesOf = rule.minutesOf ?? rule.program;
  const seconds = (s: number, by: 'any' | 'physician') => ({
    seconds: { [minutesOf]: { any: s, physician: by === 'physician' ? s : 0 } },
  });
  switch (m.kind) {
    case 'setup':
      patch = { ...patch, setupDate: short ? '2026-10-31' : '2026-11-03' };
      break;
    case 'days':
      patch = { ...patch, days: { [rule.program]: short ? m.min - 1 : m.min } };
      break;
    case 'minutes':
      patch = merge(patch, seconds(min(m.min) - (short ? 1 : 0), m.by));
      break;
    case 'addOn': {
      const base = billingCode(m.to[0] as string);
      if (base.measure.kind !== 'minutes') throw new Error(`${rule.id}: base is not timed`);
      patch = merge(
        factsFor(base),
        seconds(min(base.measure.min + m.each) - (short ? 1 : 0), base.measure.by),
      );
      break;
    }
    case 'conditions':
      patch = {
        ...patch,
        enrolled: short ? [] : [rule.program],
        chronicConditions: m.min,
        qmb: m.qmb ?? false,
      };
      break;
  }
  for (const id of w.with ?? []) {
    patch = merge(factsFor(billingCode(id)), patch);
    break;
  }
  return patch;
}

const facts = (patch: FactsPatch, unmet: readonly string[] = []): PeriodFacts => ({
  ...emptyFacts(DOS),
  ...patch,
  met: (need) => !unmet.includes(need),
});

const billedIds = (patch: FactsPatch) => evaluatePeriod(facts(patch)).billed.map((line) => line.id);

describe('each declared code bills at its threshold and not below it', () => {
  it.each(BILLING_CODES.map((rule) => [rule.id, rule] as const))('%s', (_id, rule) => {
    expect(billedIds(factsFor(rule))).toContain(rule.id);
    expect(billedIds(factsFor(rule, true))).not.toContain(rule.id);
  });
});

describe('a code is not billed before its effective date', () => {
  const later = BILLING_CODES.filter((rule) => rule.effectiveFrom > '2020-01-01');
  it.each(later.map((rule) => [rule.id, rule] as const))('%s', (_id, rule) => {
    const day = new Date(`${rule.effectiveFrom}T00:00:00Z`);
    day.setUTCDate(0);
    const before = day.toISOString().slice(0, 10);
    const patch = factsFor(rule);
    const shifted = { ...patch, ...(patch.setupDate ? { setupDate: before } : {}) };
    expect(
      evaluatePeriod({ ...facts(shifted), dateOfService: before }).billed.map((l) => l.id),
    ).not.toContain(rule.id);
  });
});

describe('add-on units: one per further step, at most the declared number', () => {
  const addOns = BILLING_CODES.filter((rule) => rule.measure.kind === 'addOn');
  it.each(addOns.map((rule) => [rule.id, rule] as const))('%s', (_id, rule) => {
    if (rule.measure.kind !== 'addOn') return;
    const base = billingCode(rule.measure.to[0] as string);
    if (base.measure.kind !== 'minutes') return;
    const lots = min(base.measure.min + rule.measure.each * (rule.measure.maxUnits + 3));
    const patch = merge(factsFor(base), {
      seconds: {
        [base.minutesOf ?? base.program]: {
          any: lots,
          physician: base.measure.by === 'physician' ? lots : 0,
        },
      },
    });
    const line = evaluatePeriod(facts(patch)).billed.find((l) => l.id === rule.id);
    expect(line?.units).toBe(rule.measure.maxUnits);
  });
});

/** Every declared exclusion pair, each once. */
const CODE_PAIRS = [
  ...new Map(
    BILLING_CODES.flatMap((rule) =>
      rule.excludes.map((other) => {
        const pair = [rule.id, other].sort();
        return [pair.join('|'), pair as [string, string]] as const;
      }),
    ),
  ).values(),
];

describe('codes that exclude each other are never billed together', () => {
  it.each(CODE_PAIRS)('%s and %s', (a, b) => {
    const ruleA = billingCode(a);
    const ruleB = billingCode(b);
    const both = merge(factsFor(ruleA), factsFor(ruleB));
    const billed = billedIds(both);
    expect(billed.includes(a) && billed.includes(b)).toBe(false);
    // The merged facts still bill something (the pair, or the code that outranks both).
    expect(billed.length).toBeGreaterThan(0);
  });
});

describe('programs never billed together: the first of the pair wins', () => {
  const firstOf = (program: string) => {
    const rule = BILLING_CODES.find((entry) => entry.program === program && entry.measure.kind !== 'addOn');
    if (!rule) throw new Error(program);
    return rule;
  };
  it.each(PROGRAM_EXCLUSIONS.map(([a, b]) => [a, b] as const))('%s over %s', (a, b) => {
    const ruleA = firstOf(a);
    const ruleB = firstOf(b);
    const result = evaluatePeriod(facts(merge(factsFor(ruleA), factsFor(ruleB))));
    expect(result.billed.map((l) => l.id)).toContain(ruleA.id);
    expect(result.billed.some((l) => l.program === b)).toBe(false);
    expect(result.excluded.find((l) => l.id === ruleB.id)?.by).toBeDefined();
  });
});

describe('an unmet need blocks the code and names the need', () => {
  const cases = BILLING_CODES.flatMap((rule) => rule.needs.map((need) => [rule.id, need, rule] as const));
  it.each(cases)('%s without %s', (_id, need, rule) => {
    const result = evaluatePeriod(facts(factsFor(rule), [need]));
    expect(result.billed.map((l) => l.id)).not.toContain(rule.id);
    expect(result.blocked.find((l) => l.id === rule.id)?.unmet).toContain(need);
  });
});

describe('the declaration', () => {
  it('names each rule once and points add-ons, exclusions and companions at declared rules', () => {
    const ids = BILLING_CODES.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of BILLING_CODES) {
      for (const id of rule.excludes) expect(ids, `${rule.id} excludes ${id}`).toContain(id);
      for (const id of rule.when?.with ?? []) expect(ids, `${rule.id} with ${id}`).toContain(id);
      if (rule.measure.kind === 'addOn') for (const id of rule.measure.to) expect(ids).toContain(id);
      expect(ruleText(rule)).not.toBe('');
    }
  });

  it('holds every code the issue of programs names', () => {
    const codes = new Set(BILLING_CODES.map((rule) => rule.code));
    for (const code of [
      '99453 99454 99445 99457 99458 99470',
      '98976 98977 98978 98984 98985 98986 98980 98981 98979',
      '99490 99439 99491 99437 99487 99489 99426 99427 99424 99425',
      '99484 99492 99493 99494 G0556 G0557 G0558 G0568 G0569 G0570',
    ].flatMap((line) => line.split(' ')))
      expect(codes).toContain(code);
  });

  it('bills the spec CCM type 1 pair from CCM minutes (001 §9)', () => {
    const result = evaluatePeriod(facts({ ccmType: 1, seconds: { CCM: { any: min(60), physician: 0 } } }));
    expect(result.billed.map((l) => `${l.program} ${l.code}`)).toEqual(['CCM 99426', 'CCM 99427']);
  });
});
