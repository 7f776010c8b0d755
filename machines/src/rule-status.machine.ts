import { assign, fromPromise, setup } from 'xstate';

/** The dates of 'When would you like to resume patient monitoring?' (001 §2.2), ISO days. */
export interface ResumeChoice {
  readonly start_date: string;
  readonly end_date: string;
}

/** What the terminate actor is asked to do: terminate only, or terminate and continue with new dates. */
export type TerminateInput = { readonly continueWith: ResumeChoice | null };

export interface RuleStatusContext {
  /** The switch as shown: true while the rule is active. */
  readonly active: boolean;
}

export interface RuleStatusInput {
  readonly active: boolean;
}

export type RuleStatusEvent =
  | { type: 'TOGGLE' }
  /** Save in the resume dialog: terminate and continue with these dates. */
  | { type: 'SAVE'; dates: ResumeChoice }
  /** No in the resume dialog: terminate only. */
  | { type: 'NO' }
  /** The resume dialog was closed without an answer: nothing changes. */
  | { type: 'CANCEL' };

/**
 * The notification rule's status switch (001 §4 "Notification rule", §2.2): on → `resumeRule`; off → the resume
 * dialog ('When would you like to resume patient monitoring?'), whose Save runs `terminateRule` continuing with
 * the new dates and whose No runs it without continuing. A failure (the client shows the error dialog) leaves
 * the switch as it was; success runs `changed` so the list reloads (no answer: decisions.md "Rule status dialog").
 */
export const ruleStatusMachine = setup({
  types: {} as { context: RuleStatusContext; events: RuleStatusEvent; input: RuleStatusInput },
  actors: {
    resume: fromPromise<void>(async () => {
      throw new Error('resume must be provided');
    }),
    terminate: fromPromise<void, TerminateInput>(async () => {
      throw new Error('terminate must be provided');
    }),
  },
  actions: {
    setActive: assign({ active: (_, params: { active: boolean }) => params.active }),
    changed: () => undefined,
  },
}).createMachine({
  id: 'ruleStatus',
  context: ({ input }) => ({ active: input.active }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        TOGGLE: [{ guard: ({ context }) => context.active, target: 'asking' }, { target: 'resuming' }],
      },
    },
    asking: {
      on: {
        SAVE: 'terminating',
        NO: 'terminating',
        CANCEL: 'idle',
      },
    },
    resuming: {
      invoke: {
        src: 'resume',
        onDone: { target: 'idle', actions: [{ type: 'setActive', params: { active: true } }, 'changed'] },
        onError: 'idle',
      },
    },
    terminating: {
      invoke: {
        src: 'terminate',
        input: ({ event }) => ({ continueWith: event.type === 'SAVE' ? event.dates : null }),
        // Terminate-and-continue leaves a new active rule; the terminated row itself is now inactive.
        onDone: { target: 'idle', actions: [{ type: 'setActive', params: { active: false } }, 'changed'] },
        onError: 'idle',
      },
    },
  },
});
