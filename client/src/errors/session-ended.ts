import { MSG } from '@rpm/shared';
import type { ApiError } from '../api/api-error';

/**
 * Whether an error answer means the server ended the session (000 §8): a 401 with 'System is logging you out
 * because login from another device is detected' or 'The system is logging you out due to the expiration of your
 * past login session', or MSG.notAuthorised (decisions.md "Invalid session answer").
 */
export function sessionEnded(error: Pick<ApiError, 'status' | 'message'>): boolean {
  return (
    error.status === 401 &&
    (error.message === MSG.loggedInElsewhere ||
      error.message === MSG.pastSessionExpired ||
      error.message === MSG.notAuthorised)
  );
}
