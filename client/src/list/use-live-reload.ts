import { HUB_EVENTS } from '@rpm/shared';
import { useEffect, useRef } from 'react';
import { useHubEvent } from '../hub/HubProvider';

/**
 * The hub event after which a live list loads again. Until the server's 'ALERTS::CHANGED' event is in
 * shared/src/hub.ts, a new notification (raised with every alert) stands in; swapping it is this one line.
 */
export const LIST_CHANGED_EVENT = HUB_EVENTS.notificationNew;

/** Reloads are gathered for this long, so a burst of events loads the list once. */
export const LIVE_RELOAD_DEBOUNCE_MS = 300;

/** Calls `reload` (debounced) when the hub reports a change, while `enabled`. */
export function useLiveReload(reload: () => void, enabled: boolean): void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useHubEvent(LIST_CHANGED_EVENT, () => {
    if (!enabled) return;
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      reload();
    }, LIVE_RELOAD_DEBOUNCE_MS);
  });
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
}
