import { BILLING_CODES, type BillingProgram, ruleText } from './program-codes.js';

/** One row of the Cpt Codes Table (000 §2.4): a code the product bills and the rule that bills it. */
interface CptCodeRule {
  readonly code: string;
  readonly program: BillingProgram;
  readonly rule: string;
  /** First date of service (ISO day) the code is billed from. */
  readonly effectiveFrom: string;
}

/** The codes with their rules, read from the one declaration billing evaluates (program-codes.ts). */
export const CPT_CODE_RULES: readonly CptCodeRule[] = BILLING_CODES.map((entry) => ({
  code: entry.code,
  program: entry.program,
  rule: ruleText(entry),
  effectiveFrom: entry.effectiveFrom,
}));
