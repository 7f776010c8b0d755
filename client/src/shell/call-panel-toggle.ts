import type { StoredUser } from '@rpm/shared';
import { useSyncExternalStore } from 'react';
import { useTemporaryLogin } from '../machines/hooks';
import { useSession } from '../session/SessionProvider';

/**
 * Whether the call-task panel shows in this tab (000 §2.12, §4.10): toggled per browser tab by the top bar's
 * call/task icon, so it lives in session storage. Spec 000 §4.10 lets other tabs' messages toggle it too; those
 * arrive through {@link setCallPanelShown}. Shown at first (decisions.md "Call panel").
 */
const KEY = 'callPanelShown';

type Listener = () => void;
const listeners = new Set<Listener>();

/** Whether the user may see the call panel at all (000 §2.12): a non-empty aws_link, or a temporary login. */
export function hasCallPanel(user: Pick<StoredUser, 'aws_link'>, tempLogin: boolean): boolean {
  return (user.aws_link ?? '').trim() !== '' || tempLogin;
}

/** The signed-in user when they may see the call panel (see {@link hasCallPanel}), else null. */
export function useCallPanelUser(): StoredUser | null {
  const { user } = useSession();
  const { active } = useTemporaryLogin();
  return user && hasCallPanel(user, active) ? user : null;
}

// When session storage is blocked the state lives here for the page view.
let memory = true;

/** Whether the panel shows in this tab; anything but the stored 'false' means shown. */
function readCallPanelShown(): boolean {
  try {
    return sessionStorage.getItem(KEY) !== 'false';
  } catch {
    return memory;
  }
}

/** Shows or hides the panel in this tab. */
function setCallPanelShown(shown: boolean): void {
  memory = shown;
  try {
    sessionStorage.setItem(KEY, String(shown));
  } catch {
    // blocked: `memory` holds it
  }
  for (const listener of [...listeners]) listener();
}

/** Flips the panel in this tab. */
export function toggleCallPanel(): void {
  setCallPanelShown(!readCallPanelShown());
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The panel's state in this tab, re-rendering on change. */
export function useCallPanelShown(): boolean {
  return useSyncExternalStore(subscribe, readCallPanelShown, () => true);
}
