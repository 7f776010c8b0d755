import { getRpmVersion, type StoredUser } from '@rpm/shared';
import { prefetchCall } from '../api/call';
import { prefetchSessionCounts } from '../machines/SessionMachines';
import { VERSION_REQUEST } from '../version/VersionCheck';
import { startScreenCalls } from './PageArea';

/**
 * Makes the first calls of the signed-in shell and of the start page at `path` (its screen loaded) as the user signs
 * in, before the shell draws (decisions.md "Start calls at sign-in"). Each request
 * is the one its screen or the shell makes, declared beside it, and `call` hands each answer to the first caller with
 * the same input. A start page that declares none makes its calls as it draws.
 */
export function prefetchStartCalls(user: StoredUser, path: string): void {
  prefetchCall(getRpmVersion, VERSION_REQUEST, user);
  prefetchSessionCounts(user);
  startScreenCalls(user, path);
}
