import { z } from 'zod';
import { ESCALATION_CHAIN } from './alert-policy.js';
import { defineCall } from './contract.js';
import { CHECK_IN_FREQUENCIES } from './defaults.js';
import { recordIdParam } from './ids.js';
import { vitalThreshold } from './vitals.js';

/**
 * Practice Protocol (000 §2.4 'Dashboard' practice-protocol; decisions.md "Practice Protocol"): the spec names only
 * the route. It is a practice's RPM protocol on one screen: the monitoring levels in force for each vital (the
 * organisation's RPM Protocol Defaults, else role 5's, else the spec's, 001 §9), reading days and check-ins, and the
 * practice's alert escalation: its minutes and the chain's tiers. Its edits are the existing calls' (updatePractice,
 * updateProtocolDefaults); this call only reads.
 */

/** Where a vital's levels come from, as the screen names it. */
export const PROTOCOL_SOURCE_LABELS = {
  organization: "Organization's RPM Protocol Defaults",
  role: 'Product defaults (role 5)',
  spec: 'Standard ranges (001 §9)',
} as const;
export type ProtocolSourceName = keyof typeof PROTOCOL_SOURCE_LABELS;

const practiceChoice = z.object({ value: z.number().int(), label: z.string() });

export const getPracticeProtocol = defineCall({
  method: 'GET',
  path: 'rpm/practices/getPracticeProtocol',
  spec: '000 §2.4 \'Dashboard\' practice-protocol; our path (decisions.md "Practice Protocol")',
  summary:
    "A practice's RPM protocol: each vital's levels in force with their source, reading days, check-in frequency, escalation minutes and the escalation chain's tiers; the practices the caller may choose and what they may edit. 404 for a practice outside the caller's scope",
  access: { page: 'Dashboard' },
  /** Absent: the caller's first practice by name. */
  query: z.object({ practice_id: recordIdParam.optional() }),
  response: z.object({
    status: z.number().int(),
    data: z.object({
      practice_id: z.number().int(),
      practice_name: z.string(),
      organization_id: z.number().int(),
      organization_name: z.string(),
      /** The practices the caller sees, by name. */
      practices: z.array(practiceChoice),
      /** The caller may change the escalation minutes (updatePractice: 'Practices Table' and the organisation). */
      can_edit_escalation: z.boolean(),
      /** The caller may change the levels (updateProtocolDefaults: 000 §6.2 role 5, and the organisation). */
      can_edit_levels: z.boolean(),
      reading_days: z.number().int(),
      check_in_frequency: z.enum(CHECK_IN_FREQUENCIES),
      vitals: z.array(
        vitalThreshold.extend({
          device_type: z.string(),
          source: z.enum(['organization', 'role', 'spec']),
        }),
      ),
      escalation_critical_minutes: z.number().int(),
      escalation_abnormal_minutes: z.number().int(),
      /** The chain in order (ESCALATION_CHAIN): tier n is reached n × the level's minutes after the alert. */
      chain: z.array(
        z.object({
          tier: z.number().int(),
          role: z.enum(ESCALATION_CHAIN.map((t) => t.role) as [string, ...string[]]),
          label: z.string(),
          critical_after_minutes: z.number().int(),
          abnormal_after_minutes: z.number().int(),
        }),
      ),
    }),
  }),
});
