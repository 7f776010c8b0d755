import { type VisibleMenu, visibleMenu } from '@rpm/shared';
import { type MouseEvent, useCallback, useMemo } from 'react';
import { useLocation } from 'wouter';
import { useSession } from '../../session/SessionProvider';
import { readTempLogin } from '../../session/storage';

/**
 * The main menu of the signed-in user at the current path (000 §2.7, §6.2), or `null` when nobody is signed in.
 * The temporary-login flag is read on every render: it changes only with a page reload (000 §4.4).
 */
export function useVisibleMenu(): { readonly menu: VisibleMenu | null; readonly pathname: string } {
  const { user } = useSession();
  const [pathname] = useLocation();
  const tempLogin = readTempLogin();
  const menu = useMemo(
    () => (user ? visibleMenu(user, { tempLogin, pathname }) : null),
    [user, tempLogin, pathname],
  );
  return { menu, pathname };
}

/**
 * A click handler for menu links: a plain left click navigates inside the app; a click with a modifier key or
 * another button is left to the browser, so staff can open a page in a new tab.
 */
export function useLinkClick(
  onNavigate?: () => void,
): (link: string) => (event: MouseEvent<HTMLElement>) => void {
  const [, navigate] = useLocation();
  return useCallback(
    (link: string) => (event: MouseEvent<HTMLElement>) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      navigate(link);
      onNavigate?.();
    },
    [navigate, onNavigate],
  );
}
