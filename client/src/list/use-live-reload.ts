import { HUB_EVENTS } from '@rpm/shared';
import { useEffect, useRef } from 'react';
import { useHubConnect, useHubEvent } from '../hub/HubProvider';

/**
 * The hub event after which a live list or figure loads again: a patient's alerts changed (one raised from a
 * reading, or some acknowledged), pushed to the patient's care team.
 */
export const LIST_CHANGED_EVENT = HUB_EVENTS.alertsChanged;

/** Reloads are gathered for this long, so a burst of events loads the list once. */
export const LIVE_RELOAD_DEBOUNCE_MS = 300;

/**
 * Calls `reload` (debounced) when the hub reports a change, and when the hub connects again (pushes sent while
 * disconnected are not replayed), while `enabled`. The lists and the dashboard share it.
 */
export function useLiveReload(reload: () => void, enabled: boolean): void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const soon = () => {
    if (!enabled) return;
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      reload();
    }, LIVE_RELOAD_DEBOUNCE_MS);
  };
  useHubEvent(LIST_CHANGED_EVENT, soon);
  useHubConnect(soon);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
}
