import { TAB_BLUR_DELAY_MS } from '@rpm/shared';
import { assign, type SnapshotFrom, setup } from 'xstate';

/** The holder's call as other tabs show it. */
export interface TabCall {
  readonly presence: string;
  readonly calling: boolean;
  readonly phoneNumber: string | null;
  readonly patientId: number | null;
}

/**
 * The messages between the tabs of one browser (000 §4.10 names: first_tab, tabs_data, toggle_task, focus, blur,
 * unload; 'dial' is ours: decisions.md "One softphone across tabs").
 */
export type TabMessage =
  /** This tab now holds the softphone. */
  | { type: 'first_tab'; tabId: string }
  /** The holder's state, sent on every change and to answer a focus. */
  | { type: 'tabs_data'; tabId: string; holderId: string; call: TabCall | null }
  /** This tab takes the softphone on the user's request. */
  | { type: 'toggle_task'; tabId: string }
  | { type: 'focus'; tabId: string }
  | { type: 'blur'; tabId: string }
  | { type: 'unload'; tabId: string }
  /** Asks the holder to dial: the patient's number without the +1. */
  | { type: 'dial'; tabId: string; to: string; number: string; patientId: number | null };

export interface TabContext {
  readonly tabId: string;
  /** The tab holding the softphone, as far as this tab knows. */
  readonly holderId: string | null;
  /** The holder's call (this tab's own when it holds the softphone). */
  readonly call: TabCall | null;
}

export type TabEvent =
  /** The Web Lock of the softphone was granted to this tab. */
  | { type: 'LOCK_GRANTED' }
  /** Another tab took the lock (toggle_task). */
  | { type: 'LOCK_LOST' }
  /** The user asks for the softphone in this tab. */
  | { type: 'TAKE' }
  /** This tab's softphone changed (holder only). */
  | { type: 'CALL_STATE'; call: TabCall }
  /** The user asks to dial from a tab; the holder dials, another tab asks the holder. */
  | { type: 'DIAL'; number: string; patientId: number | null }
  /** This tab's softphone asks for the blur message after a call (000 §4.9). */
  | { type: 'CALL_BLUR' }
  | { type: 'FOCUS' }
  | { type: 'BLUR' }
  | { type: 'UNLOAD' }
  | { type: 'MESSAGE'; message: TabMessage };

type Msg<T extends TabMessage['type']> = Extract<TabMessage, { type: T }>;
const is = <T extends TabMessage['type']>(
  event: TabEvent,
  type: T,
): event is { type: 'MESSAGE'; message: Msg<T> } => event.type === 'MESSAGE' && event.message.type === type;

/**
 * One softphone per browser (000 §4.10). Leadership is a Web Lock held for the tab's life: the browser
 * frees a closed or crashed tab's lock and grants it to the next waiting tab at once. The client provides the
 * effects: `post` (the channel between tabs), `requestLock` (wait for the lock), `stealLock` (take it: toggle_task),
 * `dialHere` (this tab's softphone dials).
 *
 * - `role`: waiting until the lock is granted, then holding: first_tab announced, tabs_data on every call change
 *   and in answer to a focus (so a new tab learns the state), dial requests addressed to this tab dialled. TAKE in
 *   a waiting tab announces toggle_task and steals the lock, unless the holder is in a call (the audio would drop).
 * - `focus`: focus is sent at once; a blur 1 s after the window blurred, unless focus came back.
 */
