import { type TabEvent, type TabMessage, tabCoordinationMachine } from '@rpm/machines';
import { type Actor, createActor } from 'xstate';

/** The Web Lock one tab of the browser holds for its life: the softphone (000 §4.10). */
const SOFTPHONE_LOCK = 'rpm-softphone';
/** The channel the tabs talk on (the spec's messages). */
export const TABS_CHANNEL = 'rpm-tabs';
/** 000 §3: the per-tab id in session storage. */
const TAB_ID_KEY = 'tabId';

/** What the coordinator needs of the browser; tests pass fakes. */
export interface TabEnvironment {
  readonly locks: Pick<LockManager, 'request'>;
  readonly channel: Pick<BroadcastChannel, 'postMessage' | 'close'> & {
    onmessage: ((event: MessageEvent) => void) | null;
  };
  readonly storage: Pick<Storage, 'getItem' | 'setItem'>;
  readonly newId: () => string;
}

export type TabCoordinator = Actor<typeof tabCoordinationMachine>;

/** This tab's id, kept in session storage as 'tabId' (000 §3). */
function tabIdOf(env: TabEnvironment): string {
  try {
    const stored = env.storage.getItem(TAB_ID_KEY);
    if (stored) return stored;
    const id = env.newId();
    env.storage.setItem(TAB_ID_KEY, id);
    return id;
  } catch {
    return env.newId();
  }
}

/**
 * Starts this tab's coordinator: leadership on a Web Lock (the browser frees a closed or crashed tab's lock and the
 * next waiting tab gets it at once), the spec's messages over a BroadcastChannel.
 * decisions.md "One softphone across tabs". `dialHere` dials in this tab when it holds the softphone.
 */
export function startTabCoordinator(
  env: TabEnvironment,
  dialHere: (number: string, patientId: number | null) => void,
): { actor: TabCoordinator; stop: () => void } {
  /** A request queued behind the holder's. */
  let waiting: AbortController | null = null;
  /** The request this tab holds the lock with, and how to let it go. */
  let held: AbortController | null = null;
  let release: (() => void) | null = null;
  let stopped = false;
  let actor: TabCoordinator;

  const acquire = (steal: boolean) => {
    if (stopped) return;
    if (steal) {
      waiting?.abort();
      waiting = null;
    } else if (waiting !== null || held !== null) {
      return;
    }
    const request = new AbortController();
    if (!steal) waiting = request;
    env.locks
      .request(SOFTPHONE_LOCK, steal ? { steal: true } : { signal: request.signal }, () => {
        if (waiting === request) waiting = null;
        if (stopped) return undefined;
        held = request;
        actor.send({ type: 'LOCK_GRANTED' });
        // Held for the tab's life, until it hands over, or until another tab steals it (toggle_task).
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      })
      // Aborted while waiting (this tab steals instead), or stolen while held: both end here.
      .catch(() => undefined)
      .finally(() => {
        if (waiting === request) waiting = null;
        if (held !== request) return;
        held = null;
        release = null;
        if (!stopped) actor.send({ type: 'LOCK_LOST' });
      });
  };

  const machine = tabCoordinationMachine.provide({
    actions: {
      post: (_, { message }) => env.channel.postMessage(message),
      requestLock: () => acquire(false),
      stealLock: () => acquire(true),
      dialHere: (_, { number, patientId }) => dialHere(number, patientId),
    },
  });
  actor = createActor(machine, { input: { tabId: tabIdOf(env) } });
  env.channel.onmessage = (event) => actor.send({ type: 'MESSAGE', message: event.data as TabMessage });
  actor.start();
  return {
    actor,
    stop: () => {
      actor.send({ type: 'UNLOAD' } satisfies TabEvent);
      stopped = true;
      waiting?.abort();
      (release as (() => void) | null)?.();
      env.channel.onmessage = null;
      env.channel.close();
      actor.stop();
    },
  };
}
