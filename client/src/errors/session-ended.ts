import { MSG } from '@rpm/shared';
import type { ApiError } from '../api/api-error';

/**
 * Whether an error answer means the server ended the session (000 §8): a 401 with 'System is logging you out
 * because login from another device is detected' or 'The system is logging you out due to the expiration of your
 * past login session'. Our server's other 401 text (MSG.notAuthorised, "sign in again") means the same; the spec
 * is silent on it; we chose to treat it alike.
 */
export function sessionEnded(error: Pick<ApiError, 'status' | 'message'>): boolean {
  return (
    error.status === 401 &&
    (error.message === MSG.loggedInElsewhere ||
      error.message === MSG.pastSessionExpired ||
      error.message === MSG.notAuthorised)
  );
}