export const tabCoordinationMachine = setup({
  types: {} as { context: TabContext; events: TabEvent; input: { tabId: string } },
  actions: {
    post: (_, _params: { message: TabMessage }) => {},
    requestLock: () => {},
    stealLock: () => {},
    dialHere: (_, _params: { number: string; patientId: number | null }) => {},
  },
  delays: { blurDelay: TAB_BLUR_DELAY_MS },
}).createMachine({
  id: 'tabs',
  context: ({ input }) => ({ tabId: input.tabId, holderId: null, call: null }),
  type: 'parallel',
  on: {
    UNLOAD: {
      actions: {
        type: 'post',
        params: ({ context }) => ({ message: { type: 'unload', tabId: context.tabId } }),
      },
    },
    CALL_BLUR: {
      actions: {
        type: 'post',
        params: ({ context }) => ({ message: { type: 'blur', tabId: context.tabId } }),
      },
    },
  },
  states: {
    role: {
      initial: 'waiting',
      states: {
        waiting: {
          entry: 'requestLock',
          on: {
            LOCK_GRANTED: 'holding',
            TAKE: {
              guard: ({ context }) => !(context.call?.calling ?? false),
              actions: [
                {
                  type: 'post',
                  params: ({ context }) => ({ message: { type: 'toggle_task', tabId: context.tabId } }),
                },
                'stealLock',
              ],
            },
            DIAL: {
              guard: ({ context }) => context.holderId !== null,
              actions: {
                type: 'post',
                params: ({ context, event }) => ({
                  message: {
                    type: 'dial',
                    tabId: context.tabId,
                    to: context.holderId as string,
                    number: event.number,
                    patientId: event.patientId,
                  },
                }),
              },
            },
          },
        },
        holding: {
          entry: [
            assign({ holderId: ({ context }) => context.tabId, call: null }),
            {
              type: 'post',
              params: ({ context }) => ({ message: { type: 'first_tab', tabId: context.tabId } }),
            },
          ],
          on: {
            LOCK_LOST: {
              target: 'waiting',
              // The new holder's first_tab may have come first.
              actions: assign(({ context }) => ({
                holderId: context.holderId === context.tabId ? null : context.holderId,
                call: null,
              })),
            },
            CALL_STATE: {
              actions: [
                assign(({ event }) => ({ call: event.call })),
                { type: 'post', params: ({ context }) => ({ message: tabsData(context) }) },
              ],
            },
            DIAL: {
              actions: {
                type: 'dialHere',
                params: ({ event }) => ({ number: event.number, patientId: event.patientId }),
              },
            },
            MESSAGE: [
              {
                guard: ({ event }) => is(event, 'focus'),
                actions: { type: 'post', params: ({ context }) => ({ message: tabsData(context) }) },
              },
              {
                guard: ({ context, event }) => is(event, 'dial') && event.message.to === context.tabId,
                actions: {
                  type: 'dialHere',
                  params: ({ event }) => {
                    const m = (event as { message: Msg<'dial'> }).message;
                    return { number: m.number, patientId: m.patientId };
                  },
                },
              },
            ],
          },
        },
      },
      on: {
        MESSAGE: [
          {
            guard: ({ event }) => is(event, 'first_tab'),
            actions: assign(({ event }) => ({
              holderId: (event as { message: Msg<'first_tab'> }).message.tabId,
              call: null,
            })),
          },
          {
            guard: ({ event }) => is(event, 'tabs_data'),
            actions: assign(({ event }) => {
              const m = (event as { message: Msg<'tabs_data'> }).message;
              return { holderId: m.holderId, call: m.call };
            }),
          },
          {
            guard: ({ context, event }) => is(event, 'unload') && event.message.tabId === context.holderId,
            actions: assign({ holderId: null, call: null }),
          },
        ],
      },
    },
    focus: {
      initial: 'focused',
      entry: {
        type: 'post',
        params: ({ context }) => ({ message: { type: 'focus', tabId: context.tabId } }),
      },
      states: {
        focused: { on: { BLUR: 'blurring' } },
        blurring: {
          on: { FOCUS: 'focused' },
          after: {
            blurDelay: {
              target: 'blurred',
              actions: {
                type: 'post',
                params: ({ context }) => ({ message: { type: 'blur', tabId: context.tabId } }),
              },
            },
          },
        },
        blurred: {
          on: {
            FOCUS: {
              target: 'focused',
              actions: {
                type: 'post',
                params: ({ context }) => ({ message: { type: 'focus', tabId: context.tabId } }),
              },
            },
          },
        },
      },
    },
  },
});

function tabsData(context: TabContext): TabMessage {
  return { type: 'tabs_data', tabId: context.tabId, holderId: context.tabId, call: context.call };
}

export type TabCoordinationSnapshot = SnapshotFrom<typeof tabCoordinationMachine>;

export function holdsSoftphone(snapshot: TabCoordinationSnapshot): boolean {
  return snapshot.matches({ role: 'holding' });
}
