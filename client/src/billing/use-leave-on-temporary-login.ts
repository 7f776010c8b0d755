import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { useSession } from '../session/SessionProvider';
import { readTempLogin } from '../session/storage';

/** Where a temporary login sends the billing report (001 §2.1). */
const TEMPORARY_LOGIN_TARGET = '/app/dashboard';

/**
 * 001 §2.1: "Switching to a temporary login redirects to /app/dashboard". While the page is open, a change of the
 * stored user to another one with the temporary-login flag set (000 §4.4) leaves for the dashboard: the report of
 * the main user's practices must not stay on screen under the other identity.
 */
export function useLeaveOnTemporaryLogin(): void {
  const { user } = useSession();
  const [, navigate] = useLocation();
  const shown = useRef(user?.user_id);
  useEffect(() => {
    const switched = user !== null && user.user_id !== shown.current;
    shown.current = user?.user_id;
    if (switched && readTempLogin()) navigate(TEMPORARY_LOGIN_TARGET);
  }, [user, navigate]);
}
