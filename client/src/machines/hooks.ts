import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { useSessionActors } from './SessionMachines';

/** A polled count and the way to ask for it now. */
export interface PolledCount {
  readonly count: number;
  /** Asks now; `force` bypasses the focus (and, for notifications, the cache) rules. */
  readonly refresh: (force?: boolean) => void;
}

/**
 * The bell's unread-notification count (000 §4.6). `refresh(true)` when a notification arrives over the socket or
 * after clear all. 0 while nobody is signed in.
 */
export function useUnreadCount(): PolledCount {
  const actor = useSessionActors().notificationCount;
  const count = useSelector(actor ?? undefined, (s) => s?.context.count ?? 0);
  const refresh = useCallback((force = false) => actor?.send({ type: 'REFRESH', force }), [actor]);
  return { count, refresh };
}

/** The incomplete-task count for the My Tasks badge (000 §2.7, §7); the badge caps it at 99 itself. */
export function useTaskCount(): PolledCount {
  const actor = useSessionActors().taskCount;
  const count = useSelector(actor ?? undefined, (s) => s?.context.count ?? 0);
  const refresh = useCallback((force = false) => actor?.send({ type: 'REFRESH', force }), [actor]);
  return { count, refresh };
}

/** What the user menu, the Home button and the temporary-login dialog need (000 §4.4). */
export interface TemporaryLogin {
  /** A temporary login is active (the stored tempLogin flag): the Home button shows. */
  readonly active: boolean;
  readonly state: 'idle' | 'starting' | 'returning' | 'invalid';
  /** The server's text of the last failure, when it sent one. */
  readonly message: string | null;
  /** Starts acting as the user with this user name. */
  readonly start: (username: string) => void;
  /** The Home button: back to the main account. */
  readonly returnHome: () => void;
  /** Leaves the invalid state (the dialog was closed). */
  readonly dismiss: () => void;
}

/** The temporary login of the signed-in user (000 §4.4). */
export function useTemporaryLogin(): TemporaryLogin {
  const actor = useSessionActors().temporaryLogin;
  const active = useSelector(actor ?? undefined, (s) => s?.context.active ?? false);
  const message = useSelector(actor ?? undefined, (s) => s?.context.message ?? null);
  const state = useSelector(actor ?? undefined, (s): TemporaryLogin['state'] => {
    if (!s) return 'idle';
    // 'started': the page is reloading as the user acted as; to the UI it is still starting.
    if (s.matches('starting') || s.matches('started')) return 'starting';
    if (s.matches('returning')) return 'returning';
    if (s.matches('invalid')) return 'invalid';
    return 'idle';
  });
  const start = useCallback((username: string) => actor?.send({ type: 'START', username }), [actor]);
  const returnHome = useCallback(() => actor?.send({ type: 'RETURN' }), [actor]);
  const dismiss = useCallback(() => actor?.send({ type: 'DISMISS' }), [actor]);
  return { active, state, message, start, returnHome, dismiss };
}
