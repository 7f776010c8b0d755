import { TASK_POLL_MS } from '@rpm/shared';
import { assign, fromPromise, setup } from 'xstate';
import type { CountEvent, CountInput } from './notification-count.machine.js';

export interface TaskCountContext {
  readonly count: number;
  readonly focused: boolean;
}

/**
 * The My Tasks badge count (000 §2.7, §7 getIncompleteTaskCount, §9): `fetchCount` runs on load, every 10 minutes
 * and on a REFRESH signal, only when the page has focus unless forced. Failures are ignored (000 §8) and the
 * count shown stays. The load is forced (decisions.md "Task badge"). A forced REFRESH during a fetch starts it again.
 */
export const taskCountMachine = setup({
  types: {} as { context: TaskCountContext; events: CountEvent; input: CountInput },
  actors: {
    fetchCount: fromPromise<number>(async () => {
      throw new Error('fetchCount must be provided');
    }),
  },
  actions: {
    showCount: assign({ count: (_, params: { count: number }) => params.count }),
    setFocus: assign({ focused: (_, params: { focused: boolean }) => params.focused }),
  },
  guards: {
    forcedOrFocused: ({ context }, params: { force: boolean }) => params.force || context.focused,
    forced: (_, params: { force: boolean }) => params.force,
    focused: ({ context }) => context.focused,
  },
  delays: { poll: TASK_POLL_MS },
}).createMachine({
  id: 'taskCount',
  context: ({ input }) => ({ count: 0, focused: input.focused }),
  initial: 'fetching',
  on: {
    FOCUS: { actions: { type: 'setFocus', params: ({ event }) => ({ focused: event.focused }) } },
  },
  states: {
    fetching: {
      on: {
        REFRESH: {
          guard: { type: 'forced', params: ({ event }) => event },
          target: 'fetching',
          reenter: true,
        },
      },
      invoke: {
        id: 'fetchCount',
        src: 'fetchCount',
        onDone: {
          target: 'waiting',
          actions: { type: 'showCount', params: ({ event }) => ({ count: event.output }) },
        },
        onError: 'waiting',
      },
    },
    waiting: {
      after: {
        poll: [
          { guard: 'focused', target: 'fetching' },
          { target: 'waiting', reenter: true },
        ],
      },
      on: {
        REFRESH: { guard: { type: 'forcedOrFocused', params: ({ event }) => event }, target: 'fetching' },
      },
    },
  },
});
