import { checkSession, getIncompleteTaskCount, getRpmVersion, getUnreadCount } from '@rpm/shared';
import type { FakeServer } from './fake-server';

/**
 * Answers the calls the signed-in frame makes by itself (000 §4.1 session, the bell and task counts, the version
 * check of 001 §4) with quiet values: no unread notification, no open task, an old version, a live session.
 */
export function serveShellCalls(server: FakeServer): FakeServer {
  return server
    .on(getUnreadCount, { status: 1, data: [{ count: 0 }] })
    .on(getIncompleteTaskCount, { status: 1, count: 0 })
    .on(getRpmVersion, { status: 1, data: { value: '0.0.0' } })
    .on(checkSession, { status: 1, message: 'ok' });
}
