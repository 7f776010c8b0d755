import { checkSession } from '@rpm/shared';
import { call } from '../api/call';
import { clearSession, readUser } from './storage';

/** Navigates within the app (wouter's `navigate`). */
export type Navigate = (to: string, options?: { replace?: boolean }) => void;

/**
 * Logout (000 §4.2): ends the server session (checkSession status 0), then clears the stored session even if
 * that call failed, then goes to '/'. With no stored user there is no session to end and no call is made
 * (000 §4.1 "session check with status 0 if a user is stored").
 */
export async function logout(navigate: Navigate): Promise<void> {
  try {
    if (readUser()) await call(checkSession, { query: { status: 0 } });
  } catch {
    // 000 §4.2: local data is cleared even if the call fails.
  } finally {
    clearSession();
    navigate('/', { replace: true });
  }
}
