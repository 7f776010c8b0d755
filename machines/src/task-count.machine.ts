import { TASK_POLL_MS } from '@rpm/shared';
import { countSetup, fetchingCount, followFocus, startCount } from './count-polling.js';

/**
 * The My Tasks badge count (000 §2.7, §7 getIncompleteTaskCount, §9): `fetchCount` runs on load, every 10 minutes
 * and on a REFRESH signal, only when the page has focus unless forced. Failures are ignored (000 §8) and the
 * count shown stays. The load is forced (decisions.md "Task badge").
 */
export const taskCountMachine = countSetup
  .extend({
    guards: {
      forcedOrFocused: ({ context }, params: { force: boolean }) => params.force || context.focused,
    },
    delays: { poll: TASK_POLL_MS },
  })
  .createMachine({
    id: 'taskCount',
    context: startCount,
    initial: 'fetching',
    on: followFocus,
    states: {
      fetching: fetchingCount,
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
