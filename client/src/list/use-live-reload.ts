import { HUB_EVENTS } from '@rpm/shared';
import { useEffect, useRef } from 'react';
import { useHubConnect, useHubEvent } from '../hub/HubProvider';
import type { HubEventName } from '../hub/hub-events';

/**
 * The hub event after which a live list or figure loads again: a patient's alerts changed (one raised from a
 * reading, or some acknowledged), pushed to the patient's care team.
 */
export const LIST_CHANGED_EVENT = HUB_EVENTS.alertsChanged;

/** The sleep-test lock events after which a study worklist loads again ('Locked by {name}'). */
export const SLEEP_LOCK_EVENTS: readonly HubEventName[] = [HUB_EVENTS.sleepLock, HUB_EVENTS.sleepFree];

/** Reloads are gathered for this long, so a burst of events loads the list once. */
export const LIVE_RELOAD_DEBOUNCE_MS = 300;

/**
 * Calls `reload` (debounced) when the hub reports a change (one of `events`), and when the hub connects again (pushes sent while
 * disconnected are not replayed), while `enabled`. The lists and the dashboard share it.
 */
export function useLiveReload(
  reload: () => void,
  enabled: boolean,
  events: readonly HubEventName[] = [LIST_CHANGED_EVENT],
): void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const soon = () => {
    if (!enabled) return;
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      reload();
    }, LIVE_RELOAD_DEBOUNCE_MS);
  };
  // One listener per known event (a fixed number of hooks); each reloads only when the caller asked for it.
  const on = (event: HubEventName) => () => {
    if (events.includes(event)) soon();
  };
  useHubEvent(LIST_CHANGED_EVENT, on(LIST_CHANGED_EVENT));
  useHubEvent(HUB_EVENTS.sleepLock, on(HUB_EVENTS.sleepLock));
  useHubEvent(HUB_EVENTS.sleepFree, on(HUB_EVENTS.sleepFree));
  useHubConnect(soon);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
}
