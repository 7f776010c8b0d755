import { HUB_EVENTS, sleepLockAck } from '@rpm/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useHubConnect, useHubEmit, useHubEvent, useHubRequest } from '../hub/HubProvider';

/** Where the reader stands with a study's lock (000 §4.11, issue 15 §2). */
export type StudyLock =
  | { readonly kind: 'taking' }
  /** Ours: `token` fences every interpretation write. */
  | { readonly kind: 'held'; readonly token: number }
  | { readonly kind: 'other'; readonly userName: string; readonly since: string }
  /** Ours no longer (broken by an administrator, lapsed): read-only until reopened. */
  | { readonly kind: 'lost' }
  | { readonly kind: 'failed'; readonly error: string };

/**
 * Takes the lock of study `testId` over the hub on open (SLEEP::LOCK; its acknowledgement, parsed with the shared
 * schema, gives the fencing token or the holder) and frees it on close (SLEEP::FREE). While another reader holds
 * it, their SLEEP::FREE broadcast lets this reader take it; a reconnect takes it again (the server keeps the
 * holder's token through a short drop). `lose()` turns a held lock read-only (a write answered 409).
 */
export function useStudyLock(
  testId: number,
  me: { readonly userId: number; readonly userName: string } | null,
): { readonly lock: StudyLock; readonly lose: () => void } {
  // The latest senders, so a new function identity never re-takes or frees the lock.
  const request = useHubRequest();
  const emit = useHubEmit();
  const hub = useRef({ request, emit });
  hub.current = { request, emit };
  const [lock, setLock] = useState<StudyLock>({ kind: 'taking' });
  const [attempt, setAttempt] = useState(0);
  /** Whether this view holds the lock now: what closing frees. */
  const held = useRef(false);
  const userId = me?.userId;
  const userName = me?.userName;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` only asks again.
  useEffect(() => {
    if (userId === undefined || userName === undefined) return;
    let current = true;
    const { request, emit } = hub.current;
    request(HUB_EVENTS.sleepLock, { testId, userId, userName }).then(
      (raw) => {
        const ack = sleepLockAck.safeParse(raw);
        const next: StudyLock = !ack.success
          ? { kind: 'failed', error: 'The server gave an unexpected answer.' }
          : ack.data.ok && ack.data.token !== undefined
            ? { kind: 'held', token: ack.data.token }
            : !ack.data.ok && ack.data.lockedBy
              ? { kind: 'other', userName: ack.data.lockedBy.userName, since: ack.data.lockedBy.since }
              : { kind: 'failed', error: ack.data.ok ? 'The server gave no lock token.' : ack.data.error };
        held.current = next.kind === 'held';
        if (current) setLock(next);
        // Closed while the answer was on its way: give the lock back at once.
        else if (held.current) emit(HUB_EVENTS.sleepFree, { testId, userId });
      },
      (error: unknown) => {
        if (current)
          setLock({ kind: 'failed', error: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [testId, userId, userName, attempt]);

  // Closing the view (or opening another study) frees the lock it holds.
  useEffect(
    () => () => {
      if (held.current && userId !== undefined) hub.current.emit(HUB_EVENTS.sleepFree, { testId, userId });
      held.current = false;
    },
    [testId, userId],
  );

  const again = () => setAttempt((n) => n + 1);
  useHubEvent(HUB_EVENTS.sleepFree, (event) => {
    if (event.testId === testId && lock.kind === 'other') again();
  });
  useHubEvent(HUB_EVENTS.sleepLock, (event) => {
    if (event.testId !== testId || event.userId === userId) return;
    // Someone else took it: ours was broken or lapsed, or the holder changed.
    if (lock.kind === 'held') {
      held.current = false;
      setLock({ kind: 'lost' });
    } else if (lock.kind === 'other')
      setLock({ kind: 'other', userName: event.userName, since: event.since ?? lock.since });
  });
  useHubConnect(() => {
    if (lock.kind === 'held' || lock.kind === 'failed' || lock.kind === 'taking') again();
  });

  const lose = useCallback(() => {
    held.current = false;
    setLock({ kind: 'lost' });
  }, []);
  return { lock, lose };
}
